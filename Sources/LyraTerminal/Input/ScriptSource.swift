// Where a script's lines come from: stdin, a file, or `-c` arguments. Reads in large chunks,
// splits on `\n` (dropping a `\r` before it) and replaces invalid UTF-8 instead of failing. A value, so
// that ScriptLineReader's thread can own it while the main actor waits for lines.
import Foundation

/// A sequence of input lines for the script runner.
public struct ScriptSource: Sendable {
    private let descriptor: Int32?
    private var pending: [String]
    private var buffer: [UInt8] = []
    private var lineStart = 0
    private var scanned = 0
    private var reachedEnd = false

    /// Lines read from a file descriptor (not closed by the source).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        self.pending = []
    }

    /// Lines given in advance (each `-c` argument; embedded newlines split it).
    public init(lines: [String]) {
        self.descriptor = nil
        self.pending = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        self.pending.reverse()
    }

    /// Opens a script file.
    /// - Throws: `CommandError.usage` naming the file when it cannot be opened.
    public static func file(_ path: String) throws -> ScriptSource {
        if path == "-" { return ScriptSource(descriptor: 0) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        return ScriptSource(descriptor: descriptor)
    }

    /// The next line without its newline, or `nil` at the end of input.
    public mutating func nextLine() -> String? {
        guard let descriptor else { return pending.popLast() }
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                let line = decode(buffer[lineStart..<newline])
                lineStart = newline + 1
                scanned = lineStart
                return line
            }
            scanned = buffer.count
            if reachedEnd {
                guard lineStart < buffer.count else { return nil }
                defer { lineStart = buffer.count; scanned = lineStart }
                return decode(buffer[lineStart...])
            }
            buffer.removeSubrange(..<lineStart)
            scanned -= lineStart
            lineStart = 0
            fill(from: descriptor)
        }
    }

    /// Reads everything left (for `/improve -`).
    public mutating func readRemaining() -> String {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        return lines.joined(separator: "\n")
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
