#include "settingsdialog.h"

#include "settings.h"
#include "translationloader.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent), m_editor(new QLineEdit(this)), m_registry(new QLineEdit(this)),
      m_sourceFolders(new QPlainTextEdit(this)), m_language(new QComboBox(this))
{
    setWindowTitle(tr("Settings"));
    auto *form = new QFormLayout;

    m_editor->setText(Settings::editorCommand());
    m_editor->setPlaceholderText(Settings::defaultEditorCommand());
    form->addRow(tr("&Editor command:"), m_editor);
    auto *editorHelp = new QLabel(tr("{file} and {line} are replaced, e.g. \"code -g {file}:{line}\", "
                                     "\"kate {file} --line {line}\" or \"xdg-open {file}\"."),
                                  this);
    editorHelp->setWordWrap(true);
    editorHelp->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), editorHelp);

    m_sourceFolders->setPlainText(Settings::sourceFolders().join(QLatin1Char('\n')));
    m_sourceFolders->setPlaceholderText(tr("One folder per line, e.g. a checkout of the model's code"));
    m_sourceFolders->setMaximumHeight(90);
    form->addRow(tr("&Source folders:"), m_sourceFolders);

    m_language->addItem(tr("System default"), QString());
    for (const auto &[code, name] : TranslationLoader::languages())
        m_language->addItem(name, code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(Settings::language())));
    form->addRow(tr("&Language:"), m_language);
    auto *languageHelp = new QLabel(tr("Takes effect when FusionScope starts again."), this);
    languageHelp->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), languageHelp);

    auto *registryRow = new QHBoxLayout;
    m_registry->setText(Settings::registryFile());
    m_registry->setPlaceholderText(tr("Built-in registry only"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Kernel registry"), m_registry->text(),
                                                          tr("YAML files (*.yaml *.yml);;All files (*)"));
        if (!path.isEmpty())
            m_registry->setText(path);
    });
    registryRow->addWidget(m_registry, 1);
    registryRow->addWidget(browse);
    // A row holding a layout gets no buddy on its own; without one the '&' would show literally.
    auto *registryLabel = new QLabel(tr("Kernel &registry:"), this);
    registryLabel->setBuddy(m_registry);
    form->addRow(registryLabel, registryRow);
    auto *registryHelp = new QLabel(tr("Read before the built-in registry; its patterns win."), this);
    registryHelp->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), registryHelp);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

bool SettingsDialog::save()
{
    Settings::setEditorCommand(m_editor->text());
    QStringList folders;
    for (const QString &line : m_sourceFolders->toPlainText().split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            folders << line.trimmed();
    Settings::setSourceFolders(folders);
    Settings::setLanguage(m_language->currentData().toString());
    const bool registryChanged = m_registry->text().trimmed() != Settings::registryFile();
    Settings::setRegistryFile(m_registry->text().trimmed());
    return registryChanged;
}
