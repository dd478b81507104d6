#pragma once
// Sorting and filtering of the kernel table: a text filter over names and operation, and an
// operation filter. Sorting uses ModelRoles::Sort so that "9.5 ms" sorts after "850 µs".
#include <QSortFilterProxyModel>

class KernelFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit KernelFilterProxy(QObject *parent = nullptr);

    void setText(const QString &text);
    QString text() const { return m_text; }
    void setOperation(const QString &op);  // empty: every operation
    QString operation() const { return m_op; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text, m_op;
};
