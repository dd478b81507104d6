#pragma once
// Level of detail for one track: the visible events turned into pixel runs. Events narrower than a
// bin that start within a bin of the run's end merge into one run, drawn in the colour of its widest
// event and marked with how many it holds (Qt Creator's tracing and Tracy both fold zones this way).
//
// The bins come in power-of-two levels (1, 2, 4 … ns; a view uses the largest bin not wider than
// its pixel), and a level's runs are built per tile of kTileBins bins, a fixed grid in trace time,
// and cached (as Qt Creator's timeline renderer caches its geometry per zoom level and offset): a
// pan or a zoom within the level reuses the tiles it has, only tiles new to the view are built, and
// hover hit tests read the same tiles. Runs never cross a tile edge, so a tile depends on nothing
// but its own events, and a view built without the cache is the same picture.
#include "timelinemodel.h"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

struct TimelineRun {
    float x0 = 0, x1 = 0;    // pixels from the plot's left edge
    uint32_t first = 0;      // index in the track of the run's widest event
    uint32_t count = 0;      // events in the run; > 1 means merged
    uint16_t colour = 0;     // colour index of the widest event
    bool merged() const { return count > 1; }
};

class TimelineLod {
public:
    static constexpr int kTileShift = 10;                 // a tile holds 2^10 bins: 512–1024 pixels
    static constexpr size_t kDefaultBudget = 32u << 20;  // bytes of cached runs, all tracks together

    // Disabled: one run per visible event, the baseline the benchmark compares against.
    void setEnabled(bool enabled);
    bool isEnabled() const { return m_enabled; }
    // Off: every call builds the tiles it needs and keeps none (the uncached path, same picture).
    void setCaching(bool caching);
    bool isCaching() const { return m_caching; }
    // Least recently used tiles go once the cache holds more than this many bytes.
    void setBudget(size_t bytes);
    void invalidate();

    // The runs of a track over the view: trace times origin + [t0, t1) across `width` pixels. Trace
    // times stay integers (epoch stamps as double would step by 256 ns); t0, t1 are offsets from
    // `origin`. `key` names the track; `revision` the model it belongs to (TimelineModel::revision):
    // when a key comes with another revision, every tile of its old model is dropped. The result
    // stays valid until the next call.
    const std::vector<TimelineRun> &runs(const TimelineTrack &track, size_t key, uint64_t revision, double t0,
                                         double t1, int width, fusion::Ns origin = 0);

    // Uncached, for the tests: the runs the same view gets from the cache.
    static std::vector<TimelineRun> build(const TimelineTrack &track, double t0, double t1, int width, bool merge,
                                          fusion::Ns origin = 0);
    // The level (bin of 2^level ns) of a view with this many ns per pixel.
    static int levelOf(double nsPerPixel);

    int tilesBuilt() const { return m_tilesBuilt; }  // for the tests and the benchmark: cache hits do not count
    size_t bytes() const { return m_bytes; }         // held by the cached runs
    size_t tileCount() const;

private:
    // A run in trace time, as cached: 32 bytes.
    struct Span {
        fusion::Ns start = 0, end = 0;
        uint32_t first = 0, count = 0;
        uint16_t colour = 0;
    };
    struct Tile {
        std::vector<Span> spans;
        uint64_t lastUse = 0;
    };
    struct TrackTiles {
        uint64_t revision = 0;
        std::map<std::pair<int, int64_t>, Tile> tiles;  // (level, tile index) → runs
    };
    static void buildTile(const TimelineTrack &track, int level, int64_t tile, bool merge, std::vector<Span> &out);
    const std::vector<Span> &tile(TrackTiles *cache, const TimelineTrack &track, int level, int64_t index);
    void evict();
    static size_t bytesOf(const Tile &t) { return t.spans.capacity() * sizeof(Span) + 64; }

    std::unordered_map<size_t, TrackTiles> m_cache;  // per track key
    std::vector<Span> m_scratch;                     // a tile built without the cache
    std::vector<TimelineRun> m_out;
    bool m_enabled = true;
    bool m_caching = true;
    size_t m_budget = kDefaultBudget;
    size_t m_bytes = 0;
    uint64_t m_clock = 0;  // one tick per runs() call: the tiles a call uses are never evicted by it
    int m_tilesBuilt = 0;
};
