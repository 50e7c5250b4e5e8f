// The plumbing every streamed reply shares (chat turns, /improve): a spinner until the first piece,
// pieces handed from the service's callback to the main actor in order — those that arrive while
// the view is busy are shown together, one write and flush per batch — and a drain before the end.
import LyraKit

/// Carries the pieces of one streamed reply to a `ReplyStreamView`, in order.
@MainActor
final class ReplyStreamPump {
    /// The view the pieces are shown in.
    let view: ReplyStreamView
    /// Hands one piece over; safe to call from any thread (the services' `onText`).
    nonisolated let onText: @Sendable (String) -> Void
    private let pieces: ReplyPieceQueue
    private let renderer: Task<Void, Never>

    /// Starts the spinner with `label` (when `context` shows progress) and a renderer for the pieces.
    init(context: CommandContext, render: RenderMode, label: String) {
        let spinner = context.makeSpinner()
        let view = ReplyStreamView(context: context, spinner: spinner, render: render)
        let pieces = ReplyPieceQueue()
        self.view = view
        self.pieces = pieces
        onText = { pieces.append($0) }
        renderer = Task.immediate { @MainActor in   // runs until it waits: no trip through the main queue
            for await _ in pieces.arrivals { Self.show(pieces.takeAll(), in: view) }
            Self.show(pieces.takeAll(), in: view)
        }
        spinner.start(label)
    }

    /// Waits until every piece handed over so far is shown; later pieces are dropped.
    func drain() async {
        // The renderer runs on this actor too, so it is not showing anything now: what it has not
        // shown yet is shown here, without waiting for it to wake (two trips through the main queue).
        Self.show(pieces.close(), in: view)
    }

    /// Drains, then finishes the view (`completed`: whether the reply ended normally).
    func finish(completed: Bool) async {
        await drain()
        view.finish(completed: completed)
    }

    private static func show(_ batch: [String], in view: ReplyStreamView) {
        guard !batch.isEmpty else { return }
        view.show(batch.count == 1 ? batch[0] : batch.joined())
    }
}
