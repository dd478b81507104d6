#include "table.h"

#include <stdexcept>

namespace fusion::python {

void StringColumn::push(std::string_view s)
{
    auto [it, added] = index.try_emplace(std::string(s), uint32_t(values.size()));
    if (added)
        values.emplace_back(s);
    codes.push_back(it->second);
}

// The next column of the row: made by the first row, checked by the others (a filler that sets
// columns in another order or of another type is a programming error, not bad input).
template<typename Values>
Values &Table::Row::next(std::string_view name)
{
    std::vector<Column> &columns = m_table.columns;
    const size_t i = m_column++;
    if (i == columns.size()) {
        if (m_table.rows > (m_keep ? 1 : 0))
            throw std::logic_error("table column '" + std::string(name) + "' set after the first row");
        columns.push_back({std::string(name), Values{}});
    }
    Column &c = columns[i];
    if (c.name != name || !std::holds_alternative<Values>(c.values))
        throw std::logic_error("table column " + std::to_string(i) + " is '" + c.name + "', not '" + std::string(name) + "'");
    return std::get<Values>(c.values);
}

Table::Row &Table::Row::operator()(std::string_view name, int64_t v)
{
    auto &col = next<std::vector<int64_t>>(name);
    if (m_keep)
        col.push_back(v);
    return *this;
}

Table::Row &Table::Row::operator()(std::string_view name, std::optional<int64_t> v)
{
    auto &col = next<OptionalIntColumn>(name);
    if (m_keep) {
        col.values.push_back(v.value_or(0));
        col.missing.push_back(v ? 0 : 1);
    }
    return *this;
}

Table::Row &Table::Row::operator()(std::string_view name, double v)
{
    auto &col = next<std::vector<double>>(name);
    if (m_keep)
        col.push_back(v);
    return *this;
}

Table::Row &Table::Row::operator()(std::string_view name, bool v)
{
    auto &col = next<std::vector<uint8_t>>(name);
    if (m_keep)
        col.push_back(v ? 1 : 0);
    return *this;
}

Table::Row &Table::Row::operator()(std::string_view name, std::string_view v)
{
    auto &col = next<StringColumn>(name);
    if (m_keep)
        col.push(v);
    return *this;
}

Table::Row &Table::Row::operator()(std::string_view name, const std::vector<uint32_t> &ids)
{
    auto &col = next<std::vector<std::vector<int64_t>>>(name);
    if (m_keep)
        col.emplace_back(ids.begin(), ids.end());
    return *this;
}

Table::Row &Table::Row::operator()(std::string_view name, const std::vector<std::string> &v)
{
    auto &col = next<std::vector<std::vector<std::string>>>(name);
    if (m_keep)
        col.push_back(v);
    return *this;
}

} // namespace fusion::python
