#include "util/intervalforest.h"

#include <algorithm>

namespace fusion {

void IntervalForest::build(std::vector<Interval> intervals)
{
    // By group first, stably: sortAndLink() orders each group's nodes.
    const auto byGroup = [](const Interval &a, const Interval &b) { return a.group < b.group; };
    if (!std::is_sorted(intervals.begin(), intervals.end(), byGroup))
        std::stable_sort(intervals.begin(), intervals.end(), byGroup);
    m_groupStart.clear();
    m_nodes.resize(intervals.size());
    for (size_t i = 0; i < intervals.size(); ++i) {
        if (i == 0 || intervals[i - 1].group != intervals[i].group)
            m_groupStart.emplace_back(intervals[i].group, int32_t(i));
        m_nodes[i] = Node{intervals[i].start, intervals[i].end, intervals[i].id};
    }
    sortAndLink();
}

void IntervalForest::sortAndLink()
{
    const auto before = [](const Node &a, const Node &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.end != b.end)
            return a.end > b.end;  // the enclosing one first, so that it becomes the parent
        return a.id < b.id;
    };
    m_parent.assign(m_nodes.size(), npos);
    m_enclosing.assign(m_nodes.size(), npos);
    m_lastEnding.assign(m_nodes.size(), npos);
    // Two stacks of earlier nodes that may still enclose later ones; everything below a node's
    // place is popped once, so building stays linear after the sort.
    std::vector<int32_t> parents, enclosing;
    for (size_t g = 0; g < m_groupStart.size(); ++g) {
        const size_t first = size_t(m_groupStart[g].second);
        const size_t last = g + 1 < m_groupStart.size() ? size_t(m_groupStart[g + 1].second) : m_nodes.size();
        const auto begin = m_nodes.begin() + std::ptrdiff_t(first), end = m_nodes.begin() + std::ptrdiff_t(last);
        // Stable merge sort: profilers write frames in order of their end (children before
        // parents), runs that drive introsort into its slow heap-sort fallback. Many write them in
        // order already, which a merge sort does not notice.
        if (!std::is_sorted(begin, end, before))
            std::stable_sort(begin, end, before);
        parents.clear();
        enclosing.clear();
        for (size_t i = first; i < last; ++i) {
            const Node &iv = m_nodes[i];
            // The parent: the latest node still running when this one starts that ends no more
            // than kCrossing before it does. A child may end a little after its caller (the
            // profiler rounds start and duration separately) and still be its child; windows that
            // merely overlap are siblings. Popping every node that fails the test for this one is
            // safe: a later node starts later still, and a node below in the stack ending later is
            // a better candidate anyway.
            const int64_t reach = std::max(iv.start, iv.end - kCrossing);
            while (!parents.empty() && m_nodes[size_t(parents.back())].end < reach)
                parents.pop_back();
            m_parent[i] = parents.empty() ? npos : parents.back();
            parents.push_back(int32_t(i));
            // The nearest earlier node that ends no earlier than this one: a query that this node
            // does not answer skips every node in between, for they all end even sooner.
            while (!enclosing.empty() && m_nodes[size_t(enclosing.back())].end < iv.end)
                enclosing.pop_back();
            m_enclosing[i] = enclosing.empty() ? npos : enclosing.back();
            enclosing.push_back(int32_t(i));
            const int32_t prev = i == first ? npos : m_lastEnding[i - 1];
            m_lastEnding[i] = prev != npos && m_nodes[size_t(prev)].end >= iv.end ? prev : int32_t(i);
        }
    }
}

std::pair<int32_t, int32_t> IntervalForest::range(Group group) const
{
    auto it = std::lower_bound(m_groupStart.begin(), m_groupStart.end(), group,
                               [](const std::pair<Group, int32_t> &g, const Group &v) { return g.first < v; });
    if (it == m_groupStart.end() || it->first != group)
        return {0, 0};
    const int32_t last = std::next(it) == m_groupStart.end() ? int32_t(m_nodes.size()) : std::next(it)->second;
    return {it->second, last};
}

int32_t IntervalForest::innermost(Group group, int64_t t) const
{
    const auto [first, last] = range(group);
    if (first == last)
        return npos;
    auto it = std::upper_bound(m_nodes.begin() + first, m_nodes.begin() + last, t,
                               [](int64_t v, const Node &iv) { return v < iv.start; });
    return innermostBefore(first, int32_t(it - m_nodes.begin()), t);
}

int32_t IntervalForest::innermost(Group group, int64_t t, Hint &hint) const
{
    const auto [first, last] = range(group);
    if (first == last)
        return npos;
    const int32_t after = firstAfter(first, last, t, hint.at);
    hint.at = after;
    return innermostBefore(first, after, t);
}

int32_t IntervalForest::firstAfter(int32_t first, int32_t last, int64_t t, int32_t from) const
{
    const auto startsAfter = [&](int32_t i) { return m_nodes[size_t(i)].start > t; };
    // The answer lies in (lo, hi]: lo starts at or before t (or is first - 1), hi after t (or is last).
    int32_t lo = first - 1, hi = last;
    if (from >= first && from < last) {
        int32_t step = 1;
        if (!startsAfter(from)) {  // outward to the right in doubling steps
            for (lo = from; lo + step < last && !startsAfter(lo + step); step *= 2)
                lo += step;
            hi = std::min(last, lo + step);
        } else {  // to the left
            for (hi = from; hi - step >= first && startsAfter(hi - step); step *= 2)
                hi -= step;
            lo = std::max(first - 1, hi - step);
        }
    }
    const auto it = std::upper_bound(m_nodes.begin() + (lo + 1), m_nodes.begin() + hi, t,
                                     [](int64_t v, const Node &iv) { return v < iv.start; });
    return int32_t(it - m_nodes.begin());
}

int32_t IntervalForest::innermostBefore(int32_t first, int32_t after, int64_t t) const
{
    // The answer is the last node starting at or before t that still runs at t. From the last one
    // starting by then, walk to the nearest earlier node ending no earlier: the nodes skipped end
    // before t too. Each step reaches a node ending later, so the walk is as long as the nesting is
    // deep, and a t after every node's end stops at once.
    int32_t n = after - 1;
    if (n < first || m_nodes[size_t(m_lastEnding[size_t(n)])].end < t)
        return npos;
    while (n != npos && m_nodes[size_t(n)].end < t)
        n = m_enclosing[size_t(n)];
    return n;
}

int32_t IntervalForest::nearest(Group group, int64_t t, int64_t &gap) const
{
    const auto [first, last] = range(group);
    gap = 0;
    if (first == last)
        return npos;
    if (const int32_t inner = innermost(group, t); inner != npos)
        return inner;
    auto it = std::upper_bound(m_nodes.begin() + first, m_nodes.begin() + last, t,
                               [](int64_t v, const Node &iv) { return v < iv.start; });
    const int32_t after = it == m_nodes.begin() + last ? npos : int32_t(it - m_nodes.begin());
    int32_t before = npos;
    if (const int32_t b = int32_t(it - m_nodes.begin()) - 1; b >= first)
        before = m_lastEnding[size_t(b)];  // none contains t, so this one ended closest before it
    const int64_t gapBefore = before == npos ? INT64_MAX : t - m_nodes[size_t(before)].end;
    const int64_t gapAfter = after == npos ? INT64_MAX : m_nodes[size_t(after)].start - t;
    if (gapBefore <= gapAfter) {
        gap = gapBefore;
        return before;
    }
    gap = gapAfter;
    return after;
}

} // namespace fusion
