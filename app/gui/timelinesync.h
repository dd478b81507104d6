#pragma once
// Keeps the Timeline tab in step with the pages beside it: new results go to the timeline as soon as
// Results has them; a kernel clicked in the timeline is selected in the kernel table (through the
// window's own selection, which may switch the stage) and in the fusion-pattern tree; a kernel chosen
// in either goes back to the timeline; a layer band clicked selects that layer pair in the layer
// table, and a layer-table row aligns the timeline at its layer pair and zooms to it. Selection is by
// kernel id everywhere. It knows the pages and Results, not the window that holds them.
// A kernel-table row (every kernel of a name, or of an aligned pair of names) or a pattern item
// highlights all its kernels of the current stage in the timeline, the first one current.
#include "results.h"
#include "side.h"

#include <QObject>
#include <functional>
#include <optional>
class FusionPage;
class KernelPage;
class LayerPage;
class QModelIndex;
class QTabWidget;
class TimelineView;

class TimelineSync : public QObject {
    Q_OBJECT
public:
    struct Pages {
        const Results *results;
        QTabWidget *tabs;
        KernelPage *kernels;
        LayerPage *layers;
        FusionPage *fusion;
        // Selects kernel `id` of `side` in the kernel table and shows that tab; false when no row holds it.
        std::function<bool(Side, uint32_t)> selectKernel;
    };
    // `view` is owned by the caller; the sync lives as long as the view.
    TimelineSync(Pages pages, TimelineView *view);

    // The layer table's row showing `layer` of `side` (its rows follow the comparison's layer
    // pairs, or list A's layers then B's when there is no comparison); -1 when none.
    static int layerTableRow(const Results &results, Side side, int layer);

private:
    void refresh();
    void fromTimeline(Side side, uint32_t id);
    void fromItem(const QModelIndex &index);
    void selectLayer(Side side, int layer);
    void fromLayerRow(const QModelIndex &index);
    void selectInFusionTree(Side side, uint32_t id);

    Pages m_pages;
    TimelineView *m_view;
    std::optional<Results::Snapshot> m_shown;
    bool m_syncing = false;  // a selection we make ourselves does not come back to the timeline
};
