#pragma once
// One side's header: which file, what it is (label, platform, GPU, framework) and how big (kernels,
// GPU time, layers, warnings). Accepts dropped files and shows loading progress with a Cancel button.
// For a run of several ranks (a directory or archive), a choice of the rank shown.
#include "side.h"

#include <QFrame>

namespace fusion {
struct AnalyzedTrace;
}
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStackedWidget;

class TracePane : public QFrame {
    Q_OBJECT
public:
    enum class State { Empty, Loading, Loaded, Failed };

    explicit TracePane(Side side, QWidget *parent = nullptr);

    void showEmpty(const QString &note = QString());
    void showLoading(const QString &path);
    void setProgress(double fraction);
    void showTrace(const QString &path, const fusion::AnalyzedTrace &trace);
    void showError(const QString &path, const QString &message);

    State state() const { return m_state; }
    Side side() const { return m_side; }
    QString path() const { return m_path; }
    QString fieldText(const QString &field) const;  // "label", "platform", "gpu", … (tests, screenshots)
    // Compact: a loaded trace's details fold into one line next to the file name (small screens).
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    QString summaryText() const;  // that line: GPU · kernels · GPU time · layers
    QComboBox *rankChoice() const { return m_rank; }  // hidden unless the file holds several ranks

signals:
    void openRequested();
    void fileDropped(const QString &path);
    void cancelRequested();
    void rankChosen(int member);  // the user picked another of the run's traces (index into its listing)
    void foldingChanged();  // the details folded or unfolded: the pane's height changed

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // columnSpan: grid columns the value takes (a long value can run under the fields to its right).
    QLabel *addField(const QString &key, const QString &title, int row, int column, int columnSpan = 1);
    void setFile(const QString &path);
    void setHighlighted(bool on);
    void updateFolding();
    void showRanks(const fusion::AnalyzedTrace &trace);

    Side m_side;
    State m_state = State::Empty;
    QString m_path;
    QLabel *m_badge, *m_file, *m_note, *m_summary;
    bool m_compact = false;
    QPushButton *m_open;
    QComboBox *m_rank;
    int m_shownMember = -1;  // the item of the trace shown
    QStackedWidget *m_body;
    QWidget *m_details, *m_loading;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QMap<QString, QLabel *> m_fields;
    QStringList m_warnings;
};
