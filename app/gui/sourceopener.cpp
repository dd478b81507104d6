#include "sourceopener.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>

QString SourceOpener::resolve(const QString &file, const QStringList &searchFolders)
{
    if (file.isEmpty())
        return QString();
    const QFileInfo direct(file);
    if (direct.isAbsolute() && direct.isFile())
        return direct.absoluteFilePath();
    // "/opt/venv/lib/python3.10/site-packages/transformers/models/qwen2/modeling_qwen2.py" is found
    // under a source folder as "transformers/models/qwen2/modeling_qwen2.py", and so on down to the
    // bare file name.
    const QStringList parts = QDir::fromNativeSeparators(file).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (qsizetype first = 0; first < parts.size(); ++first) {
        const QString suffix = parts.mid(first).join(QLatin1Char('/'));
        for (const QString &folder : searchFolders) {
            if (folder.isEmpty())
                continue;
            const QFileInfo candidate(QDir(folder).filePath(suffix));
            if (candidate.isFile())
                return candidate.absoluteFilePath();
        }
    }
    return QString();
}

QStringList SourceOpener::command(const QString &commandLine, const QString &file, int line)
{
    QStringList args = QProcess::splitCommand(commandLine);
    for (QString &a : args) {
        a.replace(QStringLiteral("{file}"), file);
        a.replace(QStringLiteral("{line}"), QString::number(std::max(1, line)));
    }
    return args;
}

bool SourceOpener::open(const QString &commandLine, const QString &file, int line, QString *error)
{
    QStringList args = command(commandLine, file, line);
    if (args.isEmpty()) {
        if (error)
            *error = tr("The editor command is empty.");
        return false;
    }
    const QString program = args.takeFirst();
    if (!QProcess::startDetached(program, args)) {
        if (error)
            *error = tr("Could not start \"%1\".").arg(program);
        return false;
    }
    return true;
}
