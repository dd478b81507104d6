#pragma once
// Puts the Timeline tab into the main window and keeps it in step with the rest of the window,
// through the window's public API only: new results go to the timeline when the window turns idle;
// a kernel clicked in the timeline is selected in the kernel table (the window's own selectKernel)
// and in the fusion-pattern tree; a kernel chosen in either goes back to the timeline; a layer band
// clicked selects that layer pair in the layer table, and a layer-table row aligns the timeline at
// its layer pair and zooms to it. Selection is by kernel id everywhere.
// A kernel-table row (every kernel of a name, or of an aligned pair of names) or a pattern item
// highlights all its kernels of the current stage in the timeline, the first one current; the
// stage selector greys the other stages' kernels there.
#include "side.h"

#include <QObject>
#include <memory>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
}
class MainWindow;
class QModelIndex;
class TimelineView;

class TimelineSync : public QObject {
    Q_OBJECT
public:
    // Creates the view as the window's first tab and wires it; the window owns both.
    static TimelineView *attach(MainWindow *window);

    // The layer table's row showing `layer` of `side` (its rows follow the comparison's layer
    // pairs, or list A's layers then B's when there is no comparison); -1 when none.
    static int layerTableRow(const MainWindow *window, Side side, int layer);

private:
    TimelineSync(MainWindow *window, TimelineView *view);
    void refresh();
    void fromTimeline(Side side, uint32_t id);
    void fromItem(const QModelIndex &index);
    void selectLayer(Side side, int layer);
    void fromLayerRow(const QModelIndex &index);
    void selectInFusionTree(Side side, uint32_t id);

    MainWindow *m_window;
    TimelineView *m_view;
    std::shared_ptr<const fusion::AnalyzedTrace> m_shown[2];
    std::shared_ptr<const fusion::Comparison> m_shownComparison;
    bool m_syncing = false;  // a selection we make ourselves does not come back to the timeline
};
