#pragma once
// A sentence in the middle of an item view while it shows no rows, saying why: no trace yet, the
// comparison still running, a stage the traces do not have, a filter that matches nothing. An empty
// grid alone leaves the user guessing whether something failed.
#include <QObject>
#include <functional>

class QAbstractItemView;
class QLabel;

class EmptyState : public QObject {
    Q_OBJECT
public:
    // `reason` is asked each time the view turns empty (or the window calls update()).
    EmptyState(QAbstractItemView *view, std::function<QString()> reason);
    void update();
    QString text() const;  // what is shown now; empty while the view has rows

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place();

    QAbstractItemView *m_view;
    QLabel *m_label;
    std::function<QString()> m_reason;
};
