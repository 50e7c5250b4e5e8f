// The one-time rate prompt (the app's SKStoreReviewController): chat and video report their
// successes here; after enough of them, on a terminal, one muted line invites a rating.
import Foundation
import LyraKit

extension AppServices {
    /// Counts a successful chat reply; may print the one-time rate prompt. Never fails the line.
    public func recordSuccessfulChatReply(context: CommandContext) {
        recordRatePromptEvent(.chatReply, context: context)
    }

    /// Counts a successfully generated and saved video; may print the one-time rate prompt.
    /// Never fails the line.
    public func recordSuccessfulVideo(context: CommandContext) {
        recordRatePromptEvent(.video, context: context)
    }

    /// Counts `event` when Lyra is talking to a person (REPL on a terminal, not `-q`) and the prompt
    /// is on, and prints the prompt when it is due. Scripts neither count nor write anything, so
    /// the per-turn path of a script has no extra file write. Storage failures are ignored: a rate
    /// prompt is never worth an error.
    private func recordRatePromptEvent(_ event: RatePromptTracker.Event, context: CommandContext) {
        guard context.isInteractive && context.terminal.stdoutIsTTY && !context.quiet else { return }
        guard let configuration = try? configuration(), configuration.ratePromptEnabled else { return }
        let tracker = RatePromptTracker(directories: directories)
        guard (try? tracker.record(event, canShow: true)) == true else { return }
        let url = configuration.rateURL ?? RatePromptTracker.defaultRateURL
        context.console.writeLine(context.theme.paint(RatePromptTracker.message(url: url), .muted))
    }
}
