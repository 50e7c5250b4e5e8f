// A word-level diff of two texts (what `/improve` changed): pure, Unicode-aware, and bounded so
// that even 100 KB texts diff in linear time (see ``WordAligner``).
import Foundation

/// The differences between an old and a new text, as runs of kept, deleted and inserted text.
public struct WordDiff: Equatable, Sendable {
    /// One run of the diff.
    public enum Segment: Equatable, Sendable {
        /// Text in both versions.
        case same(String)
        /// Text only in the old version.
        case deleted(String)
        /// Text only in the new version.
        case inserted(String)
    }

    /// The runs, in order. Kept runs are merged; each changed region is one deletion (if any)
    /// followed by one insertion (if any).
    public let segments: [Segment]

    /// The diff from `old` to `new`.
    public init(old: String, new: String) {
        let oldTokens = WordTokenizer.tokens(old)
        let newTokens = WordTokenizer.tokens(new)
        let steps = WordAligner.align(oldTokens, newTokens)
        segments = Self.segments(steps: steps, old: oldTokens, new: newTokens)
    }

    /// Whether anything changed.
    public var hasChanges: Bool {
        segments.contains { if case .same = $0 { false } else { true } }
    }

    /// The old text, rebuilt from the segments.
    public var oldText: String {
        segments.map { if case .inserted = $0 { "" } else { $0.text } }.joined()
    }

    /// The new text, rebuilt from the segments.
    public var newText: String {
        segments.map { if case .deleted = $0 { "" } else { $0.text } }.joined()
    }

    /// Groups aligned tokens into runs.
    private static func segments(steps: [WordAligner.Step], old: [String], new: [String]) -> [Segment] {
        var result: [Segment] = []
        var same = "", deleted = "", inserted = ""
        var i = 0, j = 0
        func flushChanges() {
            if !deleted.isEmpty { result.append(.deleted(deleted)) }
            if !inserted.isEmpty { result.append(.inserted(inserted)) }
            deleted = ""
            inserted = ""
        }
        for step in steps {
            switch step {
            case .keep:
                flushChanges()
                same += old[i]; i += 1; j += 1
            case .delete:
                if !same.isEmpty { result.append(.same(same)); same = "" }
                deleted += old[i]; i += 1
            case .insert:
                if !same.isEmpty { result.append(.same(same)); same = "" }
                inserted += new[j]; j += 1
            }
        }
        flushChanges()
        if !same.isEmpty { result.append(.same(same)) }
        return result
    }
}

extension WordDiff.Segment {
    /// The segment's text.
    public var text: String {
        switch self {
        case .same(let text), .deleted(let text), .inserted(let text): return text
        }
    }
}
