#include "translationloader.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

QList<QPair<QString, QString>> TranslationLoader::languages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QString TranslationLoader::install(const QString &language)
{
    // Translators installed earlier (a language switch in the tests) must not shadow the new ones.
    static QList<QTranslator *> installed;
    for (QTranslator *t : std::as_const(installed)) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    installed.clear();

    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto *own = new QTranslator;
    // QTranslator::load(QLocale, …) tries de_DE, de, … so "de_AT" still finds German. A language we
    // do not ship gets the English catalogue, which holds the English plural forms.
    const QString prefix = QStringLiteral("fusionscope_"), dir = QStringLiteral(":/i18n");
    bool found = own->load(locale, QStringLiteral("fusionscope"), QStringLiteral("_"), dir);
    if (!found && !own->load(prefix + QStringLiteral("en"), dir))
        qWarning("fusionscope: the embedded English catalogue is missing");
    QCoreApplication::installTranslator(own);
    installed << own;
    if (!found)
        return QStringLiteral("en");
    auto *qt = new QTranslator;
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        installed << qt;
    } else {
        delete qt;
    }
    const QString name = locale.name();
    return name.startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : name.left(2);
}
