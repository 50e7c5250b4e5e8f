// `/sessions search TEXT`: the sessions whose messages contain TEXT (ignoring case), most recent
// first, through SessionStore's public list() and load(id:) only. Damaged files are skipped.
import Foundation

/// Finds sessions by what was said in them.
public enum SessionSearch {
    /// Characters of context kept before the match.
    public static let contextBefore = 30
    /// Characters of context kept after the match.
    public static let contextAfter = 100

    /// The sessions in `store` with a message containing `text` (case-insensitive), in listing order.
    /// - Throws: `StorageError` when the directory cannot be read.
    public static func search(_ text: String, in store: SessionStore) async throws -> [SessionSearchHit] {
        guard !text.isEmpty else { return [] }
        let sessions = try await store.list().sessions
        var hits: [SessionSearchHit] = []
        for summary in sessions {
            guard let session = try? await store.load(id: summary.id) else { continue }
            guard let hit = firstMatch(of: text, in: session.messages) else { continue }
            // The stable number `/sessions` shows for this session (not its place in the list).
            hits.append(SessionSearchHit(number: summary.number, session: summary, role: hit.role, excerpt: hit.excerpt))
        }
        return hits
    }

    /// The first message containing `text`, with one line of context around the match.
    static func firstMatch(of text: String, in messages: [ChatMessage]) -> (role: ChatRole, excerpt: String)? {
        for message in messages {
            if let range = message.content.range(of: text, options: [.caseInsensitive]) {
                return (message.role, excerpt(of: message.content, around: range))
            }
        }
        return nil
    }

    /// `content` cut to a window around `range` and put on one line, with `…` where it was cut.
    public static func excerpt(of content: String, around range: Range<String.Index>) -> String {
        let start = content.index(range.lowerBound, offsetBy: -contextBefore, limitedBy: content.startIndex)
            ?? content.startIndex
        let end = content.index(range.upperBound, offsetBy: contextAfter, limitedBy: content.endIndex)
            ?? content.endIndex
        var line = ChatSession.singleLine(String(content[start..<end]))
        if start > content.startIndex { line = "…" + line }
        if end < content.endIndex { line += "…" }
        return line
    }
}
