#pragma once
// An in-window message bar (in the spirit of KMessageWidget): errors and warnings appear above the
// panes instead of in modal dialogs, so a bad file never blocks the window. Messages have keys so
// that, say, a successful reload of trace A removes the error about trace A and nothing else.
#include <QFrame>
#include <QMap>
#include <QStringList>

class QLabel;
class QToolButton;

class MessageBar : public QFrame {
    Q_OBJECT
public:
    enum Type { Information, Warning, Error };

    explicit MessageBar(QWidget *parent = nullptr);

    void showMessage(Type type, const QString &text, const QString &key = QString());
    void clearMessage(const QString &key);
    void clearAll();

    QString text() const;  // every message shown, one per line (for tests and screenshots)
    QStringList texts(Type type) const;  // the messages of one type
    Type type() const { return m_type; }
    bool hasMessages() const { return !m_messages.isEmpty(); }

private:
    struct Message {
        Type type = Information;
        QString text;
    };
    void update();

    QMap<QString, Message> m_messages;  // by key, shown in key order
    QLabel *m_icon, *m_label;
    QToolButton *m_close;
    Type m_type = Information;
};
