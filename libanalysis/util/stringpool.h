#pragma once
// Interns strings so that the event store holds 4-byte ids instead of repeated names:
// a trace repeats a few hundred kernel names millions of times.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fusion {

using StrId = uint32_t;

class StringPool {
public:
    StringPool();
    StrId intern(std::string_view s);
    std::string_view view(StrId id) const { return m_views[id]; }
    std::string_view operator[](StrId id) const { return m_views[id]; }
    size_t size() const { return m_views.size(); }
    // Returns the id of s, or npos when s was never interned.
    StrId find(std::string_view s) const;
    static constexpr StrId npos = 0xffffffffu;
    static constexpr StrId empty = 0;  // id 0 is always ""

private:
    struct Hash {
        using is_transparent = void;
        // Kernel names run to hundreds of bytes and are hashed once per event: hash the length, the
        // first 32 and the last 32 bytes (where templated names differ), and let equality decide.
        size_t operator()(std::string_view s) const noexcept
        {
            if (s.size() <= 64)
                return std::hash<std::string_view>{}(s);
            const size_t head = std::hash<std::string_view>{}(s.substr(0, 32));
            const size_t tail = std::hash<std::string_view>{}(s.substr(s.size() - 32));
            return head ^ (tail * 0x9E3779B97F4A7C15ull) ^ s.size();
        }
    };
    std::deque<std::string> m_storage;  // deque: element addresses stay stable as it grows
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, StrId, Hash, std::equal_to<>> m_index;
};

} // namespace fusion
