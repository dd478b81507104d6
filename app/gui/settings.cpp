#include "settings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace {
QVariant value(const char *key, const QVariant &fallback = {})
{
    return QSettings().value(QLatin1String(key), fallback);
}
void setValue(const char *key, const QVariant &v)
{
    QSettings().setValue(QLatin1String(key), v);
}
} // namespace

QStringList Settings::recentFiles()
{
    return value("recentFiles").toStringList();
}

void Settings::addRecentFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > maxRecentFiles)
        files.removeLast();
    setValue("recentFiles", files);
}

void Settings::clearRecentFiles()
{
    setValue("recentFiles", QStringList());
}

QString Settings::defaultEditorCommand()
{
    if (!QStandardPaths::findExecutable(QStringLiteral("code")).isEmpty())
        return QStringLiteral("code -g {file}:{line}");
    return QStringLiteral("xdg-open {file}");
}

QString Settings::editorCommand()
{
    const QString command = value("editorCommand").toString();
    return command.trimmed().isEmpty() ? defaultEditorCommand() : command;
}

void Settings::setEditorCommand(const QString &command)
{
    setValue("editorCommand", command.trimmed() == defaultEditorCommand() ? QString() : command.trimmed());
}

QStringList Settings::sourceFolders()
{
    return value("sourceFolders").toStringList();
}

void Settings::setSourceFolders(const QStringList &folders)
{
    setValue("sourceFolders", folders);
}

QString Settings::language()
{
    return value("language").toString();
}

void Settings::setLanguage(const QString &language)
{
    setValue("language", language);
}

QString Settings::registryFile()
{
    return value("registryFile").toString();
}

void Settings::setRegistryFile(const QString &path)
{
    setValue("registryFile", path);
}

bool Settings::wholeStepsOnly()
{
    return value("wholeStepsOnly", true).toBool();
}

void Settings::setWholeStepsOnly(bool on)
{
    setValue("wholeStepsOnly", on);
}

bool Settings::demangle()
{
    return value("demangle", true).toBool();
}

void Settings::setDemangle(bool on)
{
    setValue("demangle", on);
}

QByteArray Settings::windowGeometry()
{
    return value("window/geometry").toByteArray();
}

QByteArray Settings::windowState()
{
    return value("window/state").toByteArray();
}

QByteArray Settings::splitterState()
{
    return value("window/splitter").toByteArray();
}

void Settings::setWindowLayout(const QByteArray &geometry, const QByteArray &state, const QByteArray &splitter)
{
    setValue("window/geometry", geometry);
    setValue("window/state", state);
    setValue("window/splitter", splitter);
}

QString Settings::lastDirectory()
{
    return value("lastDirectory", QDir::homePath()).toString();
}

void Settings::setLastDirectory(const QString &dir)
{
    setValue("lastDirectory", dir);
}

QString Settings::lastTraceDirectory(int side)
{
    return value(side == 0 ? "lastDirectoryA" : "lastDirectoryB", lastDirectory()).toString();
}

void Settings::setLastTraceDirectory(int side, const QString &dir)
{
    setValue(side == 0 ? "lastDirectoryA" : "lastDirectoryB", dir);
    setLastDirectory(dir);
}
