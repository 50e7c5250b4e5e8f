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
    /// Hands one piece of reasoning over; safe to call from any thread (`onReasoning`).
    nonisolated let onReasoning: @Sendable (String) -> Void
    private nonisolated let pieces: AsyncStream<Piece>.Continuation

    /// A piece of the answer or of the reasoning, kept in the order they came.
    private enum Piece: Sendable {
        case text(String)
        case reasoning(String)
        /// Everything before it is shown: lines of a tool card go in here (SPEC §14).
        case interjection([String], CheckedContinuation<Void, Never>)
    }
    /// Shows each piece as it comes; ends once the stream is finished and every piece shown.
    private let shown: Task<Void, Never>

    /// Starts the spinner with `label` (when `context` shows progress) and a renderer for the pieces.
    /// `showReasoning`: the reasoning text itself is shown (else a one-line summary on a terminal).
    init(context: CommandContext, render: RenderMode, label: String, showReasoning: Bool = false) {
        let spinner = context.makeSpinner()
        let view = ReplyStreamView(context: context, spinner: spinner, render: render, showReasoning: showReasoning)
        let (stream, pieces) = AsyncStream.makeStream(of: Piece.self)
        self.view = view
        self.pieces = pieces
        onText = { pieces.yield(.text($0)) }
        onReasoning = { pieces.yield(.reasoning($0)) }
        shown = Task {
            for await piece in stream {
                switch piece {
                case .text(let text): view.show(text)
                case .reasoning(let text): view.showReasoning(text)
                case .interjection(let lines, let shown):
                    view.interject(lines)
                    shown.resume()
                }
            }
        }
        spinner.start(label)
    }

    /// Shows `lines` (a tool card) after every piece handed over so far, on lines of their own;
    /// returns once they are shown. Safe to call from any task.
    nonisolated func interject(_ lines: [String]) async {
        await withCheckedContinuation { shown in
            if case .terminated = pieces.yield(.interjection(lines, shown)) { shown.resume() }
        }
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
