// Carries the pieces of a reply printed as `--jsonl` events (SPEC §15): each piece of text or
// reasoning becomes one line `{"type": "text", "text": …}` on stdout, flushed, in the order they
// came; with `--json` the pieces are not printed (the whole reply is, once it is done).
import LyraKit

/// The `--json`/`--jsonl` counterpart of `ReplyStreamPump`.
@MainActor
final class ReplyJSONPump {
    /// Hands one piece of the answer over; safe to call from any thread.
    nonisolated let onText: @Sendable (String) -> Void
    /// Hands one piece of reasoning over; safe to call from any thread.
    nonisolated let onReasoning: @Sendable (String) -> Void
    private nonisolated let pieces: AsyncStream<ReplyEvent>.Continuation
    private nonisolated let streamsEvents: Bool
    private let shown: Task<Void, Never>
    private let context: CommandContext
    private let format: ReplyOutputFormat

    /// A pump printing events for `format` in `context`.
    init(context: CommandContext, format: ReplyOutputFormat) {
        let (stream, pieces) = AsyncStream.makeStream(of: ReplyEvent.self)
        self.pieces = pieces
        self.context = context
        self.format = format
        let streams = format == .jsonl
        streamsEvents = streams
        onText = { if streams { pieces.yield(ReplyEvent(type: "text", text: $0)) } }
        onReasoning = { if streams { pieces.yield(ReplyEvent(type: "reasoning", text: $0)) } }
        shown = Task {
            var text = StreamingTextSanitizer()
            var reasoning = StreamingTextSanitizer()
            for await var event in stream {
                guard event.type == "text" || event.type == "reasoning" else {
                    context.console.writeLine(ReplyRecord.line(event))
                    context.console.flush()
                    continue
                }
                let clean = event.type == "text" ? text.sanitize(event.text ?? "") : reasoning.sanitize(event.text ?? "")
                guard !clean.isEmpty else { continue }
                event.text = clean
                context.console.writeLine(ReplyRecord.line(event))
                context.console.flush()
            }
        }
    }

    /// With `--jsonl`, hands over a `tool_call` and a `tool_result` event for `call` (after the text
    /// that came before it); safe to call from any thread.
    nonisolated func toolEvents(_ call: ToolCall, _ outcome: ToolCallOutcome) {
        guard streamsEvents else { return }
        let name = TextSanitizer.sanitize(call.name)
        pieces.yield(ReplyEvent(type: "tool_call", id: call.id, name: name, arguments: TextSanitizer.sanitize(call.arguments)))
        pieces.yield(ReplyEvent(type: "tool_result", id: call.id, name: name, allowed: outcome.allowed,
                                content: TextSanitizer.sanitize(outcome.content)))
    }

    /// Prints every piece handed over so far, then the finished reply (`--json`: the record;
    /// `--jsonl`: the `done` event).
    func finish(_ turn: ChatTurn, duration: Duration) async {
        await drain()
        context.console.writeLine(ReplyRecord.line(ReplyRecord(turn, duration: duration,
                                                               type: format == .jsonl ? "done" : nil)))
        context.console.flush()
    }

    /// Prints every piece handed over so far, then (`--jsonl`) an `error` event for `error`.
    func fail(_ error: any Error) async {
        await drain()
        guard format == .jsonl else { return }
        context.console.writeLine(ReplyRecord.line(ReplyEvent(type: "error", message: ErrorText.describe(error))))
        context.console.flush()
    }

    private func drain() async {
        pieces.finish()
        await shown.value
    }
}
