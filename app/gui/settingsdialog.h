#pragma once
// Preferences: editor command, source folders, language, user kernel registry.
#include <QDialog>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    // Writes the dialog's values to Settings; returns whether the registry file changed (the loaded
    // traces must then be classified again).
    bool save();

private:
    QLineEdit *m_editor, *m_registry;
    QPlainTextEdit *m_sourceFolders;
    QComboBox *m_language;
};
