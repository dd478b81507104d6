#pragma once
// Tables and strings handed to Python (the GIL held).
#include "table.h"

#include <pybind11/pybind11.h>

namespace fusion::python {

// A pandas DataFrame when pandas can be imported, else a list of dicts (one per row, the columns
// in order). Integer columns with gaps become pandas' nullable Int64 (None in the dicts).
pybind11::object toPython(const Table &table);

// A str from bytes that should be UTF-8: a trace may hold kernel names that are not, and those
// bytes become U+FFFD rather than an exception.
pybind11::str pyString(std::string_view s);
pybind11::list pyStrings(const std::vector<std::string> &v);

} // namespace fusion::python
