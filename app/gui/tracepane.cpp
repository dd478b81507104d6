#include "tracepane.h"

#include "analyzed/analyzedtrace.h"
#include "units.h"

#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QStyle>

TracePane::TracePane(Side side, QWidget *parent)
    : QFrame(parent), m_side(side), m_badge(new QLabel(this)), m_file(new QLabel(this)), m_note(new QLabel(this)),
      m_summary(new QLabel(this)), m_open(new QPushButton(this)), m_rank(new QComboBox(this)), m_body(new QStackedWidget(this)), m_details(new QWidget(this)),
      m_loading(new QWidget(this)), m_progress(new QProgressBar(this)), m_cancel(new QPushButton(this))
{
    setObjectName(side == SideA ? QStringLiteral("paneA") : QStringLiteral("paneB"));
    setFrameShape(QFrame::StyledPanel);
    setAcceptDrops(true);

    const QString letter = side == SideA ? QStringLiteral("A") : QStringLiteral("B");
    m_badge->setText(letter);
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setFixedSize(26, 26);
    m_badge->setStyleSheet(QStringLiteral("background: %1; color: white; border-radius: 13px; font-weight: bold;")
                               .arg(sideColor(side).name()));
    m_badge->setToolTip(side == SideA ? tr("Trace A (left)") : tr("Trace B (right)"));
    QFont bold = m_file->font();
    bold.setBold(true);
    m_file->setFont(bold);
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_file->setMinimumWidth(50);
    m_file->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_open->setText(tr("Open…"));
    m_open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    m_open->setToolTip(side == SideA ? tr("Open trace A") : tr("Open trace B"));
    connect(m_open, &QPushButton::clicked, this, &TracePane::openRequested);

    m_rank->setObjectName(QStringLiteral("rankChoice"));
    m_rank->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_rank->setToolTip(tr("The rank of the distributed run shown on this side; another one is loaded and compared again"));
    m_rank->hide();
    // activated: the user's choice only, not the list being filled.
    connect(m_rank, &QComboBox::activated, this, [this](int index) {
        const int member = m_rank->itemData(index).toInt();
        if (member != m_shownMember)
            emit rankChosen(member);
    });

    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    m_summary->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(m_badge);
    top->addWidget(m_file, 1);
    top->addWidget(m_summary, 1);
    top->addWidget(m_rank);
    top->addWidget(m_open);

    auto *grid = new QGridLayout(m_details);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(2);
    addField(QStringLiteral("label"), tr("Label"), 0, 0);
    addField(QStringLiteral("platform"), tr("Platform"), 1, 0);
    addField(QStringLiteral("gpu"), tr("GPU"), 2, 0);
    addField(QStringLiteral("framework"), tr("Framework"), 3, 0);
    addField(QStringLiteral("steps"), tr("Steps"), 4, 0, 3);
    addField(QStringLiteral("kernels"), tr("Kernels"), 0, 2);
    addField(QStringLiteral("gputime"), tr("GPU time"), 1, 2);
    addField(QStringLiteral("layers"), tr("Layers"), 2, 2);
    QLabel *warnings = addField(QStringLiteral("warnings"), tr("Warnings"), 3, 2);
    warnings->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    connect(warnings, &QLabel::linkActivated, this, [this] {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Warnings"),
                                    tr("%n warning(s) about %1:", nullptr, int(m_warnings.size()))
                                        .arg(QFileInfo(m_path).fileName()),
                                    QMessageBox::Close, this);
        box->setDetailedText(m_warnings.join(QLatin1Char('\n')));
        box->setInformativeText(m_warnings.mid(0, 5).join(QLatin1Char('\n')));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    auto *loadingLayout = new QHBoxLayout(m_loading);
    loadingLayout->setContentsMargins(0, 0, 0, 0);
    m_progress->setRange(0, 1000);
    m_progress->setFormat(QStringLiteral("%p%"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    connect(m_cancel, &QPushButton::clicked, this, &TracePane::cancelRequested);
    loadingLayout->addWidget(m_progress, 1);
    loadingLayout->addWidget(m_cancel);

    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setAlignment(Qt::AlignCenter);

    m_body->addWidget(m_note);
    m_body->addWidget(m_loading);
    m_body->addWidget(m_details);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addLayout(top);
    layout->addWidget(m_body);
    layout->addStretch();
    showEmpty();
}

QLabel *TracePane::addField(const QString &key, const QString &title, int row, int column, int columnSpan)
{
    auto *grid = static_cast<QGridLayout *>(m_details->layout());
    auto *name = new QLabel(title + QLatin1Char(':'), m_details);
    name->setForegroundRole(QPalette::PlaceholderText);
    auto *value = new QLabel(m_details);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Ignored: a long GPU or label string is clipped instead of widening the whole window.
    value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    value->setMinimumWidth(40);
    value->setObjectName(key);
    grid->addWidget(name, row, column);
    grid->addWidget(value, row, column + 1, 1, columnSpan);
    m_fields.insert(key, value);
    return value;
}

void TracePane::setCompact(bool compact)
{
    if (m_compact == compact)
        return;
    m_compact = compact;
    updateFolding();
}

QString TracePane::summaryText() const
{
    if (m_state != State::Loaded)
        return QString();
    return tr("%1 · %2 kernels · %3 · %4 layers")
        .arg(fieldText(QStringLiteral("gpu")), fieldText(QStringLiteral("kernels")),
             fieldText(QStringLiteral("gputime")), fieldText(QStringLiteral("layers")));
}

// Loading progress, errors and the drop hint stay visible when compact: only the details fold.
void TracePane::updateFolding()
{
    const bool fold = m_compact && m_state == State::Loaded;
    const bool changed = fold == m_body->isVisibleTo(this) || fold != m_summary->isVisibleTo(this);
    m_body->setVisible(!fold);
    m_summary->setText(fold ? summaryText() : QString());
    m_summary->setToolTip(m_summary->text());
    m_summary->setVisible(fold);
    layout()->activate();  // the new height now, for the window that fits its splitter to it
    if (changed)
        emit foldingChanged();
}

QString TracePane::fieldText(const QString &field) const
{
    if (field == QLatin1String("file"))
        return m_file->text();
    const QLabel *l = m_fields.value(field);
    return l ? l->text() : QString();
}

void TracePane::setFile(const QString &path)
{
    m_path = path;
    m_file->setText(path.isEmpty() ? (m_side == SideA ? tr("Trace A") : tr("Trace B")) : QFileInfo(path).fileName());
    m_file->setToolTip(path);
}

void TracePane::showEmpty(const QString &note)
{
    m_rank->hide();
    m_state = State::Empty;
    updateFolding();
    setFile(QString());
    m_note->setText(note.isEmpty() ? tr("Drop a trace file here, or click Open…") : note);
    m_note->setStyleSheet(QString());
    m_body->setCurrentWidget(m_note);
}

void TracePane::showLoading(const QString &path)
{
    if (path != m_path)
        m_rank->hide();  // another file: its ranks are not known yet
    m_rank->setEnabled(false);
    m_state = State::Loading;
    updateFolding();
    setFile(path);
    m_progress->setValue(0);
    m_body->setCurrentWidget(m_loading);
}

void TracePane::setProgress(double fraction)
{
    m_progress->setValue(int(fraction * 1000));
}

void TracePane::showError(const QString &path, const QString &message)
{
    m_state = State::Failed;
    m_rank->setEnabled(true);  // a rank that cannot be read: another one can be chosen
    updateFolding();
    setFile(path);
    m_note->setText(tr("Could not load this trace:\n%1").arg(message));
    m_note->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_body->setCurrentWidget(m_note);
}

void TracePane::showTrace(const QString &path, const fusion::AnalyzedTrace &t)
{
    m_state = State::Loaded;
    setFile(path);
    showRanks(t);
    const fusion::Trace &trace = *t.trace;
    auto set = [this](const char *key, const QString &text, const QString &tip = QString()) {
        QLabel *l = m_fields.value(QLatin1String(key));
        l->setText(text);
        l->setToolTip(tip.isEmpty() ? text : tip);
    };
    auto orUnknown = [](const std::string &s) { return s.empty() ? tr("unknown") : QString::fromStdString(s); };
    set("label", QString::fromStdString(trace.label));
    set("platform", QString::fromLatin1(fusion::platformLabel(trace.info.platform)),
        QString::fromStdString(trace.info.platformReason));
    set("gpu", trace.info.gpuName.empty() ? tr("not recorded") : QString::fromStdString(trace.info.gpuName));
    set("framework", orUnknown(trace.info.framework));
    set("kernels", tr("%1 (%n name(s))", nullptr, int(t.summary.byName.size())).arg(Units::count(t.summary.kernelCount)));
    set("gputime", Units::duration(t.summary.kernelTotal),
        tr("Sum of kernel durations; the kernels span %1 of wall time")
            .arg(Units::duration(t.summary.windowEnd - t.summary.windowStart)));
    // The profiler steps, and which kernels the analysis covers (Settings: whole steps only).
    const fusion::TraceSteps &steps = t.steps;
    uint64_t inScope = 0;
    for (fusion::Stage st : t.stages.ofKernel)
        inScope += st != fusion::Stage::Outside;
    QStringList stepTips;
    for (const fusion::Step &st : steps.steps)
        stepTips << tr("%1: %2 kernels, span %3, busy %4, idle %5")
                        .arg(QString::fromStdString(st.name), Units::count(st.time.kernels), Units::duration(st.time.span),
                             Units::duration(st.time.busy), Units::duration(st.time.idle));
    if (steps.steps.empty())
        set("steps", tr("none: every kernel is analysed"));
    else if (inScope == t.summary.kernelCount)
        set("steps", tr("%n step(s); the whole file is analysed", nullptr, int(steps.steps.size())),
            stepTips.join(QLatin1Char('\n')));
    else
        set("steps", tr("%n step(s): %1 of %2 kernels analysed", nullptr, int(steps.steps.size()))
                         .arg(Units::count(inScope), Units::count(t.summary.kernelCount)),
            stepTips.join(QLatin1Char('\n')) + QLatin1Char('\n')
                + tr("%1 kernels outside the scope are left out (toolbar: Scope)").arg(Units::count(t.summary.kernelCount - inScope)));
    const auto &layers = t.layers;
    set("layers", layers.layers.empty() ? tr("none found")
                                        : tr("%1 in %n pass(es)", nullptr, int(layers.passes))
                                              .arg(layers.layers.size()),
        QString::fromStdString(layers.method + (layers.blockName.empty() ? "" : ": " + layers.blockName)));
    m_warnings.clear();
    for (const std::string &w : t.summary.warnings)
        m_warnings << QString::fromStdString(w);
    QLabel *w = m_fields.value(QStringLiteral("warnings"));
    if (m_warnings.isEmpty()) {
        w->setText(tr("none"));
        w->setToolTip(QString());
    } else {
        w->setText(QStringLiteral("<a href=\"#warnings\">%1</a>").arg(tr("%n warning(s)", nullptr, int(m_warnings.size()))));
        w->setToolTip(m_warnings.join(QLatin1Char('\n')));
    }
    m_body->setCurrentWidget(m_details);
    updateFolding();
}

void TracePane::showRanks(const fusion::AnalyzedTrace &t)
{
    const fusion::Trace &trace = *t.trace;
    m_rank->clear();
    m_shownMember = -1;
    for (size_t i = 0; i < trace.members.size(); ++i) {
        const fusion::TraceMember &m = trace.members[i];
        const QString file = QString::fromStdString(m.member.empty() ? m.path : m.member);
        m_rank->addItem(m.rank >= 0 ? tr("rank %1").arg(m.rank) : QFileInfo(file).fileName(), int(i));
        m_rank->setItemData(int(i),
                            m.rankSource == fusion::RankSource::Field ? tr("%1\nrank from its distributedInfo.rank field").arg(file)
                            : m.rankSource == fusion::RankSource::Name ? tr("%1\nrank from its file name").arg(file)
                                                                       : tr("%1\nrank unknown").arg(file),
                            Qt::ToolTipRole);
        if (m.path == trace.source.path && m.member == trace.source.member)
            m_shownMember = int(i);
    }
    m_rank->setCurrentIndex(std::max(0, m_shownMember));
    m_rank->setEnabled(true);
    m_rank->setVisible(trace.members.size() > 1);
}

void TracePane::setHighlighted(bool on)
{
    setStyleSheet(on ? QStringLiteral("TracePane { border: 2px dashed %1; }").arg(sideColor(m_side).name())
                     : QString());
}

void TracePane::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        event->acceptProposedAction();
        setHighlighted(true);
    }
}

void TracePane::dragLeaveEvent(QDragLeaveEvent *event)
{
    setHighlighted(false);
    QFrame::dragLeaveEvent(event);
}

void TracePane::dropEvent(QDropEvent *event)
{
    setHighlighted(false);
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    emit fileDropped(urls.first().toLocalFile());
}
