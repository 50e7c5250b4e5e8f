// Tab completion between libedit's C callback and Swift: the callback reads the line before the
// cursor, asks the installed provider, and inserts or lists what it answers.
import CLineEdit
import Foundation
import LyraKit
import Synchronization

/// Computes completions for the text before the cursor. Called on the editor thread.
public typealias CompletionProvider = @Sendable (_ lineBeforeCursor: String) -> CompletionResult

/// What Tab offers: the word being completed and the candidates that could replace it.
public struct CompletionResult: Sendable, Equatable {
    /// The partial word at the cursor.
    public var word: String
    /// Full replacements for `word`, each starting with it. A trailing `/` means "keep completing".
    public var candidates: [String]

    /// A result for `word` with its `candidates`.
    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = candidates
    }

    /// The text to insert at the cursor: the rest of a single candidate (plus a space), or the
    /// longest prefix the candidates share.
    public var insertion: String {
        let matching = candidates.filter { $0.hasPrefix(word) }
        guard let first = matching.first else { return "" }
        if matching.count == 1 {
            return String(first.dropFirst(word.count)) + (first.hasSuffix("/") ? "" : " ")
        }
        var prefix = first
        for candidate in matching.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return String(prefix.dropFirst(word.count))
    }

    /// Whether Tab should list the candidates (several, and nothing more to insert).
    public var shouldList: Bool { candidates.count > 1 && insertion.isEmpty }
}

/// Holds the process's completion provider for libedit's C callback.
final class CompletionBridge: Sendable {
    static let shared = CompletionBridge()
    private let provider = Mutex<CompletionProvider?>(nil)

    func install(_ completer: @escaping CompletionProvider) {
        provider.withLock { $0 = completer }
    }

    /// The C entry point libedit calls on Tab (always on the editor thread).
    static let callback: cle_complete_fn = { CompletionBridge.shared.complete() }

    private func complete() -> UInt8 {
        guard let completer = provider.withLock({ $0 }) else { return UInt8(CLE_CC_ERROR) }
        var length: Int32 = 0
        guard let buffer = cle_line_before_cursor(&length) else { return UInt8(CLE_CC_ERROR) }
        let result = completer(WideString.decode(buffer, count: Int(length)))
        let insertion = result.insertion
        if !insertion.isEmpty {
            _ = WideString.withWide(insertion) { cle_insert($0) }
            return UInt8(CLE_CC_REFRESH)
        }
        guard result.shouldList else { return UInt8(CLE_CC_ERROR) }
        let width = Terminal.resolveWidth(stdoutColumns: Terminal.measureWindowColumns(1),
                                          stderrColumns: Terminal.measureWindowColumns(2),
                                          columnsVariable: ProcessInfo.processInfo.environment["COLUMNS"])
        let listing = "\n" + CompletionListing.columns(result.candidates, width: width) + "\n"
        Array(listing.utf8).withUnsafeBytes { FileDescriptorSink(fd: 1).write($0) }
        return UInt8(CLE_CC_REDISPLAY)
    }
}

/// Lays out completion candidates in columns, like readline does.
enum CompletionListing {
    /// `items` in as many columns as fit in `width` terminal columns (display width, so wide
    /// characters line up).
    static func columns(_ items: [String], width: Int) -> String {
        let cell = (items.map { DisplayWidth.columns(of: $0) }.max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        var lines: [String] = []
        var index = 0
        while index < items.count {
            let row = items[index..<min(index + perRow, items.count)]
            lines.append(row.map { DisplayWidth.pad($0, toColumns: cell) }.joined()
                .trimmingCharacters(in: .whitespaces))
            index += perRow
        }
        return lines.joined(separator: "\n")
    }
}
