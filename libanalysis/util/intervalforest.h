#pragma once
// Innermost-enclosing-interval queries over intervals such as the Python frames of one thread
// (which nest) or annotation windows (which may overlap their neighbours). Built once in O(n log n);
// a query is a binary search plus a short walk (bounded by the nesting depth, not by how many
// intervals overlap), so attributing millions of kernels stays cheap.
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace fusion {

class IntervalForest {
public:
    using Group = std::pair<int64_t, int64_t>;  // e.g. (pid, tid): intervals only nest within a group
    struct Interval {
        Group group;
        int64_t start = 0, end = 0;  // inclusive at both ends
        uint32_t id = 0;             // the caller's row
    };
    static constexpr int32_t npos = -1;

    // A node: an interval without its group, which its place in the forest tells (m_groupStart gives
    // each group's range). Kept per node, the group took 16 of 40 bytes; a large trace has a million
    // Python frames.
    struct Node {
        int64_t start = 0, end = 0;
        uint32_t id = 0;
    };

    void build(std::vector<Interval> intervals);
    // The same for the intervals at(0) … at(n - 1), placed by group without a sort: profilers write
    // each thread's frames in time order but interleave the threads (and a trace tiled in time
    // repeats them), so placed group by group, stably, they are in order already (the PyTorch
    // traces seen so far) and only that is checked; a group out of order is sorted on its own. No
    // array of whole intervals is made: on large traces first touching fresh memory costs more than
    // sorting by group would.
    template <class At>
    void buildByGroup(size_t n, const At &at);

    // The innermost interval of `group` that contains t (as a node index), or npos: of those holding
    // t, the last to start (the shorter of two starting together).
    int32_t innermost(Group group, int64_t t) const;
    // Where the last query of a run of queries ended. Queries in nearly increasing time (a trace's
    // kernels, each asking for its launch's frame) each search outward from the one before: a few
    // steps in memory just read instead of a binary search's cache misses over a million frames.
    struct Hint {
        int32_t at = -1;
    };
    // The same answer as innermost(group, t), found from `hint` (which it updates).
    int32_t innermost(Group group, int64_t t, Hint &hint) const;
    // The interval nearest to t in `group` when none contains it: returns the node and the gap.
    int32_t nearest(Group group, int64_t t, int64_t &gap) const;

    size_t size() const { return m_nodes.size(); }
    const Node &node(int32_t n) const { return m_nodes[size_t(n)]; }
    // The enclosing node, or npos; a parent always has a smaller index than its children. A node
    // ending up to kCrossing after another that runs when it starts is still its child.
    int32_t parent(int32_t n) const { return m_parent[size_t(n)]; }
    static constexpr int64_t kCrossing = 1000;  // 1 µs: traces once wrote whole microseconds

private:
    // Node range [first, last) of a group, or an empty range.
    std::pair<int32_t, int32_t> range(Group group) const;
    // The first node of [first, last) starting after t, searched outward from node `from`.
    int32_t firstAfter(int32_t first, int32_t last, int64_t t, int32_t from) const;
    // innermost() once the first node of its group starting after t is known.
    int32_t innermostBefore(int32_t first, int32_t after, int64_t t) const;
    // Sorts each group's nodes (placed, with m_groupStart set) where they are out of order, then
    // links them: parents and the query's shortcuts.
    void sortAndLink();

    std::vector<Node> m_nodes;    // by group (m_groupStart), then by (start, longer first, id)
    std::vector<int32_t> m_parent;
    std::vector<int32_t> m_enclosing;   // per node: the nearest earlier node of its group ending no earlier
    std::vector<int32_t> m_lastEnding;  // per node: the node ending last among the group's nodes up to it
    std::vector<std::pair<Group, int32_t>> m_groupStart;  // first node of each group, by group
};

template <class At>
void IntervalForest::buildByGroup(size_t n, const At &at)
{
    std::map<Group, size_t> next;  // per group: its count, then where its next interval goes
    // Groups come in long runs: the map is looked up once per run.
    const auto each = [&](auto &&visit) {
        Group last{};
        size_t *slot = nullptr;
        for (size_t i = 0; i < n; ++i) {
            const Interval iv = at(i);
            if (!slot || iv.group != last)
                slot = &next[iv.group], last = iv.group;
            visit(iv, *slot);
        }
    };
    each([](const Interval &, size_t &count) { ++count; });
    m_groupStart.clear();
    size_t from = 0;
    for (auto &[group, count] : next) {
        m_groupStart.emplace_back(group, int32_t(from));
        from += std::exchange(count, from);
    }
    m_nodes.resize(n);
    each([&](const Interval &iv, size_t &place) { m_nodes[place++] = Node{iv.start, iv.end, iv.id}; });
    sortAndLink();
}

} // namespace fusion
