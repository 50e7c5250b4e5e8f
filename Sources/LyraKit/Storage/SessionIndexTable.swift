// The parsed listing cache: the entries of `.index.tsv` by file name, and the reading of Lyra's
// tab-separated sidecars (`.index.tsv`, `.numbers.tsv`): non-empty lines, fields, decimal integers.
import Foundation

/// The rows of `.index.tsv`, looked up by the files of a directory scan.
struct SessionIndexTable {
    /// The entries by file name.
    private var entries: [String: SessionIndexEntry] = [:]

    /// How many lines the index holds.
    var count: Int { entries.count }

    /// An empty table (no index).
    init() {}

    /// The table of an index file's bytes; nil when the header is not ``SessionIndex/header`` or a
    /// line is malformed (then the index is rebuilt from the files).
    init?(bytes: [UInt8]) {
        var lines = Self.lines(of: bytes)
        guard let first = lines.popFirst(), first.elementsEqual(SessionIndex.header.utf8) else { return nil }
        entries.reserveCapacity(lines.count)
        for line in lines {
            guard let entry = Self.entry(Self.fields(of: line)) else { return nil }
            entries[entry.file] = entry
        }
    }

    /// The cached entry of the file called `name` when the index holds it with exactly `stamp`.
    func entry(named name: String, stamp: SessionFileStamp) -> SessionIndexEntry? {
        guard let entry = entries[name], entry.stamp == stamp else { return nil }
        return entry
    }

    /// file, inode, mtime ns, size, id, messages, created ms, updated ms, `-` or `!reason`, title,
    /// number; nil for anything else.
    private static func entry(_ field: [ArraySlice<UInt8>]) -> SessionIndexEntry? {
        guard field.count == 11, let inode = integer(field[1]), let modified = integer(field[2]),
              let size = integer(field[3]), let messages = integer(field[5]), let createdAt = integer(field[6]),
              let updatedAt = integer(field[7]), let number = integer(field[10]) else { return nil }
        let file = text(field[0])
        let stamp = SessionFileStamp(inode: UInt64(bitPattern: inode), modified: modified, size: size)
        if field[8].first == UInt8(ascii: "!") {
            return SessionIndexEntry(file: file, stamp: stamp, problem: text(field[8].dropFirst()))
        }
        return SessionIndexEntry(file: file, stamp: stamp, summary: SessionSummary(
            id: text(field[4]), title: text(field[9]), messageCount: Int(messages),
            createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(updatedAt) / 1000), fileName: file, number: Int(number)))
    }
}

extension SessionIndexTable {
    /// The non-empty lines of a sidecar's bytes.
    static func lines(of bytes: [UInt8]) -> ArraySlice<ArraySlice<UInt8>> {
        bytes.split(separator: 0x0A)[...]
    }

    /// The tab-separated fields of one line.
    static func fields(of line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: 0x09, omittingEmptySubsequences: false)
    }

    /// A decimal integer field (optionally negative); nil for anything else or an overflow.
    static func integer(_ field: ArraySlice<UInt8>) -> Int64? {
        Int64(String(decoding: field, as: UTF8.self))
    }

    /// A text field, unescaped (``SessionIndex/unescape(_:)``).
    static func text(_ field: ArraySlice<UInt8>) -> String {
        SessionIndex.unescape(String(decoding: field, as: UTF8.self))
    }
}
