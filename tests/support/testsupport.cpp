#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QFile>

namespace fusion::test {

QString sharedTracesDir()
{
    QString dir = qEnvironmentVariable("FUSIONSCOPE_SHARED_TRACES", QStringLiteral(FUSIONSCOPE_SHARED_TRACES));
    return QDir(dir).exists() ? QDir(dir).canonicalPath() : QString();
}

std::string sharedTrace(const char *relative)
{
    const QString dir = sharedTracesDir();
    return dir.isEmpty() ? std::string() : (dir + QLatin1Char('/') + QString::fromUtf8(relative)).toStdString();
}

QString testsDir() { return QStringLiteral(FUSIONSCOPE_TESTS_DIR); }
QString sourceDir() { return QStringLiteral(FUSIONSCOPE_SOURCE_DIR); }
QString binaryDir() { return QStringLiteral(FUSIONSCOPE_BINARY_DIR); }

std::string writeTempFile(const std::string &name, const std::string &bytes)
{
    static QTemporaryDir dir;
    const QString path = dir.path() + QLatin1Char('/') + QString::fromStdString(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes.data(), qint64(bytes.size()));
    return path.toStdString();
}

std::shared_ptr<Trace> loadJson(const std::string &json)
{
    static int n = 0;
    return loadTrace(writeTempFile("inline" + std::to_string(n++) + ".json", json));
}

} // namespace fusion::test
