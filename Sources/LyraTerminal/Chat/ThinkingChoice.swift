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
    /// The state file of models that open their thinking block in the prompt, and its list, read
    /// on the first turn and kept for the run.
    private let thinkOpenFile: ThinkOpenModels
    private var thinkOpenModels: Set<String>?

    init(level: ThinkLevel?, fromCommandLine: Bool, show: Bool, thinkOpenFile: ThinkOpenModels) {
        self.level = level
        self.fromCommandLine = fromCommandLine
        self.show = show
        self.thinkOpenFile = thinkOpenFile
    }

    /// Whether `model` is known to open its thinking block in the prompt.
    func opensThinkingInPrompt(_ model: String) -> Bool {
        let known = thinkOpenModels ?? thinkOpenFile.load()
        thinkOpenModels = known
        return known.contains(model)
    }

    /// Remembers that `model` opens its thinking block in the prompt, for this run and the next.
    func rememberOpensThinkingInPrompt(_ model: String) {
        guard !opensThinkingInPrompt(model) else { return }
        thinkOpenModels?.insert(model)
        thinkOpenFile.remember(model)
    }

    /// The level a turn in `chat`'s current session asks for.
    func effectiveLevel(in chat: ChatService) async -> ThinkLevel? {
        if fromCommandLine { return level }
        return (await chat.sessionThink).flatMap { try? ThinkLevel.parse($0) }
    }
}
