#include "pythontable.h"

#include <pybind11/numpy.h>

#include <stdexcept>

namespace py = pybind11;

namespace fusion::python {

py::str pyString(std::string_view s)
{
    PyObject *o = PyUnicode_DecodeUTF8(s.data(), Py_ssize_t(s.size()), "replace");
    if (!o)
        throw py::error_already_set();
    return py::reinterpret_steal<py::str>(o);
}

py::list pyStrings(const std::vector<std::string> &v)
{
    py::list out(v.size());
    for (size_t i = 0; i < v.size(); ++i)
        out[i] = pyString(v[i]);
    return out;
}

namespace {

// pandas, or None when it cannot be imported (not installed, or blocked: sys.modules["pandas"] =
// None). Asked on every call, so that a notebook that installs pandas later gets DataFrames.
py::object pandasModule()
{
    try {
        return py::module_::import("pandas");
    } catch (py::error_already_set &e) {
        if (!e.matches(PyExc_ImportError))
            throw;
        return py::none();
    }
}

// One Python object per row of a column: what the list of dicts holds, and the list columns of a
// DataFrame (numbers go to pandas as arrays instead).
struct CellMaker {
    const Column &column;
    std::vector<py::object> strings;  // a String column's distinct values, made once

    explicit CellMaker(const Column &c) : column(c)
    {
        if (const auto *s = std::get_if<StringColumn>(&c.values))
            for (const std::string &v : s->values)
                strings.push_back(pyString(v));
    }

    py::object operator()(size_t row) const
    {
        const ColumnValues &v = column.values;
        switch (column.type()) {
        case ColumnType::Int:
            return py::int_(std::get<std::vector<int64_t>>(v)[row]);
        case ColumnType::OptionalInt: {
            const auto &o = std::get<OptionalIntColumn>(v);
            return o.missing[row] ? py::object(py::none()) : py::object(py::int_(o.values[row]));
        }
        case ColumnType::Float:
            return py::float_(std::get<std::vector<double>>(v)[row]);
        case ColumnType::Bool:
            return py::bool_(std::get<std::vector<uint8_t>>(v)[row] != 0);
        case ColumnType::String:
            return strings[std::get<StringColumn>(v).codes[row]];
        case ColumnType::IntList: {
            const auto &ids = std::get<std::vector<std::vector<int64_t>>>(v)[row];
            py::list l(ids.size());
            for (size_t i = 0; i < ids.size(); ++i)
                l[i] = py::int_(ids[i]);
            return l;
        }
        case ColumnType::StringList:
            return pyStrings(std::get<std::vector<std::vector<std::string>>>(v)[row]);
        }
        throw std::logic_error("unknown column type");
    }
};

size_t columnLength(const Column &c)
{
    return std::visit(
        [](const auto &v) {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, StringColumn>)
                return v.codes.size();
            else if constexpr (std::is_same_v<V, OptionalIntColumn>)
                return v.values.size();
            else
                return v.size();
        },
        c.values);
}

template<typename T, typename From>
py::array_t<T> numpyArray(const std::vector<From> &v)
{
    py::array_t<T> a(py::ssize_t(v.size()));
    T *out = a.mutable_data();
    for (size_t i = 0; i < v.size(); ++i)
        out[i] = T(v[i]);
    return a;
}

py::object dataFrameColumn(const py::object &pandas, const Column &c, size_t rows)
{
    switch (c.type()) {
    case ColumnType::Int:
        return numpyArray<int64_t>(std::get<std::vector<int64_t>>(c.values));
    case ColumnType::Float:
        return numpyArray<double>(std::get<std::vector<double>>(c.values));
    case ColumnType::Bool:
        return numpyArray<bool>(std::get<std::vector<uint8_t>>(c.values));
    case ColumnType::OptionalInt: {
        const auto &o = std::get<OptionalIntColumn>(c.values);
        return pandas.attr("arrays").attr("IntegerArray")(numpyArray<int64_t>(o.values), numpyArray<bool>(o.missing));
    }
    default: {
        CellMaker cell(c);
        py::list l(rows);
        for (size_t i = 0; i < rows; ++i)
            l[i] = cell(i);
        return l;
    }
    }
}

} // namespace

py::object toPython(const Table &table)
{
    for (const Column &c : table.columns)
        if (columnLength(c) != table.rows)
            throw std::logic_error("table column '" + c.name + "' has " + std::to_string(columnLength(c)) + " rows, not "
                                   + std::to_string(table.rows));
    const py::object pandas = pandasModule();
    if (!pandas.is_none()) {
        py::dict columns;
        py::list names;
        for (const Column &c : table.columns) {
            columns[pyString(c.name)] = dataFrameColumn(pandas, c, table.rows);
            names.append(pyString(c.name));
        }
        return pandas.attr("DataFrame")(columns, py::arg("columns") = names);
    }
    std::vector<CellMaker> cells(table.columns.begin(), table.columns.end());
    std::vector<py::str> names;
    for (const Column &c : table.columns)
        names.push_back(pyString(c.name));
    py::list rows(table.rows);
    for (size_t r = 0; r < table.rows; ++r) {
        py::dict row;
        for (size_t c = 0; c < cells.size(); ++c)
            row[names[c]] = cells[c](r);
        rows[r] = std::move(row);
    }
    return rows;
}

} // namespace fusion::python
