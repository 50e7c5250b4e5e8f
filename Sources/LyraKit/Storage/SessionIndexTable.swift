// The parsed listing cache: the index file's bytes and one row of offsets and numbers per line,
// matched against a directory scan in the order the index was written (which is the directory's
// own order), with a lookup by inode for files that moved. Strings are made only for rows used.
import Foundation

/// The rows of `.index.tsv`, ready to be matched with the files of a directory scan.
struct SessionIndexTable {
    /// One line of the index: numbers parsed, text fields as byte ranges into ``bytes``.
    private struct Row {
        var stamp: SessionFileStamp
        var file: Range<Int>
        var id: Range<Int>
        var title: Range<Int>
        /// The reason after `!`, for a damaged file; nil for a session.
        var problem: Range<Int>?
        var messages: Int64
        var createdAt: Int64
        var updatedAt: Int64
        var number: Int64
        var listed: Int64
        /// Whether a text field holds a backslash escape.
        var escaped: Bool
    }

    private var bytes: [UInt8] = []
    private var rows: [Row] = []
    /// The row expected next: the index lists the files in the order the directory gave them.
    private var cursor = 0
    /// Inode → row, built on the first file out of order; inodes of several rows in ``shared``.
    private var byInode: [UInt64: Int]?
    private var shared: [UInt64: [Int]] = [:]

    /// The stamp of the numbers sidecar under which the rows' listed numbers were given; nil when none.
    private(set) var numbersStamp: SessionFileStamp?

    /// How many lines the index holds.
    var count: Int { rows.count }

    /// An empty table (no index).
    init() {}

    /// The table of an index file's bytes; nil when the header is not ``SessionIndex/header`` or a
    /// line is malformed (then the index is rebuilt from the files).
    init?(bytes: [UInt8]) {
        self.bytes = bytes
        guard let parsed = bytes.withUnsafeBufferPointer({ Self.parse($0) }) else { return nil }
        self.rows = parsed.rows
        self.numbersStamp = parsed.numbersStamp
    }

    /// The cached entry of the file called `name` when the index holds it with exactly `stamp`.
    mutating func entry(named name: UnsafeBufferPointer<UInt8>, stamp: SessionFileStamp) -> SessionIndexEntry? {
        if cursor < rows.count, matches(rows[cursor], name, stamp) {
            cursor += 1
            return entry(rows[cursor - 1])
        }
        guard let index = rowIndex(inode: stamp.inode, name: name, stamp: stamp) else { return nil }
        cursor = index + 1
        return entry(rows[index])
    }

    private mutating func rowIndex(inode: UInt64, name: UnsafeBufferPointer<UInt8>, stamp: SessionFileStamp) -> Int? {
        if byInode == nil { buildInodeLookup() }
        guard let first = byInode?[inode] else { return nil }
        if matches(rows[first], name, stamp) { return first }
        return shared[inode]?.first { matches(rows[$0], name, stamp) }
    }

    private mutating func buildInodeLookup() {
        var lookup: [UInt64: Int] = [:]
        lookup.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if let first = lookup[row.stamp.inode] {
                shared[row.stamp.inode, default: [first]].append(index)
            } else {
                lookup[row.stamp.inode] = index
            }
        }
        byInode = lookup
    }

    private func matches(_ row: Row, _ name: UnsafeBufferPointer<UInt8>, _ stamp: SessionFileStamp) -> Bool {
        guard row.stamp == stamp else { return false }
        if row.escaped { return text(row.file, of: row).utf8.elementsEqual(name) }
        guard row.file.count == name.count, let base = name.baseAddress else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let start = all.baseAddress else { return name.isEmpty }
            return memcmp(start + row.file.lowerBound, base, name.count) == 0
        }
    }

    private func entry(_ row: Row) -> SessionIndexEntry {
        let file = text(row.file, of: row)
        if let problem = row.problem {
            return SessionIndexEntry(file: file, stamp: row.stamp, problem: text(problem, of: row))
        }
        var entry = SessionIndexEntry(file: file, stamp: row.stamp, summary: SessionSummary(
            id: text(row.id, of: row), title: text(row.title, of: row), messageCount: Int(row.messages),
            createdAt: Date(timeIntervalSince1970: Double(row.createdAt) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(row.updatedAt) / 1000), fileName: file,
            number: Int(row.number)))
        entry.listed = Int(row.listed)
        return entry
    }

    /// A text field of `row`, unescaped.
    private func text(_ range: Range<Int>, of row: Row) -> String {
        let value = bytes.withUnsafeBufferPointer { all in
            String(decoding: UnsafeBufferPointer(rebasing: all[range]), as: UTF8.self)
        }
        return row.escaped ? SessionIndex.unescape(value) : value
    }
}

extension SessionIndexTable {
    /// The rows of the whole index and the sidecar stamp; nil for another header or any malformed line.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (rows: [Row], numbersStamp: SessionFileStamp?)? {
        var lines = TabSeparatedBytes.Lines(bytes)
        guard let first = lines.next(), bytes[first].elementsEqual(SessionIndex.header.utf8),
              let second = lines.next() else { return nil }
        var fields = TabSeparatedBytes.Fields(bytes, second)
        guard let label = fields.next(), bytes[label].elementsEqual(SessionIndex.numbersLabel.utf8),
              let inode = fields.integer(), let modified = fields.integer(), let size = fields.integer(),
              fields.isAtEnd else { return nil }
        let stamp = SessionFileStamp(inode: UInt64(bitPattern: inode), modified: modified, size: size)
        var rows: [Row] = []
        rows.reserveCapacity(bytes.count / 160)
        while let line = lines.next() {
            guard !line.isEmpty else { continue }
            guard let row = parse(line: line, in: bytes) else { return nil }
            rows.append(row)
        }
        return (rows, inode == 0 ? nil : stamp)
    }

    /// file, inode, mtime ns, size, id, messages, created ms, updated ms, `-` or `!reason`, title,
    /// number, listed number.
    private static func parse(line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Row? {
        var fields = TabSeparatedBytes.Fields(bytes, line)
        guard let file = fields.next(), let inode = fields.integer(), let modified = fields.integer(),
              let size = fields.integer(), let id = fields.next(), let messages = fields.integer(),
              let createdAt = fields.integer(), let updatedAt = fields.integer(), let marker = fields.next(),
              let title = fields.next(), let number = fields.integer(), let listed = fields.integer(),
              fields.isAtEnd else { return nil }
        let damaged = marker.first.map { bytes[$0] == UInt8(ascii: "!") } ?? false
        let escaped = TabSeparatedBytes.position(of: 0x5C, in: bytes, line) != nil
        return Row(stamp: SessionFileStamp(inode: UInt64(bitPattern: inode), modified: modified, size: size),
                   file: file, id: id, title: title, problem: damaged ? marker.dropFirst() : nil,
                   messages: messages, createdAt: createdAt, updatedAt: updatedAt, number: number, listed: listed, escaped: escaped)
    }
}
