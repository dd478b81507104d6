#include "util/jsonwriter.h"

#include <cmath>
#include <cstdio>

namespace fusion {

void JsonWriter::newline()
{
    if (!m_pretty)
        return;
    m_out << '\n';
    for (size_t i = 0; i < m_first.size(); ++i)
        m_out << "  ";
}

void JsonWriter::separator()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out << ',';
        m_first.back() = false;
        newline();
    }
}

JsonWriter &JsonWriter::beginObject()
{
    separator();
    m_out << '{';
    m_first.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::endObject()
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out << '}';
    if (m_first.empty() && m_pretty)
        m_out << '\n';
    return *this;
}

JsonWriter &JsonWriter::beginArray()
{
    separator();
    m_out << '[';
    m_first.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::endArray()
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out << ']';
    if (m_first.empty() && m_pretty)
        m_out << '\n';
    return *this;
}

JsonWriter &JsonWriter::key(std::string_view k)
{
    separator();
    m_out << escape(k) << (m_pretty ? ": " : ":");
    m_afterKey = true;
    return *this;
}

std::string JsonWriter::escape(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += char(c);
                }
            }
            ++i;
            continue;
        }
        // Copy a well-formed UTF-8 sequence; replace anything else with U+FFFD.
        const int len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        bool ok = len > 0 && i + size_t(len) <= s.size() && c >= 0xC2 && c <= 0xF4;
        for (int k = 1; ok && k < len; ++k)
            ok = (static_cast<unsigned char>(s[i + size_t(k)]) & 0xC0) == 0x80;
        if (ok) {
            out.append(s.substr(i, size_t(len)));
            i += size_t(len);
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    out += '"';
    return out;
}

JsonWriter &JsonWriter::value(std::string_view s)
{
    separator();
    m_out << escape(s);
    return *this;
}

JsonWriter &JsonWriter::value(int64_t v)
{
    separator();
    m_out << v;
    return *this;
}

JsonWriter &JsonWriter::value(uint64_t v)
{
    separator();
    m_out << v;
    return *this;
}

JsonWriter &JsonWriter::value(double v, int decimals)
{
    separator();
    if (!std::isfinite(v)) {
        m_out << "null";
        return *this;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    // Trim trailing zeros so 12.500 prints as 12.5 and 3.000 as 3.
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    if (s == "-0")
        s = "0";
    m_out << s;
    return *this;
}

JsonWriter &JsonWriter::value(bool v)
{
    separator();
    m_out << (v ? "true" : "false");
    return *this;
}

JsonWriter &JsonWriter::null()
{
    separator();
    m_out << "null";
    return *this;
}

JsonWriter &JsonWriter::raw(std::string_view json)
{
    separator();
    m_out << json;
    return *this;
}

std::string usText(int64_t ns)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", toUs(ns));
    return buf;
}

std::string exactUsText(int64_t ns)
{
    const bool negative = ns < 0;
    // Through unsigned so that INT64_MIN has a magnitude too.
    const uint64_t magnitude = negative ? uint64_t(0) - uint64_t(ns) : uint64_t(ns);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu", negative ? "-" : "", static_cast<unsigned long long>(magnitude / 1000),
                  static_cast<unsigned long long>(magnitude % 1000));
    return buf;
}

} // namespace fusion

namespace fusion {

void writeIdArray(JsonWriter &w, const std::vector<uint32_t> &ids)
{
    w.beginArray();
    for (uint32_t id : ids)
        w.value(uint64_t(id));
    w.endArray();
}

} // namespace fusion
