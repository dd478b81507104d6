#include "messagebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <algorithm>

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent), m_icon(new QLabel(this)), m_label(new QLabel(this)), m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setTextFormat(Qt::PlainText);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Dismiss"));
    connect(m_close, &QToolButton::clicked, this, &MessageBar::clearAll);
    hide();
}

void MessageBar::showMessage(Type type, const QString &text, const QString &key)
{
    m_messages.insert(key, Message{type, text});
    update();
}

void MessageBar::clearMessage(const QString &key)
{
    if (m_messages.remove(key))
        update();
}

void MessageBar::clearAll()
{
    m_messages.clear();
    update();
}

QString MessageBar::text() const
{
    QStringList lines;
    for (const Message &m : m_messages)
        lines << m.text;
    return lines.join(QLatin1Char('\n'));
}

QStringList MessageBar::texts(Type type) const
{
    QStringList out;
    for (const Message &m : m_messages)
        if (m.type == type)
            out << m.text;
    return out;
}

void MessageBar::update()
{
    if (m_messages.isEmpty()) {
        hide();
        return;
    }
    m_type = Information;
    for (const Message &m : m_messages)
        m_type = std::max(m_type, m.type);
    m_label->setText(text());
    // Light tints with dark text stay readable with any widget style; the frame colour carries the type.
    QString background, border;
    QStyle::StandardPixmap icon;
    switch (m_type) {
    case Error:
        background = QStringLiteral("#fbe3e1");
        border = QStringLiteral("#c0392b");
        icon = QStyle::SP_MessageBoxCritical;
        break;
    case Warning:
        background = QStringLiteral("#fdf2d0");
        border = QStringLiteral("#c99a06");
        icon = QStyle::SP_MessageBoxWarning;
        break;
    default:
        background = QStringLiteral("#e1eefb");
        border = QStringLiteral("#2f6db5");
        icon = QStyle::SP_MessageBoxInformation;
        break;
    }
    setStyleSheet(QStringLiteral("QFrame#messageBar { background: %1; border: 1px solid %2; border-radius: 4px; }"
                                 "QFrame#messageBar QLabel { color: #1e1e1e; background: transparent; }")
                      .arg(background, border));
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(size, size));
    show();
}
