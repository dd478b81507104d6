#include "emptystate.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QLabel>

EmptyState::EmptyState(QAbstractItemView *view, std::function<QString()> reason)
    : QObject(view), m_view(view), m_label(new QLabel(view->viewport())), m_reason(std::move(reason))
{
    m_label->setObjectName(view->objectName() + QStringLiteral("EmptyState"));
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setWordWrap(true);
    m_label->setEnabled(false);  // the palette's quiet text colour
    m_label->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_label->hide();
    view->viewport()->installEventFilter(this);
    auto *model = view->model();
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &EmptyState::update);
        connect(model, &QAbstractItemModel::rowsInserted, this, &EmptyState::update);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &EmptyState::update);
        connect(model, &QAbstractItemModel::layoutChanged, this, &EmptyState::update);
    }
    update();
}

void EmptyState::update()
{
    const bool empty = !m_view->model() || m_view->model()->rowCount() == 0;
    m_label->setText(empty ? m_reason() : QString());
    m_label->setVisible(empty && !m_label->text().isEmpty());
    place();
}

QString EmptyState::text() const
{
    return m_label->isVisibleTo(m_view) ? m_label->text() : QString();
}

bool EmptyState::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize)
        place();
    return QObject::eventFilter(watched, event);
}

void EmptyState::place()
{
    const QRect area = m_view->viewport()->rect();
    const int width = std::min(area.width() - 24, 560);
    const int height = m_label->heightForWidth(width);
    m_label->setGeometry(QRect(area.center().x() - width / 2, area.top() + std::max(24, area.height() / 3 - height / 2),
                               width, std::max(height, m_label->sizeHint().height())));
}
