// How this run treats thinking models (SPEC §11): the level asked for (`--think`, `/think LEVEL`)
// and whether the reasoning itself is shown (`--reasoning`, `/think show`, `showReasoning`).
import Foundation
import LyraKit

/// This run's thinking level and reasoning display. Kept by AppServices across reloads.
@MainActor
final class ThinkingChoice {
    /// The level given with `--think` for the whole run (nil asks for nothing: `default`).
    var level: ThinkLevel?
    /// Whether `--think` was given: then it wins over the session's saved level until `/think`.
    var fromCommandLine: Bool
    /// Whether the reasoning text is shown (else, on a terminal, a one-line `thinking…` summary).
    var show: Bool

    init(level: ThinkLevel?, fromCommandLine: Bool, show: Bool) {
        self.level = level
        self.fromCommandLine = fromCommandLine
        self.show = show
    }

    /// The level a turn in `chat`'s current session asks for.
    func effectiveLevel(in chat: ChatService) async -> ThinkLevel? {
        if fromCommandLine { return level }
        return (await chat.sessionThink).flatMap { try? ThinkLevel.parse($0) }
    }
}
