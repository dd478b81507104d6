// The window on a small screen (1024 × 600, a laptop with a docked panel): every tab fits without
// growing the window, the trace headers fold into one line each, the kernel names keep a readable
// width, and a large window unfolds the headers again.
#include "guitestsupport.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"
#include "tracepane.h"
#include "translationloader.h"

#include <QHeaderView>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace fusion;
using namespace fusion::test;

namespace {
// The widgets that ask for more width than a small screen has, for the failure message.
QString tooWide(QWidget *root, int limit)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>())
        if (w->isVisible() && w->minimumSizeHint().width() > limit)
            out << QStringLiteral("%1(%2) %3").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                       .arg(w->minimumSizeHint().width());
    return out.join(QStringLiteral(", "));
}
} // namespace

class SmallScreenTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase()
    {
        REQUIRE_SHARED_TRACES();
        resetSettings();
        TranslationLoader::install(QStringLiteral("en"));
        m_w = std::make_unique<MainWindow>();
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
        m_w->openTrace(SideA, QString::fromStdString(qwenTrace(SideA)));
        m_w->openTrace(SideB, QString::fromStdString(qwenTrace(SideB)));
        QVERIFY(waitUntilIdle(*m_w));
    }
    void cleanupTestCase() { m_w.reset(); }

    void everyTabFits1024By600()
    {
        m_w->resize(1024, 600);
        for (int t = 0; t < m_w->tabs()->count(); ++t) {
            m_w->tabs()->setCurrentIndex(t);
            QTest::qWait(20);
            QVERIFY2(m_w->width() <= 1024 && m_w->height() <= 600,
                     qPrintable(QStringLiteral("%1: %2 x %3; too wide: %4")
                                    .arg(m_w->tabs()->tabText(t)).arg(m_w->width()).arg(m_w->height())
                                    .arg(tooWide(m_w.get(), 1000))));
        }
    }

    void theHeadersFoldOnASmallScreenAndUnfoldOnALargeOne()
    {
        m_w->resize(1024, 600);
        QTest::qWait(20);
        for (Side s : {SideA, SideB}) {
            QVERIFY(m_w->pane(s)->isCompact());
            QVERIFY2(m_w->pane(s)->height() <= 60, qPrintable(QString::number(m_w->pane(s)->height())));
        }
        // The one line still says which trace it is and how big.
        QVERIFY(m_w->pane(SideA)->summaryText().contains(QStringLiteral("1,465")));
        m_w->resize(1440, 900);
        QTest::qWait(20);
        for (Side s : {SideA, SideB}) {
            QVERIFY(!m_w->pane(s)->isCompact());
            QVERIFY(m_w->pane(s)->height() > 100);  // the details are back
        }
    }

    void kernelNamesKeepAReadableWidth()
    {
        m_w->resize(1024, 600);
        m_w->tabs()->setCurrentWidget(m_w->kernelPage());
        QTest::qWait(20);
        QTableView *v = m_w->kernelPage()->view();
        for (int c : {int(KernelTableModel::NameA), int(KernelTableModel::NameB)})
            QVERIFY2(v->columnWidth(c) >= 150, qPrintable(QString::number(v->columnWidth(c))));
    }

private:
    std::unique_ptr<MainWindow> m_w;
};

QTEST_MAIN(SmallScreenTest)
#include "tst_smallscreen.moc"
