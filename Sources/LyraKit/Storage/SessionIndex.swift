// The listing cache `<sessions>/.index.tsv`: per session file its stamp and summary, so listing
// 10,000 sessions decodes no message. Only a cache: rebuilt per file whenever a stamp differs.
// A line-based format (one tab-separated line per file) because it parses several times faster than JSON.
import Foundation

/// Reads and writes the index file.
enum SessionIndex {
    /// The index file's name inside the sessions directory.
    static let fileName = ".index.tsv"
    /// The first line; an index with another header is ignored (and rebuilt).
    static let header = "lyra-session-index 4"

    /// The cached entries; empty when the index is missing, unreadable or of another version.
    static func read(in directory: URL) -> SessionIndexTable {
        guard let bytes = try? readBytes(directory.appending(path: fileName).path) else { return SessionIndexTable() }
        return SessionIndexTable(bytes: bytes) ?? SessionIndexTable()
    }

    /// The largest index used, in bytes: 100,000 sessions make about 17 MB. A larger one (a sparse
    /// or foreign file) is ignored without being read, and rebuilt.
    static let maximumBytes = 64 << 20

    /// The index file's bytes, or nil when it is missing. Only a regular file, not through a symlink,
    /// never blocking on a FIFO, and never over ``maximumBytes``.
    private static func readBytes(_ path: String) throws -> [UInt8]? {
        guard let file = try PosixFile.openingRegularFile(path, followingLinks: false) else { return nil }
        defer { file.closeFile() }
        return try file.readBytes(limit: maximumBytes)
    }

    /// Replaces the index atomically. Failures are ignored: the index is only a cache.
    static func write(_ entries: [SessionIndexEntry], in directory: URL) {
        var text = Array((header + "\n").utf8)
        text.reserveCapacity(entries.count * 180 + 64)
        for entry in entries { append(entry, to: &text) }
        try? AtomicFile.write(Data(text), to: directory.appending(path: fileName), mode: 0o600)
    }

    /// One line: file, inode, mtime ns, size, id, messages, created ms, updated ms, `-` or `!reason`,
    /// title, number (the file's own; 0 when none).
    private static func append(_ entry: SessionIndexEntry, to text: inout [UInt8]) {
        let summary = entry.summary
        func field(_ value: String) { text.append(contentsOf: escape(value).utf8); text.append(0x09) }
        func field(_ value: Int64) { text.append(contentsOf: String(value).utf8); text.append(0x09) }
        field(entry.file)
        field(Int64(bitPattern: entry.stamp.inode))
        field(entry.stamp.modified)
        field(entry.stamp.size)
        field(summary?.id ?? "")
        field(Int64(summary?.messageCount ?? 0))
        field(milliseconds(summary?.createdAt))
        field(milliseconds(summary?.updatedAt))
        field(summary == nil ? "!" + (entry.problem ?? "unreadable") : "-")
        field(summary?.title ?? "")
        text.append(contentsOf: String(summary?.number ?? 0).utf8)
        text.append(0x0A)
    }

    private static func milliseconds(_ date: Date?) -> Int64 {
        Int64(((date?.timeIntervalSince1970 ?? 0) * 1000).rounded())
    }

    /// Backslash, tab, newline and carriage return as `\\`, `\t`, `\n`, `\r`.
    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\r\n": result += "\\r\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// The inverse of `escape`.
    static func unescape(_ value: String) -> String {
        guard value.utf8.contains(0x5C) else { return value }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
