// Feeds session titles to Tab completion whenever sessions are listed or a session is opened.
import Foundation
import LyraKit

/// Keeps `CompletionData.sessionTitles` in step with what the user has seen.
@MainActor
enum SessionCompletion {
    /// The most titles offered (the most recent sessions').
    nonisolated static let limit = 500

    /// Replaces the titles with those of the most recent `sessions` (one line each, duplicates dropped).
    static func update(_ sessions: [SessionSummary], in context: CommandContext) {
        context.completionData.set(.sessionTitles, titles(of: sessions))
    }

    /// The titles offered for `sessions`: sanitised, on one line, without duplicates, at most `limit`.
    nonisolated static func titles(of sessions: [SessionSummary]) -> [String] {
        var seen = Set<String>()
        return sessions.prefix(limit).map { TextSanitizer.singleLine($0.title) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// A loader for the first Tab that needs titles: the session list of `chat`.
    nonisolated static func loader(chat: ChatService) -> CompletionData.Loader {
        return {
            guard let listing = try? await chat.listSessions() else { return [:] }
            return [.sessionTitles: titles(of: listing.sessions)]
        }
    }

    /// Adds one title (a session just created or opened) if titles were loaded and it is not offered
    /// yet (before the first load, the loader will find it in the store).
    static func remember(_ title: String, in context: CommandContext) {
        let clean = TextSanitizer.singleLine(title)
        guard var titles = context.completionData.cachedNames(.sessionTitles) else { return }
        guard !clean.isEmpty, !titles.contains(clean) else { return }
        titles.insert(clean, at: 0)
        context.completionData.set(.sessionTitles, titles)
    }
}
