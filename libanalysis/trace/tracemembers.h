#pragma once
// What a TRACE argument holds: itself for a plain trace file, each trace of an archive or a
// directory (the ranks of one distributed run), each with the rank it belongs to.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

// Where a member's rank comes from: the trace's own "distributedInfo": {"rank": N} (what PyTorch
// writes for a distributed run), else the file name (rank<N>, rank-<N>, tp<N>, TP-<N>, worker<N>).
enum class RankSource : uint8_t { None, Field, Name };
const char *rankSourceName(RankSource s);   // "none", "distributedInfo", "file_name" (JSON)
const char *rankSourceLabel(RankSource s);  // "unknown", "distributedInfo.rank", "file name" (text)

struct TraceMember {
    std::string path;     // file on disk
    std::string member;   // entry inside an archive, empty for a plain file
    std::string display;  // what to call it in messages
    int rank = -1;        // -1: unknown
    RankSource rankSource = RankSource::None;
    int nameRank = -1;    // what the file name says, whatever the field says
};

// Lists the traces a path holds: itself for a plain trace file, each JSON entry of a zip/tar,
// each trace file of a directory (or, when it holds none, of its one subfolder that does). Each
// member's first 64 KB are read for distributedInfo.rank (Kineto writes it before the events).
// Sorted by rank, then name; a file beside its own compressed copy counts once. Throws TraceError
// when there are none, when several subfolders hold traces, or naming the member an archive
// cannot be read past. What it decided (and ranks claimed twice) goes to `warnings`.
std::vector<TraceMember> listTraceMembers(const std::string &path, std::vector<std::string> *warnings = nullptr);
int rankFromName(std::string_view name);
// The "rank" of a distributedInfo object, given its JSON text from its opening brace (the rest
// may be cut off); none when absent or not an integer.
std::optional<int> rankOfDistributedInfo(std::string_view object);
// The same, found in the beginning of a trace's JSON (the first "distributedInfo" key).
std::optional<int> distributedRankInHead(std::string_view head);

} // namespace fusion
