#pragma once
// A small streaming JSON writer: keys in the order written, valid UTF-8 out whatever comes in
// (trace names may hold invalid bytes), numbers without locale effects.
#include "util/taskpool.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

// The text is gathered in the writer's own buffer and handed to the stream in large blocks: when the
// buffer fills, when the outermost value ends (so the stream holds a whole document as soon as it is
// written) and when the writer goes away. Nothing else may write to the stream in between.
class JsonWriter {
public:
    explicit JsonWriter(std::ostream &out, bool pretty = true) : m_out(&out), m_pretty(pretty) {}
    ~JsonWriter() { flush(); }
    JsonWriter(const JsonWriter &) = delete;
    JsonWriter &operator=(const JsonWriter &) = delete;
    JsonWriter &beginObject();
    JsonWriter &endObject();
    JsonWriter &beginArray();
    JsonWriter &endArray();
    JsonWriter &key(std::string_view k);
    JsonWriter &value(std::string_view s);
    JsonWriter &value(const char *s) { return value(std::string_view(s)); }
    JsonWriter &value(const std::string &s) { return value(std::string_view(s)); }
    JsonWriter &value(int64_t v);
    JsonWriter &value(uint64_t v);
    JsonWriter &value(int v) { return value(int64_t(v)); }
    JsonWriter &value(unsigned v) { return value(uint64_t(v)); }
    JsonWriter &value(long long v) { return value(int64_t(v)); }
    JsonWriter &value(unsigned long long v) { return value(uint64_t(v)); }
    JsonWriter &value(double v, int decimals = 3);
    JsonWriter &value(bool v);
    JsonWriter &null();
    JsonWriter &raw(std::string_view json);  // already-valid JSON text
    template<typename T>
    JsonWriter &field(std::string_view k, const T &v) { key(k); return value(v); }
    JsonWriter &field(std::string_view k, double v, int decimals) { key(k); return value(v, decimals); }

    static std::string escape(std::string_view s);  // with quotes
    static void appendEscaped(std::string &out, std::string_view s);  // the same, appended to `out`

    void flush();  // hands what is buffered to the stream

    // Large arrays are formatted in blocks by this thread and a task of this pool (util/taskpool.h),
    // when the writer has one: see elements().
    void setPool(TaskPool *pool) { m_pool = pool; }
    // Writes element(writer, i) for i in [0, count) into the array now open: in order and as one
    // writer would, whether or not blocks of them are formatted on another thread. Each element must
    // write exactly one value (a block continues as if the one before it wrote something).
    template <class Element>
    JsonWriter &elements(size_t count, const Element &element);

private:
    JsonWriter(bool pretty, std::vector<bool> first) : m_out(nullptr), m_pretty(pretty), m_first(std::move(first)) {}
    JsonWriter(JsonWriter &&) = default;
    void append(JsonWriter &continued);  // its text, then its state
    // elements() with a pool, for an array of at least 64 elements.
    JsonWriter &formatInBlocks(size_t count, const std::function<void(JsonWriter &, size_t)> &element);
    void put(std::string_view text) { m_pending.append(text); }
    void put(char c) { m_pending.push_back(c); }
    void emitted();  // before a piece: passes a full buffer on
    void separator();
    void newline();
    void writeEscaped(std::string_view s);
    template <typename Int>
    void writeInteger(Int v);
    std::ostream *m_out;  // null: a continuation, whose text stays in m_pending
    bool m_pretty;
    std::vector<bool> m_first;  // per open container: no element written yet
    bool m_afterKey = false;
    std::string m_pending;  // written, not yet handed to the stream
    TaskPool *m_pool = nullptr;
};

template <class Element>
JsonWriter &JsonWriter::elements(size_t count, const Element &element)
{
    if (!m_pool || count < 64) {
        for (size_t i = 0; i < count; ++i)
            element(*this, i);
        return *this;
    }
    return formatInBlocks(count, element);
}

// [id, id, …]: a list of kernel ids as one JSON array.
void writeIdArray(JsonWriter &w, const std::vector<uint32_t> &ids);

// Microseconds from nanoseconds, as a double with 3 decimals.
inline double toUs(int64_t ns) { return double(ns) / 1000.0; }
// "12.345": microseconds with three decimals, as the text reports print them.
std::string usText(int64_t ns);
// The same with a sign in front of a positive value ("+1.500"): a difference between two sides.
inline std::string signedUsText(int64_t ns) { return (ns > 0 ? "+" : "") + usText(ns); }
// The same from integer arithmetic, exact at any magnitude: a trace's own timestamps (µs since an
// epoch, 10^15 and more) lose their last digits through a double.
std::string exactUsText(int64_t ns);

} // namespace fusion
