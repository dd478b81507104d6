#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace fusion {

// The one error a trace can produce: which file, what is wrong, and where (byte offset into
// the uncompressed JSON) when that is known. what() is the single line the CLI prints.
class TraceError : public std::runtime_error {
public:
    TraceError(std::string file, std::string problem, int64_t offset = -1)
        : std::runtime_error(format(file, problem, offset)), m_file(std::move(file)),
          m_problem(std::move(problem)), m_offset(offset) {}
    const std::string &file() const { return m_file; }
    const std::string &problem() const { return m_problem; }
    int64_t offset() const { return m_offset; }

private:
    static std::string format(const std::string &file, const std::string &problem, int64_t offset)
    {
        std::string s = file + ": " + problem;
        if (offset >= 0)
            s += " (at byte " + std::to_string(offset) + ")";
        return s;
    }
    std::string m_file, m_problem;
    int64_t m_offset;
};

// Thrown when a progress callback asked to stop.
struct Cancelled : std::exception {
    const char *what() const noexcept override { return "cancelled"; }
};

} // namespace fusion
