#pragma once
// Chooses and installs the user-interface language: --lang, else the saved setting, else the system
// locale. FusionScope's own catalogue is embedded (:/i18n); Qt's comes from the Qt installation.
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

class TranslationLoader {
    Q_DECLARE_TR_FUNCTIONS(TranslationLoader)
public:
    // (code, native name) of every language FusionScope ships, English first.
    static QList<QPair<QString, QString>> languages();
    // Installs translators for `language` ("" = system locale) and sets the default QLocale.
    // Returns the language code used ("en" when no catalogue matches).
    static QString install(const QString &language);
};
