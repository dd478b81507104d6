// When the applications start again with huge pages for malloc, and that they really do: this
// suite's own binary, started with --restart-and-report, calls useForMalloc as an application's main
// does and prints the GLIBC_TUNABLES it was started with, and the one it runs on with.
#include "util/hugepages.h"

#include <QProcess>
#include <QTest>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

using namespace fusion;
using hugepages::Setting;
using hugepages::tunablesToRestartWith;

namespace {
constexpr const char *kReport = "--restart-and-report";
const std::string kAdvised = "always [madvise] never";
// Huge pages, and one arena for all threads (glibc leaves other arenas on 4 KiB pages).
const char *const kBoth = "glibc.malloc.hugetlb=1:glibc.malloc.arena_max=1";
const std::optional<std::string> kNone;
std::optional<std::string> some(const char *s) { return std::string(s); }
}

class HugePagesTest : public QObject {
    Q_OBJECT
private slots:
    void restartsOnlyWhereHugePagesMustBeAskedFor();
    void keepsTheUsersTunables();
    void theProgramRunsAgainWithTheTunable();
};

void HugePagesTest::restartsOnlyWhereHugePagesMustBeAskedFor()
{
    QCOMPARE(tunablesToRestartWith({nullptr, nullptr, nullptr, kAdvised}), some(kBoth));
    // malloc already gets huge pages, or can never get them, or the machine does not say.
    QCOMPARE(tunablesToRestartWith({nullptr, nullptr, nullptr, "[always] madvise never"}), kNone);
    QCOMPARE(tunablesToRestartWith({nullptr, nullptr, nullptr, "always madvise [never]"}), kNone);
    QCOMPARE(tunablesToRestartWith({nullptr, nullptr, nullptr, ""}), kNone);
    // Opted out; any other value of the variable keeps the default.
    QCOMPARE(tunablesToRestartWith({nullptr, "0", nullptr, kAdvised}), kNone);
    QCOMPARE(tunablesToRestartWith({nullptr, "1", nullptr, kAdvised}), some(kBoth));
    // Under valgrind, whose tools preload their own malloc.
    QCOMPARE(tunablesToRestartWith({nullptr, nullptr, "/usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so", kAdvised}),
             kNone);
    QCOMPARE(tunablesToRestartWith({nullptr, nullptr, "libfoo.so", kAdvised}), some(kBoth));
}

void HugePagesTest::keepsTheUsersTunables()
{
    // Added to what the user set; a hugetlb the user chose (any value) is left alone.
    QCOMPARE(tunablesToRestartWith({"glibc.malloc.check=3", nullptr, nullptr, kAdvised}),
             some("glibc.malloc.check=3:glibc.malloc.hugetlb=1:glibc.malloc.arena_max=1"));
    QCOMPARE(tunablesToRestartWith({"", nullptr, nullptr, kAdvised}), some(kBoth));
    // Arenas the user chose are theirs too.
    QCOMPARE(tunablesToRestartWith({"glibc.malloc.arena_max=4", nullptr, nullptr, kAdvised}),
             some("glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1"));
    QCOMPARE(tunablesToRestartWith({"glibc.malloc.hugetlb=0", nullptr, nullptr, kAdvised}), kNone);
    QCOMPARE(tunablesToRestartWith({"glibc.malloc.check=3:glibc.malloc.hugetlb=1", nullptr, nullptr, kAdvised}), kNone);
}

void HugePagesTest::theProgramRunsAgainWithTheTunable()
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    QSKIP("built with a sanitizer, whose allocator replaces malloc: the program never restarts");
#endif
    std::string mode;
    std::getline(std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"), mode);
    const bool advised = mode.find("[madvise]") != std::string::npos;
    const auto run = [](const QStringList &env) {
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.remove("GLIBC_TUNABLES");
        e.remove("FUSIONSCOPE_HUGEPAGES");
        for (const QString &kv : env)
            e.insert(kv.section('=', 0, 0), kv.section('=', 1));
        p.setProcessEnvironment(e);
        p.start(QCoreApplication::applicationFilePath(), {kReport});
        p.waitForFinished(30000);
        return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    };
    // What the child was started with (its /proc/self/environ), whether it knows it restarted, and
    // what its environment holds afterwards: the user's GLIBC_TUNABLES, put back. (The arena count
    // after the huge pages is cut off, see below: restartsOnlyWhereHugePagesMustBeAskedFor checks it.)
    QCOMPARE(run({}), advised ? QString("started with glibc.malloc.hugetlb=1; active; now (unset)")
                              : QString("started with (unset); not active; now (unset)"));
    // glibc cuts the started-with text at the first ':' as it reads several tunables, so only the
    // restart and the value put back tell here.
    QCOMPARE(run({"GLIBC_TUNABLES=glibc.malloc.check=3"}),
             advised ? QString("started with glibc.malloc.check=3; active; now glibc.malloc.check=3")
                     : QString("started with glibc.malloc.check=3; not active; now glibc.malloc.check=3"));
    QCOMPARE(run({"FUSIONSCOPE_HUGEPAGES=0"}), QString("started with (unset); not active; now (unset)"));
    if (!advised)
        QSKIP(qPrintable("this machine's transparent huge pages are \"" + QString::fromStdString(mode)
                         + "\", not madvise: the restart was checked not to happen"));
}

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], kReport) == 0) {
        hugepages::useForMalloc(argv);
        // The environment the kernel started this process with, which setenv does not change.
        std::ifstream environ("/proc/self/environ", std::ios::binary);
        std::string started = "(unset)";
        for (std::string entry; std::getline(environ, entry, '\0');)
            if (entry.starts_with("GLIBC_TUNABLES="))
                started = entry.substr(std::strlen("GLIBC_TUNABLES="));
        const char *now = std::getenv("GLIBC_TUNABLES");
        std::printf("started with %s; %s; now %s\n", started.c_str(), hugepages::activeForMalloc() ? "active" : "not active",
                    now ? now : "(unset)");
        return 0;
    }
    QCoreApplication app(argc, argv);
    HugePagesTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_hugepages.moc"
