// The plumbing every streamed reply shares (chat turns, /improve): a spinner until the first piece,
// the pieces handed from the service's callback (any thread) to the main actor through an
// `AsyncStream`, shown in the order they came, and a drain before the end.
import LyraKit

/// Carries the pieces of one streamed reply to a `ReplyStreamView`, in order.
@MainActor
final class ReplyStreamPump {
    /// The view the pieces are shown in.
    let view: ReplyStreamView
    /// Hands one piece over; safe to call from any thread (the services' `onText`).
    nonisolated let onText: @Sendable (String) -> Void
    private let pieces: AsyncStream<String>.Continuation
    /// Shows each piece as it comes; ends once the stream is finished and every piece shown.
    private let shown: Task<Void, Never>

    /// Starts the spinner with `label` (when `context` shows progress) and a renderer for the pieces.
    init(context: CommandContext, render: RenderMode, label: String) {
        let spinner = context.makeSpinner()
        let view = ReplyStreamView(context: context, spinner: spinner, render: render)
        let (stream, pieces) = AsyncStream.makeStream(of: String.self)
        self.view = view
        self.pieces = pieces
        onText = { pieces.yield($0) }
        shown = Task { for await piece in stream { view.show(piece) } }
        spinner.start(label)
    }

    /// Waits until every piece handed over so far is shown; later pieces are dropped.
    func drain() async {
        pieces.finish()
        await shown.value
    }

    /// Drains, then finishes the view (`completed`: whether the reply ended normally).
    func finish(completed: Bool) async {
        await drain()
        view.finish(completed: completed)
    }
}
