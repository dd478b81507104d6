#pragma once
// The custom-painted timeline: trace A's tracks above trace B's, the layers of each as bands with
// connectors between matched layers, a time axis, an op legend. Everything is drawn with QPainter
// from the TimelineLod runs of each track; no item per kernel exists anywhere.
//
// Selection: one current kernel (outlined), optionally within a highlighted set of kernels on both
// traces (a kernel-table row: every kernel of that name, or of an aligned pair of names), which N / P
// step through. The stage (prefill / decode) greys the other stages' kernels and layers; they are
// not hit, selected or counted.
#include "side.h"
#include "timelinelod.h"
#include "timelinemodel.h"
#include "timelinezoom.h"

#include <QColor>
#include <QFont>
#include <QWidget>
#include <memory>
#include <optional>

namespace fusion {
struct Comparison;
struct KernelPair;
}

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    // Row heights in device-independent pixels.
    static constexpr int kGutter = 170, kAxis = 26, kHeader = 22, kTrack = 18, kBand = 18, kGap = 34,
                         kLegendLine = 18, kRightMargin = 8;
    static constexpr QRgb kAccent = qRgb(232, 150, 0);  // the highlighted set and the counterpart lines

    explicit TimelineWidget(QWidget *parent = nullptr);
    ~TimelineWidget() override;

    // New traces start afresh (whole view, nothing selected); the same traces with another
    // comparison keep the zoom and the range selection.
    void setContent(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                    std::shared_ptr<const fusion::Comparison> comparison);
    void setLabels(const QString &labelA, const QString &labelB);
    void setCpuRowsVisible(bool visible);  // CPU launches and annotations
    bool cpuRowsVisible() const { return m_cpuRows; }
    // -1: each trace's first kernel at 0; otherwise both traces' layers of that layer pair at 0.
    void alignAtLayerPair(int pair);
    int alignedPair() const { return m_alignedPair; }
    // Aligns at the layer pair and zooms so both its layers fill the view, A's band selected.
    void showLayerPair(int pair);
    // Selects a layer's band and zooms to it (a layer of a trace compared with nothing).
    void showLayer(Side side, int layer);
    // The kernels of the other trace the kernel-level alignment paired `id` with (empty when none).
    std::vector<uint32_t> counterparts(Side side, uint32_t id) const;
    // Kernels of other stages greyed and left out of hits, selection and range statistics; a stage
    // other than All zooms to the stage's kernels (Back returns), All shows the whole trace.
    void setStage(fusion::Stage stage);
    fusion::Stage stage() const { return m_stage; }

    TimelineZoom *zoom() const { return m_zoom; }
    const TimelineModel &model(Side s) const { return m_model[s]; }
    const fusion::Comparison *comparison() const { return m_comparison.get(); }
    TimelineLod &lod() { return m_lod; }

    // Geometry, for painting, hit tests and the tests.
    QRect plotRect() const;
    TimelineMapping mapping(Side s) const;
    double xOfTime(Side s, double axisNs) const { return mapping(s).xOf(axisNs); }
    double timeAtX(Side s, double x) const { return mapping(s).timeAt(x); }
    QRect trackRect(Side s, int track) const;  // the plot part of a track's row
    QRect bandRect(Side s) const;
    std::optional<Side> sideAt(int y) const;

    // The Shift-drag range, in axis time (shared by both sides), and what it holds per trace.
    void setRangeSelection(double t0, double t1);
    void clearRangeSelection();
    bool hasRangeSelection() const { return m_rangeSel.has_value(); }
    std::pair<double, double> rangeSelection() const { return m_rangeSel.value_or(std::pair{0.0, 0.0}); }
    TimelineRangeStats rangeStats(Side s) const;
    QString rangeSummary() const;  // both traces, for the label under the view

    std::optional<std::pair<Side, uint32_t>> selectedKernel() const { return m_selected; }
    // The highlighted set (ascending ids of the stage; empty when a single kernel is selected) and
    // the current kernel's place in its side's part of it (0-based; -1 without a set).
    const std::vector<uint32_t> &highlighted(Side s) const { return m_highlight[s]; }
    bool hasHighlight() const { return !m_highlight[SideA].empty() || !m_highlight[SideB].empty(); }
    int highlightIndex() const;
    QString highlightSummary() const;  // "Kernel 3 of 48 in A · 52 kernels in B", empty without a set
    bool hasSelection() const { return m_rangeSel || m_selected || m_selectedLayer; }  // anything F can fit
    QString toolTipAt(const QPoint &pos) const;
    QColor opColor(const QString &op) const;
    double lastFrameMs() const { return m_lastFrameMs; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    // From outside (tables, pattern tree): selects the kernel and brings it into view; emits only
    // selectionChanged. False (and nothing changes) for a kernel outside the stage.
    bool selectKernel(Side side, uint32_t id, bool scrollTo = true);
    // A set of kernels on both traces, highlighted; the first kernel of `side` (else of the other
    // side) in the stage becomes the current one and comes into view. Kernels outside the stage are
    // left out; false when none is left. One kernel in all is a plain selection.
    bool selectKernels(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b, Side side,
                       bool scrollTo = true);
    void selectNext();      // the next kernel of the set on the current kernel's side (N), wrapping
    void selectPrevious();  // (P)
    void clearHighlight();  // keeps the current kernel selected
    void fitSelection();  // the latest of range, kernel and layer selected
    void resetZoom();
    void zoomBack();

signals:
    void kernelSelected(Side side, uint32_t id);  // by a click here
    void selectionChanged();                      // the current kernel or the highlighted set, by any means
    void layerSelected(Side side, int layer);     // a band clicked
    void rangeSelectionChanged();

protected:
    bool event(QEvent *e) override;
    void paintEvent(QPaintEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void mouseReleaseEvent(QMouseEvent *e) override;
    void wheelEvent(QWheelEvent *e) override;
    void keyPressEvent(QKeyEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;

private:
    struct Row {
        enum Kind { Header, Track, Band, Connectors } kind;
        Side side;
        int track;
        int y, h;
    };
    struct Hit {
        Side side = SideA;
        int track = -1;
        size_t index = size_t(-1);  // event in the track
        int layer = -1;
        uint32_t merged = 0;        // events in the run under the cursor when it is merged
    };
    void relayout();
    void layoutRows();
    void rebuildColours();
    void applyAlignment();
    void applyStage();
    void indexHighlight();
    void fitStage(bool history);
    void bringIntoView(Side side, uint32_t id);
    void step(int delta);
    void paintHighlight(QPainter &p, const Row &row, const TimelineTrack &track, const TimelineMapping &map,
                        fusion::Ns off) const;
    std::optional<Hit> hitAt(const QPoint &pos) const;
    Side activeSide() const;
    void paintAxis(QPainter &p, const QRect &r, Side s) const;
    void paintTrack(QPainter &p, const Row &row);
    // The level-of-detail runs of a track in the current view, from the cache.
    const std::vector<TimelineRun> &lodRuns(Side s, int track) const;
    // The widths of the layer names and numbers of a side's bands, for a model (its revision).
    struct BandLabels {
        uint64_t revision = 0;
        QFont font;
        std::vector<int> name, number;
    };
    const BandLabels &bandLabels(Side s, const QFont &font) const;
    void paintBand(QPainter &p, const Row &row) const;
    void paintConnectors(QPainter &p, const Row &row) const;
    void paintSteps(QPainter &p, Side s) const;
    void paintLegend(QPainter &p, int y) const;
    void paintCounterparts(QPainter &p) const;
    void indexCounterparts();
    const fusion::KernelPair *kernelPairOf(Side side, uint32_t id) const;
    int legendLines(int width) const;
    QString sideTitle(Side s) const;

    TimelineZoom *m_zoom;
    TimelineModel m_model[2];
    std::shared_ptr<const fusion::AnalyzedTrace> m_trace[2];
    bool m_outsideLeftOut[2] = {false, false};  // the scope leaves kernels out: veil the time outside the steps
    std::shared_ptr<const fusion::Comparison> m_comparison;
    std::vector<const fusion::KernelPair *> m_kernelPairs;  // the comparison's pairs with both sides
    std::vector<int> m_pairOfKernel[2];                     // per side: kernel id → m_kernelPairs index, -1
    QString m_label[2];
    std::vector<QColor> m_opColour[2];  // per side: local op index → colour shared by name
    std::vector<std::pair<QString, QColor>> m_legend;
    std::vector<Row> m_rows;
    int m_legendTop = 0;
    int m_minLegendTop = 0;  // with every track at its minimum height (the size hint)
    int m_trackCount = 0;
    int m_trackH = kTrack;   // tracks grow to fill a tall view, up to twice their height
    mutable BandLabels m_bandLabels[2];
    mutable TimelineLod m_lod;  // a cache: hit tests (const) read and fill it too
    bool m_cpuRows = true;
    int m_alignedPair = -1;

    fusion::Stage m_stage = fusion::Stage::All;
    std::optional<std::pair<Side, uint32_t>> m_selected;
    std::vector<uint32_t> m_highlight[2];                     // ascending kernel ids
    std::vector<std::vector<uint32_t>> m_highlightPos[2];     // per track: positions in it, ascending
    std::optional<std::pair<Side, int>> m_selectedLayer;
    std::optional<std::pair<double, double>> m_rangeSel;
    enum class Selected { None, Range, Kernel, Layer } m_lastSelected = Selected::None;  // what F fits
    enum class Drag { None, Pending, Pan, Select } m_drag = Drag::None;
    QPoint m_pressPos, m_lastPos;
    Side m_dragSide = SideA, m_lastSide = SideA;
    double m_selectAnchor = 0;
    double m_lastFrameMs = 0;
};
