// How this run treats thinking models (SPEC §11): the level asked for (`--think`, `/think LEVEL`)
// and whether the reasoning itself is shown (`--reasoning`, `/think show`, `showReasoning`).
import Foundation
import LyraKit

/// This run's thinking level and reasoning display. Kept by AppServices across reloads.
@MainActor
final class ThinkingChoice {
    /// The level to ask for; nil asks for nothing (`default`).
    var level: ThinkLevel?
    /// Whether the reasoning text is shown (else, on a terminal, a one-line `thinking…` summary).
    var show: Bool

    init(level: ThinkLevel?, show: Bool) {
        self.level = level
        self.show = show
    }
}
