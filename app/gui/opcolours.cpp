#include "opcolours.h"

#include <QHash>

namespace {

// Well-separated hues, medium saturation and value: readable on light and dark palettes. GEMMs blue,
// attention green, elementwise and memory warm, norms and fused norms purple, communication red.
struct Entry {
    const char *op;
    QRgb rgb;
};
constexpr Entry kFixed[] = {
    {"Dense GEMM", 0x4e79a7},        {"MoE GEMM", 0x2f5d8a},         {"Convolution", 0x7fa7d1},
    {"Attention", 0x59a14f},         {"Attention prefill", 0x3f7f38}, {"Attention decode", 0x8cd17d},
    {"Elementwise", 0xc9c73a},       {"Memory", 0xb07aa1},           {"Activation", 0xf28e2b},
    {"Reduce", 0x6a5acd},            {"Indexing", 0x86bcb6},         {"Communication", 0xe15759},
    {"RMSNorm", 0x9c755f},           {"add+RMSNorm", 0x7b4f3a},      {"LayerNorm", 0xbd9b82},
    {"SwiGLU", 0xff9d9a},            {"SwiGLU+GEMM", 0xd37295},      {"RoPE", 0x499894},
    {"Softmax", 0xa0cbe8},           {"Quantize", 0xfabfd2},         {"MoE routing", 0x79706e},
    {"Sampling", 0xd4a6c8},          {"KV cache", 0x9d7660},         {"Triton fused", 0xb6992d},
    {"Other", 0xbab0ac},
};

} // namespace

QColor opColour(const QString &op)
{
    for (const Entry &e : kFixed)
        if (op == QLatin1String(e.op))
            return QColor(e.rgb);
    // Any other class: a hue from a hash of its name (qHash with a fixed seed is stable across runs).
    const size_t h = qHash(op, size_t(0x5eed));
    return QColor::fromHsvF(double(h % 1000) / 1000.0, 0.45, 0.80);
}
