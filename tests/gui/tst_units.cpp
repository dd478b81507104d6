// Times and ratios as people read them: three significant digits, µs below a millisecond, a real
// minus sign, and plain µs for CSV.
#include "guitestsupport.h"
#include "units.h"

#include <QLocale>
#include <QTest>

class UnitsTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { fusion::test::prepareGuiTestEnvironment(); }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void durationsPickTheirUnit_data();
    void durationsPickTheirUnit();
    void differencesCarryTheirSign();
    void ratiosAndPercentages();
    void csvNumbersIgnoreTheLocale();
};

void UnitsTest::durationsPickTheirUnit_data()
{
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("text");
    QTest::newRow("ns") << qint64(850) << QStringLiteral("850 ns");
    QTest::newRow("µs") << qint64(12'345) << QStringLiteral("12.3 µs");
    QTest::newRow("small µs") << qint64(4'480) << QStringLiteral("4.48 µs");
    QTest::newRow("large µs") << qint64(906'000) << QStringLiteral("906 µs");
    QTest::newRow("ms") << qint64(9'100'000) << QStringLiteral("9.10 ms");
    QTest::newRow("s") << qint64(1'234'000'000) << QStringLiteral("1.23 s");
}

void UnitsTest::durationsPickTheirUnit()
{
    QFETCH(qint64, ns);
    QFETCH(QString, text);
    QCOMPARE(Units::duration(ns), text);
}

void UnitsTest::differencesCarryTheirSign()
{
    QCOMPARE(Units::signedDuration(1'470'000), QStringLiteral("+1.47 ms"));
    QCOMPARE(Units::signedDuration(-665'000), QStringLiteral("\u2212665 µs"));
    QCOMPARE(Units::signedDuration(0), QStringLiteral("0 ns"));
}

void UnitsTest::ratiosAndPercentages()
{
    QCOMPARE(Units::ratio(1.3), QStringLiteral("1.30×"));
    QCOMPARE(Units::ratio(12.04), QStringLiteral("12.0×"));
    QCOMPARE(Units::ratio(0), QStringLiteral("\u2013"));
    QCOMPARE(Units::percent(0.211), QStringLiteral("21.1 %"));
    QCOMPARE(Units::percent(0.0006), QStringLiteral("0.06 %"));
    QCOMPARE(Units::count(1465), QStringLiteral("1,465"));
}

void UnitsTest::csvNumbersIgnoreTheLocale()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(Units::duration(12'345), QStringLiteral("12,3 µs"));
    QCOMPARE(Units::csvMicroseconds(12'345), QStringLiteral("12.345"));
    QCOMPARE(Units::stage(fusion::Stage::Decode, true), QStringLiteral("decode"));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

QTEST_MAIN(UnitsTest)
#include "tst_units.moc"
