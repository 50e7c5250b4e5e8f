// The one reasoning parser of SPEC §11: splits a reply into reasoning and answer, whether the server
// sends reasoning in its own field (`reasoning_content`, `reasoning`) or inside the content as
// `<think>…</think>` / `<thinking>…</thinking>`, or as a lone `</think>` when the chat template opened
// the block in the prompt. Streaming-safe: a tag split across pieces at any byte is reassembled.
import Foundation

/// What a reply's next pieces are, once classified.
public enum ReplyPiece: Equatable, Sendable {
    /// Reasoning text, in order.
    case reasoning(String)
    /// Answer text, in order.
    case content(String)
    /// What was classified so far changed side (a lone `</think>` turned the text before it into
    /// reasoning, or a block expected to close never did): read ``ReasoningSplitter/reasoning`` and
    /// ``ReasoningSplitter/content`` for the corrected whole.
    case reclassified
}

/// Splits a streamed reply into reasoning and content. Feed it the pieces as they arrive, then
/// ``finish()``; the result does not depend on where the pieces were split.
public struct ReasoningSplitter: Sendable {
    /// All reasoning so far (tags removed).
    public private(set) var reasoning = ""
    /// All content so far (tags and the reasoning they held removed).
    public private(set) var content = ""
    /// Whether a lone `</think>` ended a block the reply never opened (the model's template opens it).
    public private(set) var sawLoneClose = false

    private enum State: Sendable {
        /// Nothing but whitespace yet: an opening tag may still come.
        case leading
        /// Inside a block that ends with `closer`.
        case block(closer: String)
        /// Right after a block: whitespace before the answer is dropped.
        case afterBlock
        /// The answer; `watching` while a lone `</think>` could still end an implicit block.
        case answer(watching: Bool)
    }

    private static let openers = ["<think>", "<thinking>"]
    private static let closers = ["</think>", "</thinking>"]

    private var state: State
    /// Text held back because it may be the start of a tag (or leading whitespace).
    private var pending = ""
    /// Whether the reply was expected to start inside a block (`thinkOpen`).
    private let startsInside: Bool
    /// While in the block the reply was expected to start in: the content text held as reasoning,
    /// and the reasoning that came in a field of its own (apart, in case the block never closes).
    private var heldInStartBlock: (content: String, fields: String)?

    /// A splitter for one reply. `startsInside`: the model is known to begin its reply inside a
    /// thinking block that the prompt opened, so content counts as reasoning until `</think>`.
    public init(startsInside: Bool = false) {
        self.startsInside = startsInside
        state = startsInside ? .block(closer: "</think>") : .leading
        heldInStartBlock = startsInside ? ("", "") : nil
    }

    /// Takes a piece of `content` (which may hold tags).
    public mutating func feed(content piece: String) -> [ReplyPiece] {
        pending += piece
        return scan(final: false)
    }

    /// Takes a piece from a reasoning field. Reasoning that comes after the answer began is answer.
    public mutating func feed(reasoning piece: String) -> [ReplyPiece] {
        guard !piece.isEmpty else { return [] }
        switch state {
        case .answer where !content.isEmpty:
            return emitContent(piece)
        case .leading where !pending.isEmpty:
            // Whitespace held at the start belongs before this reasoning, not after: it is dropped.
            pending = ""
            fallthrough
        default:
            reasoning += piece
            heldInStartBlock?.fields += piece
            return [.reasoning(piece)]
        }
    }

    /// Ends the reply: what was held back is classified.
    public mutating func finish() -> [ReplyPiece] {
        var pieces = scan(final: true)
        if let held = heldInStartBlock {
            // The block the model was expected to open in its prompt never closed: it was the answer.
            content = held.content + pending
            reasoning = held.fields
            pending = ""
            heldInStartBlock = nil
            state = .answer(watching: false)
            pieces.append(.reclassified)
        } else if !pending.isEmpty {
            switch state {
            case .block: pieces += emitReasoning(pending)
            case .afterBlock, .leading: break   // whitespace only
            case .answer: pieces += emitContent(pending)
            }
            pending = ""
        }
        return pieces
    }

    // MARK: - Private

    /// Classifies `pending` as far as it can be; with `final`, no more text comes.
    private mutating func scan(final: Bool) -> [ReplyPiece] {
        var pieces: [ReplyPiece] = []
        while !pending.isEmpty {
            switch state {
            case .leading:
                let trimmed = pending.drop { $0.isWhitespace }
                if let opener = Self.openers.first(where: { trimmed.hasPrefix($0) }) {
                    pending = String(trimmed.dropFirst(opener.count))
                    state = .block(closer: "</" + opener.dropFirst())
                } else if !final, trimmed.isEmpty || Self.openers.contains(where: { $0.hasPrefix(trimmed) }) {
                    return pieces   // whitespace, or a tag still arriving
                } else {
                    // No tag: the answer keeps its leading white space, as the server sent it.
                    state = .answer(watching: reasoning.isEmpty)
                }
            case .block(let closer):
                if let range = Self.firstTag(in: pending, tags: [closer]) {
                    pieces += emitReasoning(String(pending[..<range.lowerBound]), held: true)
                    pending = String(pending[range.upperBound...])
                    state = .afterBlock
                    heldInStartBlock = nil
                } else {
                    let keep = final ? 0 : Self.partialTagLength(at: pending, tags: [closer])
                    if final, heldInStartBlock != nil { return pieces }   // finish() reclassifies
                    pieces += emitReasoning(String(pending.dropLast(keep)), held: true)
                    pending = String(pending.suffix(keep))
                    return pieces
                }
            case .afterBlock:
                pending = String(pending.drop { $0.isWhitespace })
                if !pending.isEmpty { state = .answer(watching: false) }
            case .answer(let watching):
                guard watching else {
                    pieces += emitContent(pending)
                    pending = ""
                    return pieces
                }
                if let range = Self.firstTag(in: pending, tags: Self.closers) {
                    // A lone close: everything before it was reasoning.
                    reasoning += content + pending[..<range.lowerBound]
                    content = ""
                    sawLoneClose = true
                    pending = String(pending[range.upperBound...])
                    state = .afterBlock
                    pieces.append(.reclassified)
                } else {
                    let keep = final ? 0 : Self.partialTagLength(at: pending, tags: Self.closers)
                    pieces += emitContent(String(pending.dropLast(keep)))
                    pending = String(pending.suffix(keep))
                    return pieces
                }
            }
        }
        return pieces
    }

    /// `held`: the text came through the content (kept apart while in the start block).
    private mutating func emitReasoning(_ text: String, held: Bool = false) -> [ReplyPiece] {
        // The line break after `<think>` is the tag's, not the reasoning's.
        let text = reasoning.isEmpty ? String(text.drop { $0.isNewline }) : text
        guard !text.isEmpty else { return [] }
        if held { heldInStartBlock?.content += text }
        reasoning += text
        return [.reasoning(text)]
    }

    private mutating func emitContent(_ text: String) -> [ReplyPiece] {
        guard !text.isEmpty else { return [] }
        content += text
        return [.content(text)]
    }

    /// Where the first of `tags` (ASCII, each starting with `<`) begins in `text`, by its bytes: a
    /// search that costs the length of `text` and allocates nothing (it runs on every piece).
    private static func firstTag(in text: String, tags: [String]) -> Range<String.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while let start = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            for tag in tags where bytes[start...].starts(with: tag.utf8) {
                return start..<bytes.index(start, offsetBy: tag.utf8.count)
            }
            index = bytes.index(after: start)
        }
        return nil
    }

    /// How many characters at the end of `text` could be the start of one of `tags` (ASCII: as many
    /// characters as bytes), counted by bytes.
    private static func partialTagLength(at text: String, tags: [String]) -> Int {
        let bytes = text.utf8
        let longest = tags.map(\.utf8.count).max() ?? 0
        for length in stride(from: min(longest - 1, bytes.count), through: 1, by: -1) {
            let tail = bytes.suffix(length)
            if tags.contains(where: { $0.utf8.starts(with: tail) }) { return length }
        }
        return 0
    }
}
