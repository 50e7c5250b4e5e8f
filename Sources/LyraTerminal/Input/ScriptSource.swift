// Where a script's lines come from: stdin, a file, or `-c` arguments. Reads in large chunks,
// splits on `\n` (dropping a `\r` before it) and replaces invalid UTF-8 instead of failing. A line
// longer than 16 MiB (SPEC §10) is skipped as it streams in, so memory stays bounded on any input.
// A value, so that ScriptLineReader's queue can own it while the main actor waits for lines.
import Foundation

/// A sequence of input lines for the script runner.
public struct ScriptSource: Sendable {
    /// One input line, or the report of a line that was too long to keep.
    public enum Line: Equatable, Sendable {
        /// A line's text without its newline.
        case text(String)
        /// A line longer than ``maximumLineBytes``; its bytes were discarded.
        case tooLong
    }

    /// The longest line kept, in bytes (SPEC §10: 16 MiB).
    public static let maximumLineBytes = 16 << 20

    private let descriptor: Int32?
    private let lineLimit: Int
    private var discarding = false
    private var pending: [String]
    private var buffer: [UInt8] = []
    private var lineStart = 0
    private var scanned = 0
    private var reachedEnd = false

    /// Lines read from a file descriptor (not closed by the source); lines longer than
    /// `lineLimit` bytes are reported as ``Line/tooLong``.
    public init(descriptor: Int32, lineLimit: Int = ScriptSource.maximumLineBytes) {
        self.descriptor = descriptor
        self.lineLimit = lineLimit
        self.pending = []
    }

    /// Lines given in advance (each `-c` argument; embedded newlines split it).
    public init(lines: [String]) {
        self.descriptor = nil
        self.lineLimit = ScriptSource.maximumLineBytes
        self.pending = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        self.pending.reverse()
    }

    /// Opens a script file (a directory is refused).
    /// - Throws: `UsageError` naming the file when it cannot be opened or is a directory.
    public static func file(_ path: String) throws -> ScriptSource {
        if path == "-" { return ScriptSource(descriptor: 0) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw UsageError(message: "cannot read '\(path)': it is a directory, not a script file")
        }
        return ScriptSource(descriptor: descriptor)
    }

    /// The next line, ``Line/tooLong`` for a line over the limit, or `nil` at the end of input.
    public mutating func next() -> Line? {
        guard let descriptor else { return pending.popLast().map(Line.text) }
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) { return takeLine(endingAt: newline) }
            scanned = buffer.count
            if reachedEnd { return finalLine() }
            buffer.removeSubrange(..<lineStart)
            scanned -= lineStart
            lineStart = 0
            if buffer.count > lineLimit || discarding {
                discarding = true
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            fill(from: descriptor)
        }
    }

    /// The buffered line ending at the newline at `newline` (``Line/tooLong`` when it was being discarded).
    private mutating func takeLine(endingAt newline: Int) -> Line {
        let line = discarding ? Line.tooLong : .text(decode(buffer[lineStart..<newline]))
        discarding = false
        lineStart = newline + 1
        scanned = lineStart
        return line
    }

    /// The unterminated last line at the end of input, if any.
    private mutating func finalLine() -> Line? {
        defer { lineStart = buffer.count; scanned = lineStart; discarding = false }
        if discarding { return .tooLong }
        guard lineStart < buffer.count else { return nil }
        return .text(decode(buffer[lineStart...]))
    }

    private mutating func fill(from descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { reachedEnd = true } else { buffer.append(contentsOf: chunk[..<count]) }
            return
        }
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        if slice.last == 13 { slice.removeLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
