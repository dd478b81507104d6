#include "util/intervalforest.h"

#include <algorithm>

namespace fusion {

void IntervalForest::build(std::vector<Interval> intervals)
{
    const auto before = [](const Interval &a, const Interval &b) {
        if (a.group != b.group)
            return a.group < b.group;
        if (a.start != b.start)
            return a.start < b.start;
        if (a.end != b.end)
            return a.end > b.end;  // the enclosing one first, so that it becomes the parent
        return a.id < b.id;
    };
    // Stable merge sort: profilers write frames in order of their end (children before parents),
    // runs that drive introsort into its slow heap-sort fallback. Many write them in order already,
    // which a merge sort does not notice.
    if (!std::is_sorted(intervals.begin(), intervals.end(), before))
        std::stable_sort(intervals.begin(), intervals.end(), before);
    m_nodes = std::move(intervals);
    m_parent.assign(m_nodes.size(), npos);
    m_lastEnding.assign(m_nodes.size(), npos);
    m_groupStart.clear();
    std::vector<int32_t> open;  // the chain of intervals enclosing the current start
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Interval &iv = m_nodes[i];
        const bool newGroup = i == 0 || m_nodes[i - 1].group != iv.group;
        if (newGroup) {
            m_groupStart.emplace_back(iv.group, int32_t(i));
            open.clear();
        }
        // An interval that starts after the top one ended is a sibling. One that starts inside but
        // ends a little later (timestamps rounded to 1 ns by the profiler) still counts as nested:
        // the query walks up by containment, so a slightly crossing child does no harm.
        while (!open.empty() && m_nodes[size_t(open.back())].end < iv.start)
            open.pop_back();
        m_parent[i] = open.empty() ? npos : open.back();
        open.push_back(int32_t(i));
        const int32_t prev = newGroup ? npos : m_lastEnding[i - 1];
        m_lastEnding[i] = prev != npos && m_nodes[size_t(prev)].end >= iv.end ? prev : int32_t(i);
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
    // The last interval starting at or before t; if it does not reach t, the innermost one that
    // does is among its ancestors (intervals nest), so walk up.
    auto it = std::upper_bound(m_nodes.begin() + first, m_nodes.begin() + last, t,
                               [](int64_t v, const Interval &iv) { return v < iv.start; });
    int32_t n = int32_t(it - m_nodes.begin()) - 1;
    if (n < first)
        return npos;
    while (n != npos && m_nodes[size_t(n)].end < t)
        n = m_parent[size_t(n)];
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
                               [](int64_t v, const Interval &iv) { return v < iv.start; });
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
