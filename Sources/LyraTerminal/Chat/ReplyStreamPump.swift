// The plumbing every streamed reply shares (chat turns, /improve): a spinner until the first piece,
// pieces handed from the service's callback to the main actor in order, and a drain before the end.
import LyraKit

/// Carries the pieces of one streamed reply to a `ReplyStreamView`, in order.
@MainActor
final class ReplyStreamPump {
    /// The view the pieces are shown in.
    let view: ReplyStreamView
    /// Hands one piece over; safe to call from any thread (the services' `onText`).
    nonisolated let onText: @Sendable (String) -> Void
    private let feed: AsyncStream<String>.Continuation
    private let renderer: Task<Void, Never>

    /// Starts the spinner with `label` (when `context` shows progress) and a renderer for the pieces.
    init(context: CommandContext, render: RenderMode, label: String) {
        let spinner = context.makeSpinner()
        let view = ReplyStreamView(context: context, spinner: spinner, render: render)
        let (pieces, feed) = AsyncStream.makeStream(of: String.self)
        self.view = view
        self.feed = feed
        onText = { feed.yield($0) }
        renderer = Task { @MainActor in
            for await piece in pieces { view.show(piece) }
        }
        spinner.start(label)
    }

    /// Waits until every piece handed over so far is shown; later pieces are dropped.
    func drain() async {
        feed.finish()
        await renderer.value
    }

    /// Drains, then finishes the view (`completed`: whether the reply ended normally).
    func finish(completed: Bool) async {
        await drain()
        view.finish(completed: completed)
    }
}
