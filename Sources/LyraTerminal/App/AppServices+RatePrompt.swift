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

    /// Tells LyraKit's tracker about `event` (it decides whether the prompt is due) and prints the
    /// prompt in muted text when it is. A person is watching in the REPL on a terminal without
    /// `-q`; scripts neither count nor write anything, so a script's turns have no extra file write.
    private func recordRatePromptEvent(_ event: RatePromptTracker.Event, context: CommandContext) {
        let personWatching = context.isInteractive && context.terminal.stdoutIsTTY && !context.quiet
        guard personWatching, let configuration = try? configuration(),
              let invitation = RatePromptTracker(directories: directories)
                  .invitation(after: event, configuration: configuration, personWatching: personWatching)
        else { return }
        context.console.writeMessage(invitation, theme: context.theme, bodyStyle: .muted)
    }
}
