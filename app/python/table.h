#pragma once
// A table the Python module hands to Python: named, typed columns, filled in plain C++ while the
// GIL is released, and turned into a pandas DataFrame (or a list of dicts) only at the end
// (pythontable.cpp). No Python header here, so the files that fill tables compile fast.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

namespace fusion::python {

// Strings stored once per distinct value: a trace names the same kernel thousands of times, and
// Python then holds one str object per distinct name, not one per row.
struct StringColumn {
    std::vector<uint32_t> codes;       // per row: index into `values`
    std::vector<std::string> values;   // distinct strings, in first-seen order
    std::unordered_map<std::string, uint32_t> index;
    void push(std::string_view s);
};

// Integers with gaps (no layer, no step): pandas' nullable Int64, None in the list of dicts.
struct OptionalIntColumn {
    std::vector<int64_t> values;
    std::vector<uint8_t> missing;      // 1 where the row has no value
};

using ColumnValues = std::variant<std::vector<int64_t>, OptionalIntColumn, std::vector<double>, std::vector<uint8_t>,
                                  StringColumn, std::vector<std::vector<int64_t>>, std::vector<std::vector<std::string>>>;
// The alternatives' order: what each C++ value becomes.
enum class ColumnType { Int, OptionalInt, Float, Bool, String, IntList, StringList };

struct Column {
    std::string name;
    ColumnValues values;
    ColumnType type() const { return ColumnType(values.index()); }
};

class Table {
public:
    std::vector<Column> columns;
    size_t rows = 0;

    // Row-by-row filling: each row sets every column in the same order; the first row (or a
    // schema() call) creates them.
    class Row {
    public:
        Row &operator()(std::string_view name, int64_t v);
        Row &operator()(std::string_view name, uint64_t v) { return (*this)(name, int64_t(v)); }
        Row &operator()(std::string_view name, uint32_t v) { return (*this)(name, int64_t(v)); }
        Row &operator()(std::string_view name, int32_t v) { return (*this)(name, int64_t(v)); }
        Row &operator()(std::string_view name, std::optional<int64_t> v);
        Row &operator()(std::string_view name, double v);
        Row &operator()(std::string_view name, bool v);
        Row &operator()(std::string_view name, std::string_view v);
        Row &operator()(std::string_view name, const std::string &v) { return (*this)(name, std::string_view(v)); }
        Row &operator()(std::string_view name, const char *v) { return (*this)(name, std::string_view(v)); }
        Row &operator()(std::string_view name, const std::vector<uint32_t> &ids);
        Row &operator()(std::string_view name, const std::vector<std::string> &v);

    private:
        friend class Table;
        Row(Table &t, bool keep) : m_table(t), m_keep(keep) {}
        template<typename Values>
        Values &next(std::string_view name);
        Table &m_table;
        size_t m_column = 0;
        bool m_keep;
    };

    Row row()
    {
        ++rows;
        return Row(*this, true);
    }
    // A row that only makes the columns, for a table without rows (an empty DataFrame still has
    // its columns): fill it with a default item; nothing of it is kept.
    Row schema() { return Row(*this, false); }

    // One row per item; `fill(row, item)` (or `fill(row, index, item)`) sets its columns.
    template<typename Item, typename Fill>
    static Table of(const std::vector<Item> &items, Fill fill)
    {
        Table t;
        auto call = [&](Row &r, size_t i, const Item &item) {
            if constexpr (std::is_invocable_v<Fill &, Row &, size_t, const Item &>)
                fill(r, i, item);
            else
                fill(r, item);
        };
        for (size_t i = 0; i < items.size(); ++i) {
            Row r = t.row();
            call(r, i, items[i]);
        }
        if (items.empty()) {
            Row r = t.schema();
            call(r, 0, Item{});
        }
        return t;
    }

    // Column-wise filling, for tables as long as a trace's kernels (set `rows` too). The reference
    // holds until the next add().
    template<typename Values>
    Values &add(std::string name, Values values = {})
    {
        columns.push_back({std::move(name), std::move(values)});
        return std::get<Values>(columns.back().values);
    }
};

} // namespace fusion::python
