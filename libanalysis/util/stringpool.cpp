#include "util/stringpool.h"

namespace fusion {

StringPool::StringPool() { intern({}); }

StrId StringPool::intern(std::string_view s)
{
    if (auto it = m_index.find(s); it != m_index.end())
        return it->second;
    const std::string &stored = m_storage.emplace_back(s);
    const auto id = static_cast<StrId>(m_views.size());
    m_views.push_back(stored);
    m_index.emplace(std::string_view(stored), id);
    return id;
}

StrId StringPool::find(std::string_view s) const
{
    auto it = m_index.find(s);
    return it == m_index.end() ? npos : it->second;
}

} // namespace fusion
