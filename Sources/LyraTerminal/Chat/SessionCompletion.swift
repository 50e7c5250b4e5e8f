// Feeds session titles to Tab completion whenever sessions are listed or a session is opened.
import Foundation
import LyraKit

/// Keeps `CompletionData.sessionTitles` in step with what the user has seen.
@MainActor
enum SessionCompletion {
    /// The most titles offered (the most recent sessions').
    static let limit = 500

    /// Replaces the titles with those of the most recent `sessions` (one line each, duplicates dropped).
    static func update(_ sessions: [SessionSummary], in context: CommandContext) {
        var seen = Set<String>()
        let titles = sessions.prefix(limit).map { ChatSession.singleLine(TextSanitizer.sanitize($0.title)) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        context.completionData.set(.sessionTitles, titles)
    }

    /// Adds one title (a session just created or opened) if it is not offered yet.
    static func remember(_ title: String, in context: CommandContext) {
        let clean = ChatSession.singleLine(TextSanitizer.sanitize(title))
        var titles = context.completionData.names(.sessionTitles)
        guard !clean.isEmpty, !titles.contains(clean) else { return }
        titles.insert(clean, at: 0)
        context.completionData.set(.sessionTitles, titles)
    }
}
