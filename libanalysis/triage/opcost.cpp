// The bytes and flops of one CPU op, from the shapes and dtypes Kineto records with it
// ("Input Dims", "Input type"): what the roofline estimate of a module candidate is built on.
#include "triage/modulecandidates.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <variant>

namespace fusion {

namespace {

// ---- A tiny reader for Kineto's "Input Dims" / "Input type" arrays -------------------------

struct JVal {
    std::variant<std::monostate, double, std::string, std::vector<JVal>> v;
    const std::vector<JVal> *list() const { return std::get_if<std::vector<JVal>>(&v); }
    const std::string *str() const { return std::get_if<std::string>(&v); }
    const double *num() const { return std::get_if<double>(&v); }
};

struct JParser {
    std::string_view s;
    size_t i = 0;
    void ws() { while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i; }
    bool parse(JVal &out)
    {
        ws();
        if (i >= s.size())
            return false;
        if (s[i] == '[') {
            ++i;
            std::vector<JVal> items;
            ws();
            if (i < s.size() && s[i] == ']') {
                ++i;
                out.v = std::move(items);
                return true;
            }
            while (true) {
                JVal item;
                if (!parse(item))
                    return false;
                items.push_back(std::move(item));
                ws();
                if (i < s.size() && s[i] == ',') {
                    ++i;
                    continue;
                }
                if (i < s.size() && s[i] == ']') {
                    ++i;
                    break;
                }
                return false;
            }
            out.v = std::move(items);
            return true;
        }
        if (s[i] == '"') {
            std::string str;
            for (++i; i < s.size() && s[i] != '"'; ++i) {
                if (s[i] == '\\' && i + 1 < s.size())
                    ++i;
                str += s[i];
            }
            ++i;
            out.v = std::move(str);
            return true;
        }
        const size_t start = i;
        while (i < s.size() && s[i] != ',' && s[i] != ']' && s[i] != ' ')
            ++i;
        const std::string tok(s.substr(start, i - start));
        if (tok == "null" || tok == "true" || tok == "false") {
            out.v = std::monostate{};
            return true;
        }
        double d = 0;  // from_chars: strtod would follow the desktop's decimal comma in the GUI
        if (std::from_chars(tok.data(), tok.data() + tok.size(), d).ec != std::errc())
            return false;
        out.v = d;
        return true;
    }
};

std::vector<JVal> parseArray(std::string_view text)
{
    JParser p{text};
    JVal v;
    if (text.empty() || !p.parse(v) || !v.list())
        return {};
    return *v.list();
}

int elementSize(const std::string &t)
{
    static const std::map<std::string, int> sizes = {
        {"c10::BFloat16", 2}, {"c10::Half", 2}, {"float", 4}, {"double", 8}, {"long int", 8}, {"int", 4},
        {"short int", 2}, {"signed char", 1}, {"unsigned char", 1}, {"bool", 1}, {"c10::Float8_e4m3fn", 1},
        {"c10::Float8_e4m3fnuz", 1}, {"c10::Float8_e5m2", 1}, {"c10::Float8_e5m2fnuz", 1},
        {"c10::complex<float>", 8}, {"c10::complex<double>", 16}};
    const auto it = sizes.find(t);
    return it == sizes.end() ? 0 : it->second;
}

struct Tensor {
    std::vector<double> dims;
    int es = 0;
    double numel() const
    {
        double n = 1;
        for (double d : dims)
            n *= d;
        return n;
    }
    double bytes() const { return numel() * es; }
};

// Input i as a tensor: a list of numbers with a known element type.
std::optional<Tensor> tensorAt(const std::vector<JVal> &dims, const std::vector<JVal> &types, size_t i)
{
    if (i >= dims.size() || i >= types.size() || !types[i].str())
        return std::nullopt;
    const int es = elementSize(*types[i].str());
    const auto *l = dims[i].list();
    if (!es || !l)
        return std::nullopt;
    Tensor t;
    t.es = es;
    for (const JVal &d : *l) {
        if (!d.num())
            return std::nullopt;
        t.dims.push_back(*d.num());
    }
    return t;
}

std::string stripAten(std::string op)
{
    if (op.rfind("aten::", 0) == 0)
        op = op.substr(6);
    return op;
}

bool isElementwiseOp(std::string op)
{
    static const char *names[] = {"add", "sub", "mul", "div", "pow", "rsqrt", "sqrt", "exp", "log", "neg", "abs",
        "reciprocal", "silu", "gelu", "relu", "sigmoid", "tanh", "erf", "clamp", "clamp_min", "clamp_max", "hardtanh",
        "leaky_relu", "threshold", "where", "masked_fill", "fill", "cos", "sin", "maximum", "minimum", "eq", "ne",
        "lt", "le", "gt", "ge", "native_dropout", "addcmul", "addcdiv", "lerp"};
    if (op.size() > 1 && op.back() == '_')
        op.pop_back();
    return std::find(std::begin(names), std::end(names), op) != std::end(names);
}

} // namespace

KernelCost costOfOp(const EventStore &s, size_t row, std::string_view kernelName)
{
    KernelCost c;
    const std::string op = stripAten(std::string(s.str(s.cpuOps.name[row])));
    const std::vector<JVal> dims = parseArray(s.str(s.cpuOps.inputDims[row]));
    const std::vector<JVal> types = parseArray(s.str(s.cpuOps.inputType[row]));
    if (dims.empty())
        return c;
    auto gemm = [&](size_t a, size_t b, bool batched, bool linear, int outEs) {
        const auto A = tensorAt(dims, types, a), B = tensorAt(dims, types, b);
        if (!A || !B || A->dims.empty() || B->dims.size() < 2)
            return;
        double Bt = 1, M, K, N;
        if (linear) {
            K = A->dims.back();
            M = A->numel() / std::max(K, 1.0);
            N = B->dims[0];
        } else if (batched) {
            if (A->dims.size() != 3 || B->dims.size() != 3)
                return;
            Bt = A->dims[0], M = A->dims[1], K = A->dims[2], N = B->dims[2];
        } else {
            if (A->dims.size() != 2)
                return;
            M = A->dims[0], K = A->dims[1], N = B->dims[1];
        }
        c.modeled = true;
        c.flops = 2 * Bt * M * N * K;
        c.bytesIn = (Bt * M * K + Bt * K * N) * A->es;
        c.bytesOut = Bt * M * N * (outEs ? outEs : A->es);
    };
    if (op == "mm")
        gemm(0, 1, false, false, 0);
    else if (op == "addmm")
        gemm(1, 2, false, false, 0);
    else if (op == "bmm")
        gemm(0, 1, true, false, 0);
    else if (op == "baddbmm")
        gemm(1, 2, true, false, 0);
    else if (op == "linear")
        gemm(0, 1, false, true, 0);
    else if (op == "_scaled_mm")
        gemm(0, 1, false, false, 2);
    else if (op == "mean" || op == "sum" || op == "amax" || op == "amin" || op == "max" || op == "min"
             || op == "var" || op == "std" || op == "var_mean" || op == "norm" || op == "prod" || op == "all"
             || op == "any" || op == "argmax" || op == "argmin") {
        if (const auto t = tensorAt(dims, types, 0)) {
            c.modeled = true;
            c.bytesIn = t->bytes();
            c.bytesOut = 0;
            c.flops = t->numel();
        }
    } else if (op == "softmax" || op == "_softmax" || op == "_safe_softmax" || op == "log_softmax" || op == "_log_softmax") {
        if (const auto t = tensorAt(dims, types, 0)) {
            c.modeled = true;
            c.bytesIn = c.bytesOut = t->bytes();
            c.flops = t->numel();
        }
    } else if (op == "copy_") {
        const auto dst = tensorAt(dims, types, 0), src = tensorAt(dims, types, 1);
        if (dst && src) {
            c.modeled = true;
            c.bytesIn = src->bytes();
            c.bytesOut = dst->bytes();
        }
    } else if (op == "_to_copy") {
        if (const auto t = tensorAt(dims, types, 0)) {
            c.modeled = true;
            c.bytesIn = c.bytesOut = t->bytes();
        }
    } else if (op == "cat") {
        // TensorList: the element size is only in the kernel name (OpaqueType<N>).
        const size_t p = kernelName.find("OpaqueType<");
        const auto *list = dims[0].list();
        if (p != std::string_view::npos && list) {
            const int es = std::atoi(std::string(kernelName.substr(p + 11, 3)).c_str());
            double numel = 0;
            for (const JVal &t : *list) {
                double n = 1;
                if (const auto *d = t.list())
                    for (const JVal &x : *d)
                        n *= x.num() ? *x.num() : 0;
                numel += n;
            }
            if (es > 0) {
                c.modeled = true;
                c.bytesIn = c.bytesOut = numel * es;
            }
        }
    } else if (isElementwiseOp(op)) {
        std::vector<Tensor> ts;
        for (size_t i = 0; i < dims.size(); ++i)
            if (auto t = tensorAt(dims, types, i))
                ts.push_back(*t);
        if (!ts.empty()) {
            size_t rank = 0;
            int maxEs = 0;
            double in = 0;
            for (const Tensor &t : ts) {
                rank = std::max(rank, t.dims.size());
                maxEs = std::max(maxEs, t.es);
                in += t.bytes();
            }
            std::vector<double> out(rank, 1);
            for (const Tensor &t : ts)
                for (size_t j = 0; j < t.dims.size(); ++j) {
                    double &o = out[rank - t.dims.size() + j];
                    o = std::max(o, t.dims[j]);
                }
            double numel = 1;
            for (double d : out)
                numel *= d;
            c.modeled = true;
            c.bytesIn = in;
            c.bytesOut = numel * maxEs;
            c.flops = numel;
        }
    }
    return c;
}

} // namespace fusion
