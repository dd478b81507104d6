#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QFile>
#include <QProcess>

#include <sys/resource.h>

namespace fusion::test {

namespace {
constexpr rlim_t kAddressSpace = rlim_t(1536) << 20;  // 1.5 GB: the corpus' bombs expand to 200 MB
} // namespace

QString cliPath() { return binaryDir() + QStringLiteral("/app/cli/fusionscope-cli"); }

CliOutcome runCli(const QStringList &args, const QString &workDir, const QString &program)
{
    QProcess p;
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    p.setChildProcessModifier([] {
        if (!kSanitized) {
            const rlimit lim{kAddressSpace, kAddressSpace};
            setrlimit(RLIMIT_AS, &lim);
        }
        const rlimit noCore{0, 0};
        setrlimit(RLIMIT_CORE, &noCore);
    });
    p.start(program, args);
    CliOutcome o;
    if (!p.waitForStarted(10000))
        return o;
    o.finished = p.waitForFinished(kCliTimeoutMs);
    if (!o.finished) {
        p.kill();
        p.waitForFinished(5000);
        return o;
    }
    o.crashed = p.exitStatus() == QProcess::CrashExit;
    o.exitCode = p.exitCode();
    o.out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    o.errLines = err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return o;
}

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
