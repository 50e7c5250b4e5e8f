// The plumbing every streamed reply shares (chat turns, /improve): a spinner until the first piece,
// the pieces handed from the service's callback (any thread) to the main actor through a
// `ReplyPieceInbox`, shown in the order they came at most once a frame, and a drain before the end.
import LyraKit

/// Carries the pieces of one streamed reply to a `ReplyStreamView`, in order.
///
/// The screen is updated at most once a frame (``frame``): the first piece is shown as soon as it
/// arrives, and whatever arrives while a frame lasts is shown together at its end — one wake-up of
/// the main actor and one write for many tokens, where a fast model would otherwise cost one of
/// each per token (issue 34). Undo when a frame's delay is ever felt: nothing else depends on it.
@MainActor
final class ReplyStreamPump {
    /// The shortest time between two screen updates while a reply streams (60 Hz).
    static let frame = Duration.milliseconds(16)
    /// The view the pieces are shown in.
    let view: ReplyStreamView
    /// Hands one piece over; safe to call from any thread (the services' `onText`).
    nonisolated let onText: @Sendable (String) -> Void
    /// Hands one piece of reasoning over; safe to call from any thread (`onReasoning`).
    nonisolated let onReasoning: @Sendable (String) -> Void
    private nonisolated let inbox: ReplyPieceInbox
    /// Shows the pieces as they come, a batch a frame; ends once the inbox is finished and every piece shown.
    private let shown: Task<Void, Never>

    /// Starts the spinner with `label` (when `context` shows progress) and a renderer for the pieces.
    /// `showReasoning`: the reasoning text itself is shown (else a one-line summary on a terminal).
    init(context: CommandContext, render: RenderMode, label: String, showReasoning: Bool = false) {
        let spinner = context.makeSpinner()
        let view = ReplyStreamView(context: context, spinner: spinner, render: render, showReasoning: showReasoning)
        let inbox = ReplyPieceInbox()
        self.view = view
        self.inbox = inbox
        onText = { inbox.add(.text($0)) }
        onReasoning = { inbox.add(.reasoning($0)) }
        shown = Task {
            while true {
                let batch = await inbox.next()
                if batch.isEmpty { break }
                view.show(batch)
                // Cancelled by `drain()`: the rest is shown without waiting for the frame's end.
                try? await Task.sleep(for: Self.frame)
            }
        }
        spinner.start(label)
    }

    /// Shows `lines` (a tool card) after every piece handed over so far, on lines of their own;
    /// returns once they are shown. Safe to call from any task.
    nonisolated func interject(_ lines: [String]) async {
        await withCheckedContinuation { shown in
            if !inbox.add(.interjection(lines, shown)) { shown.resume() }
        }
    }

    /// Waits until every piece handed over so far is shown; later pieces are dropped.
    func drain() async {
        inbox.finish()
        shown.cancel()
        await shown.value
    }

    /// Drains, then finishes the view (`completed`: whether the reply ended normally).
    func finish(completed: Bool) async {
        await drain()
        view.finish(completed: completed)
    }
}
