#include "export/outputfile.h"

#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <streambuf>
#include <vector>

namespace fusion {

// Named rather than anonymous: OutputFile::Impl, which has external linkage, holds a FileBuffer.
namespace outputfile_detail {

constexpr size_t kBufferBytes = 1 << 18;

// A stream buffer that hands full buffers to a FILE*, through deflate when compressing. Errors are
// remembered rather than thrown: the stream goes bad and commit() reports the first one.
class FileBuffer : public std::streambuf {
public:
    FileBuffer(std::FILE *file, bool gzip) : m_file(file), m_gzip(gzip), m_in(kBufferBytes)
    {
        setp(m_in.data(), m_in.data() + m_in.size());
        if (m_gzip) {
            m_out.resize(kBufferBytes);
            // 15 + 16: a gzip header and trailer, so that gzip, zcat and Perfetto UI read it.
            if (deflateInit2(&m_zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
                fail("zlib could not start compressing");
            else
                m_zsOpen = true;
        }
    }
    ~FileBuffer() override
    {
        if (m_zsOpen)
            deflateEnd(&m_zs);
    }

    // Writes out everything and ends the gzip stream.
    void finish()
    {
        drain(false);
        if (m_gzip && m_zsOpen)
            deflateChunk(Z_FINISH);
    }
    const std::string &error() const { return m_error; }
    uint64_t uncompressed() const { return m_uncompressed + uint64_t(pptr() - pbase()); }
    uint64_t written() const { return m_written; }

protected:
    int_type overflow(int_type ch) override
    {
        if (!drain(false))
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return drain(true) ? 0 : -1; }

private:
    bool drain(bool flushFile)
    {
        const size_t n = size_t(pptr() - pbase());
        m_uncompressed += n;
        setp(m_in.data(), m_in.data() + m_in.size());
        if (!m_error.empty())
            return false;
        if (m_gzip) {
            m_zs.next_in = reinterpret_cast<Bytef *>(m_in.data());
            m_zs.avail_in = uInt(n);
            deflateChunk(Z_NO_FLUSH);
        } else {
            put(m_in.data(), n);
        }
        if (flushFile && m_error.empty() && std::fflush(m_file) != 0)
            fail(std::strerror(errno));
        return m_error.empty();
    }
    void deflateChunk(int flush)
    {
        int rc = Z_OK;
        do {
            m_zs.next_out = reinterpret_cast<Bytef *>(m_out.data());
            m_zs.avail_out = uInt(m_out.size());
            rc = deflate(&m_zs, flush);
            if (rc == Z_STREAM_ERROR) {
                fail("zlib failed while compressing");
                return;
            }
            put(m_out.data(), m_out.size() - m_zs.avail_out);
        } while (m_error.empty() && (m_zs.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END)));
    }
    void put(const char *data, size_t n)
    {
        if (n == 0 || !m_error.empty())
            return;
        if (std::fwrite(data, 1, n, m_file) != n)
            fail(std::strerror(errno));
        m_written += n;
    }
    void fail(const std::string &why)
    {
        if (m_error.empty())
            m_error = why;
    }

    std::FILE *m_file;
    bool m_gzip;
    std::vector<char> m_in, m_out;
    z_stream m_zs{};
    bool m_zsOpen = false;
    std::string m_error;
    uint64_t m_uncompressed = 0, m_written = 0;
};

} // namespace outputfile_detail

using outputfile_detail::FileBuffer;

struct OutputFile::Impl {
    std::string path, temporary;
    std::FILE *file = nullptr;
    std::unique_ptr<FileBuffer> buffer;
    std::unique_ptr<std::ostream> stream;
    bool gzip = false, committed = false;
};

OutputFile::OutputFile(std::string path, Compression compression) : m(std::make_unique<Impl>())
{
    m->path = std::move(path);
    m->gzip = compression == Compression::ByName && m->path.size() > 3
              && m->path.compare(m->path.size() - 3, 3, ".gz") == 0;
    std::error_code ec;
    const auto kind = std::filesystem::symlink_status(m->path, ec).type();
    const bool direct = kind != std::filesystem::file_type::not_found && kind != std::filesystem::file_type::regular;
    // Unique per process and file: an export cancelled in the GUI may still be winding down while
    // the next one to the same name starts.
    static std::atomic<unsigned> serial{0};
    if (!direct)
        m->temporary = m->path + ".part-" + std::to_string(getpid()) + "-" + std::to_string(++serial);
    m->file = std::fopen(direct ? m->path.c_str() : m->temporary.c_str(), "wb");
    if (!m->file)
        throw std::runtime_error(m->path + ": cannot write: " + std::strerror(errno));
    m->buffer = std::make_unique<FileBuffer>(m->file, m->gzip);
    m->stream = std::make_unique<std::ostream>(m->buffer.get());
}

OutputFile::~OutputFile()
{
    if (m->committed)
        return;
    m->stream.reset();
    m->buffer.reset();
    if (m->file)
        std::fclose(m->file);
    std::error_code ignored;
    if (!m->temporary.empty())
        std::filesystem::remove(m->temporary, ignored);
}

std::ostream &OutputFile::stream() { return *m->stream; }

bool OutputFile::compressed() const { return m->gzip; }

uint64_t OutputFile::uncompressedBytes() const { return m->buffer->uncompressed(); }

uint64_t OutputFile::fileBytes() const { return m->buffer->written(); }

void OutputFile::commit()
{
    m->stream->flush();
    m->buffer->finish();
    std::string error = m->buffer->error();
    const int closed = std::fclose(m->file);
    m->file = nullptr;
    if (error.empty() && closed != 0)
        error = std::strerror(errno);
    if (error.empty() && !m->temporary.empty()) {
        std::error_code ec;
        std::filesystem::rename(m->temporary, m->path, ec);
        if (ec)
            error = ec.message();
    }
    if (!error.empty()) {
        std::error_code ignored;
        if (!m->temporary.empty())
            std::filesystem::remove(m->temporary, ignored);
        throw std::runtime_error(m->path + ": cannot write: " + error);
    }
    m->committed = true;
}

} // namespace fusion
