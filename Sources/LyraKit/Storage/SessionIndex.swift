// The listing cache `<sessions>/.index.tsv`: per session file its stamp and summary, so listing
// 10,000 sessions decodes no message. Only a cache: rebuilt per file whenever a stamp differs.
// A line-based format (one tab-separated line per file) because it parses several times faster than JSON.
import Foundation

/// One file's cached summary (or the reason it could not be read).
struct SessionIndexEntry: Equatable, Sendable {
    /// The file's name in the sessions directory.
    var file: String
    /// The stamp the summary was computed from.
    var stamp: SessionFileStamp
    /// The session's summary; nil for a damaged file.
    var summary: SessionSummary?
    /// Why the file is not a valid session; nil when it is.
    var problem: String?

    /// The entry for a readable session.
    init(file: String, stamp: SessionFileStamp, summary: SessionSummary) {
        self.file = file
        self.stamp = stamp
        self.summary = summary
    }

    /// The entry for a damaged file.
    init(file: String, stamp: SessionFileStamp, problem: String) {
        self.file = file
        self.stamp = stamp
        self.problem = problem
    }
}

/// Reads and writes the index file.
enum SessionIndex {
    /// The index file's name inside the sessions directory.
    static let fileName = ".index.tsv"
    /// The first line; an index with another header is ignored (and rebuilt).
    static let header = "lyra-session-index 2"

    /// The cached entries by file name; empty when the index is missing, unreadable or of another version.
    static func read(in directory: URL) -> [String: SessionIndexEntry] {
        guard let data = try? readBytes(directory.appending(path: fileName).path) else { return [:] }
        return data.withUnsafeBytes { raw in parse(UnsafeRawBufferPointer(raw)) }
    }

    /// The largest index used, in bytes: 100,000 sessions make about 17 MB. A larger one (a sparse
    /// or foreign file) is ignored without being read, and rebuilt.
    static let maximumBytes = 64 << 20

    /// The index file's bytes, or nil when it is missing. Only a regular file, not through a symlink,
    /// never blocking on a FIFO, and never over ``maximumBytes``.
    private static func readBytes(_ path: String) throws -> Data? {
        guard let file = try PosixFile.openingRegularFile(path, followingLinks: false) else { return nil }
        defer { file.closeFile() }
        guard try file.status().st_size <= maximumBytes else { return nil }
        return try file.readToEnd(limit: maximumBytes)
    }

    /// Parses the whole index; any malformed line discards it (it is rebuilt from the files).
    private static func parse(_ bytes: UnsafeRawBufferPointer) -> [String: SessionIndexEntry] {
        var lines = LineCursor(bytes: bytes)
        guard let first = lines.next(), String(decoding: first, as: UTF8.self) == header else { return [:] }
        var entries: [String: SessionIndexEntry] = [:]
        entries.reserveCapacity(bytes.count / 100)
        while let line = lines.next() {
            guard !line.isEmpty else { continue }
            guard let entry = parse(line: line) else { return [:] }
            entries[entry.file] = entry
        }
        return entries
    }

    private static func parse(line: UnsafeRawBufferPointer.SubSequence) -> SessionIndexEntry? {
        var fields: [UnsafeRawBufferPointer.SubSequence] = []
        fields.reserveCapacity(11)
        var fieldStart = line.startIndex
        for index in line.indices where line[index] == 0x09 {
            fields.append(line[fieldStart..<index])
            fieldStart = index + 1
        }
        fields.append(line[fieldStart..<line.endIndex])
        guard fields.count == 11, let number = integer(fields[10]),
              let inode = integer(fields[1]), let modified = integer(fields[2]),
              let size = integer(fields[3]), let messages = integer(fields[5]),
              let createdAt = integer(fields[6]), let updatedAt = integer(fields[7]) else { return nil }
        let stamp = SessionFileStamp(inode: UInt64(bitPattern: inode), modified: modified, size: size)
        let file = unescape(String(decoding: fields[0], as: UTF8.self))
        if fields[8].first == UInt8(ascii: "!") {
            return SessionIndexEntry(file: file, stamp: stamp,
                                     problem: unescape(String(decoding: fields[8].dropFirst(), as: UTF8.self)))
        }
        return SessionIndexEntry(file: file, stamp: stamp, summary: SessionSummary(
            id: unescape(String(decoding: fields[4], as: UTF8.self)),
            title: unescape(String(decoding: fields[9], as: UTF8.self)), messageCount: Int(messages),
            createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(updatedAt) / 1000), fileName: file, number: Int(number)))
    }

    /// A decimal integer (optionally negative) from ASCII bytes.
    private static func integer(_ bytes: UnsafeRawBufferPointer.SubSequence) -> Int64? {
        var value: Int64 = 0
        var negative = false
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "-") && digits == 0 && !negative { negative = true; continue }
            guard byte >= 48, byte <= 57 else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = shifted &+ Int64(byte - 48)
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// Replaces the index atomically. Failures are ignored: the index is only a cache.
    static func write(_ entries: [SessionIndexEntry], in directory: URL) {
        var text = header + "\n"
        for entry in entries {
            let summary = entry.summary
            let fields = [
                escape(entry.file), String(entry.stamp.inode), String(entry.stamp.modified), String(entry.stamp.size),
                escape(summary?.id ?? ""), String(summary?.messageCount ?? 0),
                String(milliseconds(summary?.createdAt)), String(milliseconds(summary?.updatedAt)),
                summary == nil ? "!" + escape(entry.problem ?? "unreadable") : "-", escape(summary?.title ?? ""),
                String(summary?.number ?? 0),
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        try? AtomicFile.write(Data(text.utf8), to: directory.appending(path: fileName), mode: 0o600)
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

/// Splits a byte buffer into lines (without their `\n`).
private struct LineCursor {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    mutating func next() -> UnsafeRawBufferPointer.SubSequence? {
        guard position < bytes.count else { return nil }
        var end = position
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        defer { position = end + 1 }
        return bytes[position..<end]
    }
}
