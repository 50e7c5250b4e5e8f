// How a session is named on the command line and in `/sessions` (SPEC §2, §9): its stable number,
// its id or a unique id prefix, or its exact title.
import Foundation

/// Resolves session references against a listing.
public enum SessionReference {
    /// The shortest id prefix accepted as a reference.
    public static let minimumPrefixLength = 4

    /// The session `reference` names in `sessions` (ordered as listed).
    ///
    /// Tried in order: a session's stable number; an id (any case); an exact title;
    /// an id prefix of at least ``minimumPrefixLength`` characters that only one id starts with.
    /// - Throws: `SessionError.notFound` or `.ambiguous` (several sessions with that title or prefix).
    public static func resolve(_ reference: String, in sessions: [SessionSummary]) throws -> SessionSummary {
        let text = reference.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw SessionError.notFound(reference: reference) }
        if text.allSatisfy(\.isASCIIDigit), let number = Int(text), number >= 1,
           let numbered = sessions.first(where: { $0.number == number }) {
            return numbered
        }
        let lowered = text.lowercased()
        if let byID = sessions.first(where: { $0.id.lowercased() == lowered }) { return byID }
        let titled = sessions.indices.filter { sessions[$0].title == text }
        if titled.count == 1 { return sessions[titled[0]] }
        if titled.count > 1 { throw ambiguity(text, titled, sessions) }
        guard text.count >= minimumPrefixLength else { throw SessionError.notFound(reference: text) }
        let prefixed = sessions.indices.filter { sessions[$0].id.lowercased().hasPrefix(lowered) }
        if prefixed.count == 1 { return sessions[prefixed[0]] }
        if prefixed.count > 1 { throw ambiguity(text, prefixed, sessions) }
        throw SessionError.notFound(reference: text)
    }

    private static func ambiguity(_ text: String, _ indices: [Int], _ sessions: [SessionSummary]) -> SessionError {
        let shown = indices.prefix(5).map { "#\(sessions[$0].number) (id \(sessions[$0].id.prefix(8)))" }
        return .ambiguous(reference: text, candidates: shown + (indices.count > 5 ? ["…"] : []))
    }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
