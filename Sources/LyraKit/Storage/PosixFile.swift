// A thin owner of a POSIX file descriptor: open, read, write all, fsync, close, with every
// failure turned into a `StorageError` naming the path. Used where Foundation hides modes or fsync.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor and the path it was opened from. Closed explicitly with `closeFile()`.
struct PosixFile: Sendable {
    /// The descriptor.
    let descriptor: Int32
    /// The path, for error messages.
    let path: String

    /// Opens `path` with `flags` (O_CLOEXEC is added) and `mode` for newly created files.
    static func opening(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(StorageError) -> PosixFile {
        while true {
            let fd = open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return PosixFile(descriptor: fd, path: path) }
            let code = errno
            if code != EINTR { throw .posix("open", path: path, code: code) }
        }
    }

    /// Opens `path` for reading, or returns nil when it does not exist. A relative `path` is taken
    /// from `directory` (an open directory's descriptor; by default the current directory).
    static func openingIfPresent(_ path: String, flags: Int32 = O_RDONLY, in directory: Int32 = AT_FDCWD)
        throws(StorageError) -> PosixFile? {
        while true {
            let fd = openat(directory, path, flags | O_CLOEXEC, 0)
            if fd >= 0 { return PosixFile(descriptor: fd, path: path) }
            let code = errno
            if code == ENOENT { return nil }
            if code != EINTR { throw .posix("open", path: path, code: code) }
        }
    }

    /// Opens `path` for reading only when it is a regular file; nil when it does not exist.
    /// O_NONBLOCK keeps a FIFO from blocking the open; O_NOFOLLOW (with `followingLinks` false)
    /// refuses a symlink in place of one of Lyra's own files.
    /// A relative `path` is taken from `directory`, as in ``openingIfPresent(_:flags:in:)``.
    /// - Throws: `StorageError.malformedFile` for anything but a regular file, or the open's error.
    static func openingRegularFile(_ path: String, followingLinks: Bool = true, in directory: Int32 = AT_FDCWD)
        throws(StorageError) -> PosixFile? {
        try openingRegularFileWithStatus(path, followingLinks: followingLinks, in: directory)?.file
    }

    /// ``openingRegularFile(_:followingLinks:in:)`` with the file's status (the `fstat` that checked it).
    static func openingRegularFileWithStatus(_ path: String, followingLinks: Bool = true, in directory: Int32 = AT_FDCWD)
        throws(StorageError) -> (file: PosixFile, status: stat)? {
        let flags = O_RDONLY | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)
        guard let file = try openingIfPresent(path, flags: flags, in: directory) else { return nil }
        do throws(StorageError) {
            let status = try file.status()
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw StorageError.malformedFile(path: path, reason: "not a regular file")
            }
            return (file, status)
        } catch {
            file.closeFile()
            throw error
        }
    }

    /// Writes every byte of `data` (a `Data` or a byte array, never copied), retrying short writes and EINTR.
    func writeAll(_ data: some ContiguousBytes) throws(StorageError) {
        let result: Int32? = data.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code = result { throw .posix("write", path: path, code: code) }
    }

    /// Reads up to `count` bytes; an empty result means end of file.
    func readChunk(upTo count: Int) throws(StorageError) -> Data {
        var buffer = Data(count: count)
        let outcome: (Int, Int32) = buffer.withUnsafeMutableBytes { raw in
            while true {
                let got = read(descriptor, raw.baseAddress, count)
                if got >= 0 { return (got, 0) }
                if errno != EINTR { return (-1, errno) }
            }
        }
        if outcome.0 < 0 { throw .posix("read", path: path, code: outcome.1) }
        buffer.count = outcome.0
        return buffer
    }

    /// Reads up to `buffer.count` bytes into `buffer` (one `read`); how many were read (0 at the end of the file).
    func readSome(into buffer: inout [UInt8]) throws(StorageError) -> Int {
        while true {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got >= 0 { return got }
            let code = errno
            if code != EINTR { throw .posix("read", path: path, code: code) }
        }
    }

    /// The rest of the file as bytes, after `head` (its first bytes, already read); nil when the file
    /// holds more than `limit` bytes (a sparse or foreign file is refused by its `fstat` size before
    /// anything is read). One array sized from `fstat` (or from `size`, the file's size when the
    /// caller has just had it), read into in place.
    /// - Throws: `StorageError` when a read fails.
    func readBytes(limit: Int, after head: ArraySlice<UInt8> = [], size: Int? = nil) throws(StorageError) -> [UInt8]? {
        let expected = if let size { size } else { Int(try status().st_size) }
        guard expected <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: max(expected, head.count) + 1)
        head.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { buffer in
                if let from = source.baseAddress, let to = buffer.baseAddress { to.copyMemory(from: from, byteCount: source.count) }
            }
        }
        var count = head.count
        while true {
            if count == bytes.count {
                guard count <= limit else { return nil }
                bytes += [UInt8](repeating: 0, count: max(4096, count))
            }
            let got = bytes.withUnsafeMutableBufferPointer { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .posix("read", path: path, code: code)
            }
            count += got
        }
        guard count <= limit else { return nil }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Reads the rest of the file, refusing files larger than `limit` bytes.
    func readToEnd(limit: Int = 16 << 20) throws(StorageError) -> Data {
        guard let bytes = try readBytes(limit: limit) else {
            throw .malformedFile(path: path, reason: "larger than \(limit) bytes")
        }
        return Data(bytes)
    }

    /// The file's status (`fstat`).
    func status() throws(StorageError) -> stat {
        var info = stat()
        if fstat(descriptor, &info) != 0 { throw .posix("stat", path: path, code: errno) }
        return info
    }

    /// Sets the permission bits exactly (not subject to the umask).
    func setMode(_ mode: mode_t) throws(StorageError) {
        if fchmod(descriptor, mode) != 0 { throw .posix("chmod", path: path, code: errno) }
    }

    /// Flushes the file's data and metadata to stable storage.
    func sync() throws(StorageError) {
        if fsync(descriptor) != 0 { throw .posix("fsync", path: path, code: errno) }
    }

    /// Closes the descriptor.
    func closeFile() {
        _ = close(descriptor)
    }
}
