#pragma once
// A read-only SQLite database opened on bytes already in memory (a mapped file, or a compressed file's
// decompressed stretch), through SQLite's C library: no copy is made and nothing is written. Errors
// are TraceErrors naming the file and what SQLite said.
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace fusion {

class SqliteDb {
public:
    // `bytes` must stay valid while the database is open.
    SqliteDb(const char *bytes, size_t size, const std::string &file);
    ~SqliteDb();
    SqliteDb(const SqliteDb &) = delete;
    SqliteDb &operator=(const SqliteDb &) = delete;

    std::set<std::string> tables() const;  // the first read: a corrupt file fails here
    std::set<std::string> columns(std::string_view table) const;
    // Called now and then during queries; false interrupts the query (it then throws Cancelled).
    void onProgress(std::function<bool()> keepGoing);

    // A statement; its errors read "<context>: SQLite's message".
    class Query {
    public:
        Query(const SqliteDb &db, const std::string &sql, std::string context);
        ~Query();
        Query(const Query &) = delete;
        Query &operator=(const Query &) = delete;
        bool step();  // false after the last row
        bool isNull(int column) const;
        int64_t integer(int column) const;  // a NULL reads as `fallback` of integerOr
        int64_t integerOr(int column, int64_t fallback) const { return isNull(column) ? fallback : integer(column); }
        std::string_view text(int column) const;  // valid until the next step
        void bind(int parameter, int64_t value);
        void bind(int parameter, std::string_view value);
        void reset();

    private:
        const SqliteDb &m_db;
        sqlite3_stmt *m_stmt = nullptr;
        std::string m_context;
    };

    [[noreturn]] void fail(const std::string &what) const;  // "what: SQLite's message"

private:
    friend class Query;
    static int progressHandler(void *self);

    sqlite3 *m_db = nullptr;
    const std::string &m_file;
    std::function<bool()> m_keepGoing;
    bool m_cancelled = false;
};

} // namespace fusion
