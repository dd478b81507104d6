#include "trace/sqlitedb.h"

#include "trace/traceerror.h"

#include <sqlite3.h>

#include <cstring>

namespace fusion {

SqliteDb::SqliteDb(const char *bytes, size_t size, const std::string &file) : m_file(file)
{
    if (sqlite3_open_v2(":memory:", &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        sqlite3_close(m_db);
        throw std::bad_alloc();
    }
    // The file is data, not code: no triggers, views or functions of its schema run with our rights,
    // and nothing may change it.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    // SQLite only reads the image (SQLITE_DESERIALIZE_READONLY), whatever its signature says.
    auto *image = reinterpret_cast<unsigned char *>(const_cast<char *>(bytes));
    unsigned flags = SQLITE_DESERIALIZE_READONLY;
    // An image whose header says WAL mode (bytes 18 and 19 are 2) cannot be opened from memory. The
    // file is whole once its writer closed it, so a copy marked as a rollback-journal database (1)
    // reads the same.
    if (size > 19 && (image[18] == 2 || image[19] == 2)) {
        image = static_cast<unsigned char *>(sqlite3_malloc64(size));
        if (!image) {
            sqlite3_close(m_db);
            throw std::bad_alloc();
        }
        std::memcpy(image, bytes, size);
        image[18] = image[19] = 1;
        flags |= SQLITE_DESERIALIZE_FREEONCLOSE;
    }
    if (sqlite3_deserialize(m_db, "main", image, sqlite3_int64(size), sqlite3_int64(size), flags) != SQLITE_OK) {
        const std::string message = sqlite3_errmsg(m_db);
        sqlite3_close(m_db);
        throw TraceError(file, "not a readable SQLite database: " + message);  // out of memory
    }
}

SqliteDb::~SqliteDb() { sqlite3_close(m_db); }

void SqliteDb::fail(const std::string &what) const
{
    if (m_cancelled)
        throw Cancelled();
    const int code = sqlite3_errcode(m_db) & 0xff;
    const bool damaged = code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
    throw TraceError(m_file, what + ": " + sqlite3_errmsg(m_db) + (damaged ? " (a corrupt or truncated file)" : ""));
}

int SqliteDb::progressHandler(void *self)
{
    auto *db = static_cast<SqliteDb *>(self);
    if (!db->m_cancelled && db->m_keepGoing && !db->m_keepGoing())
        db->m_cancelled = true;
    return db->m_cancelled ? 1 : 0;
}

void SqliteDb::onProgress(std::function<bool()> keepGoing)
{
    m_keepGoing = std::move(keepGoing);
    sqlite3_progress_handler(m_db, 100000, &SqliteDb::progressHandler, this);
}

std::set<std::string> SqliteDb::tables() const
{
    std::set<std::string> out;
    Query q(*this, "SELECT name FROM sqlite_master WHERE type = 'table'", "not a readable SQLite database");
    while (q.step())
        out.emplace(q.text(0));
    return out;
}

std::set<std::string> SqliteDb::columns(std::string_view table) const
{
    std::set<std::string> out;
    Query q(*this, "SELECT name FROM pragma_table_info(?1)", "cannot read the columns of " + std::string(table));
    q.bind(1, table);
    while (q.step())
        out.emplace(q.text(0));
    return out;
}

SqliteDb::Query::Query(const SqliteDb &db, const std::string &sql, std::string context)
    : m_db(db), m_context(std::move(context))
{
    if (sqlite3_prepare_v2(db.m_db, sql.c_str(), int(sql.size()), &m_stmt, nullptr) != SQLITE_OK)
        db.fail(m_context);
}

SqliteDb::Query::~Query() { sqlite3_finalize(m_stmt); }

bool SqliteDb::Query::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    m_db.fail(m_context);
}

bool SqliteDb::Query::isNull(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }

int64_t SqliteDb::Query::integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

std::string_view SqliteDb::Query::text(int column) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return p ? std::string_view(p, size_t(sqlite3_column_bytes(m_stmt, column))) : std::string_view();
}

void SqliteDb::Query::bind(int parameter, int64_t value) { sqlite3_bind_int64(m_stmt, parameter, value); }

void SqliteDb::Query::bind(int parameter, std::string_view value)
{
    sqlite3_bind_text(m_stmt, parameter, value.data(), int(value.size()), SQLITE_TRANSIENT);
}

void SqliteDb::Query::reset() { sqlite3_reset(m_stmt); }

} // namespace fusion
