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

    /// Starts the spinner with `label` (when `context` shows progress) and a renderer for the pieces.
    /// - Parameter live: false for a reply that arrives whole just before the work returns (the app
    ///   backend's): it is shown by ``finish(completed:)``, without a trip to the main actor of its own.
    init(context: CommandContext, render: RenderMode, label: String, live: Bool = true) {
        let spinner = context.makeSpinner()
        let view = ReplyStreamView(context: context, spinner: spinner, render: render)
        // A batch is shown by one job on the main actor, scheduled by the piece that found the queue
        // empty; pieces that arrive before it runs are shown with it.
        let pieces = ReplyPieceQueue { queue in
            guard live else { return }
            Task { @MainActor in Self.show(queue.takeAll(), in: view) }
        }
        self.view = view
        self.pieces = pieces
        onText = { pieces.append($0) }
        spinner.start(label)
    }

    /// Waits until every piece handed over so far is shown; later pieces are dropped.
    func drain() async {
        // The batches are shown on this actor too, so none is being shown now: what waits is shown
        // here, without waiting for its job (which then finds nothing).
        Self.show(pieces.close(), in: view)
    }

    /// Drains, then finishes the view (`completed`: whether the reply ended normally). The last
    /// batch goes out with the view's end, in one write (a whole reply and its newline).
    func finish(completed: Bool) async {
        Self.show(pieces.close(), in: view, flushing: false)
        view.finish(completed: completed)
    }

    private static func show(_ batch: [String], in view: ReplyStreamView, flushing: Bool = true) {
        guard !batch.isEmpty else { return }
        view.show(batch.count == 1 ? batch[0] : batch.joined(), flushing: flushing)
    }
}
