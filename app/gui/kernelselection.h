#pragma once
// Selecting many kernels at once in the kernel table (a chart bar counts hundreds): every row that
// holds one of them, on the kernel tab, with the filters that would hide them cleared.
#include <cstdint>
#include <vector>

class MainWindow;

// The number of rows selected (0 when no row holds any of the kernels).
int selectKernelRows(MainWindow &window, const std::vector<uint32_t> &a, const std::vector<uint32_t> &b);
