// The multi-line input state machine shared by the REPL and the script runner: `"""` alone on a
// line (or ending a line) opens a block that runs until a line that is exactly `"""`.
import Foundation

/// A complete unit of input: a line, possibly with a `"""` block attached.
public struct LogicalLine: Sendable, Equatable {
    /// The text of the opening line without the `"""` marker, trimmed of trailing spaces.
    public var head: String
    /// The block's lines joined with `\n`, when the line opened a block.
    public var block: String?
    /// The input line number (from 1) where this logical line began.
    public var lineNumber: Int

    /// A logical line starting at `lineNumber`.
    public init(head: String, block: String? = nil, lineNumber: Int) {
        self.head = head
        self.block = block
        self.lineNumber = lineNumber
    }
}

/// Collects physical lines into logical ones.
public struct InputAssembler: Sendable {
    /// The block marker.
    public static let marker = "\"\"\""

    private var openHead: String?
    private var openLine = 0
    private var blockLines: [String] = []

    /// A new assembler with no open block.
    public init() {}

    /// Whether a `"""` block is open (the REPL shows a continuation prompt).
    public var isInsideBlock: Bool { openHead != nil }

    /// The line where the open block started.
    public var openBlockLine: Int? { isInsideBlock ? openLine : nil }

    /// Feeds one physical line; returns a logical line when one is complete.
    public mutating func feed(_ line: String, lineNumber: Int) -> LogicalLine? {
        if let head = openHead {
            if line == Self.marker {
                let result = LogicalLine(head: head, block: blockLines.joined(separator: "\n"), lineNumber: openLine)
                reset()
                return result
            }
            blockLines.append(line)
            return nil
        }
        let trimmed = line.trimmingTrailingWhitespace()
        if trimmed.hasSuffix(Self.marker) {
            let head = String(trimmed.dropLast(Self.marker.count)).trimmingTrailingWhitespace()
            if head.hasSuffix("\\") || head.hasSuffix("\"") {
                return LogicalLine(head: line, lineNumber: lineNumber)
            }
            openHead = head
            openLine = lineNumber
            blockLines = []
            return nil
        }
        return LogicalLine(head: line, lineNumber: lineNumber)
    }

    /// Abandons an open block (Ctrl-C in the REPL).
    public mutating func reset() {
        openHead = nil
        blockLines = []
        openLine = 0
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = Substring(self)
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return String(result)
    }
}
