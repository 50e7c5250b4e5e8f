// Chat turns in a script run with `--json` or `--jsonl` (SPEC §15), and the `--schema` check of a
// reply: the reply is printed first (as text or JSON), then a reply that does not match fails the
// line (status 1) with the reason on stderr.
import Foundation
import LyraKit

extension ChatTurnPresenter {
    /// Runs `work` printing the reply as JSON (`ReplyJSONPump`) instead of its text.
    /// - Throws: what `work` throws (after an `error` event with `--jsonl`), or `JSONSchemaMismatch`.
    static func runPrintingJSON(_ context: CommandContext, chat: ChatService, format: ReplyOutputFormat,
                                _ work: @MainActor (ChatTurnOptions) async throws -> ChatTurn) async throws {
        let route = try await context.services.chatRoute()
        let pump = ReplyJSONPump(context: context, format: format)
        var options = await turnOptions(context, chat: chat, route: route, onText: pump.onText,
                                        onReasoning: pump.onReasoning)
        _ = await budget(&options, context: context, route: route)
        // Scripts only: calls are decided by --allow-tool and allowTools, never by a card.
        options.tools = try context.services.toolRunner(for: route.provider, context: context, pump: nil,
                                                        events: { [pump] in pump.toolEvents($0, $1) })
        let started = ContinuousClock.now
        let turn: ChatTurn
        do {
            turn = try await work(options)
        } catch {
            await pump.fail(error)
            throw error
        }
        await pump.finish(turn, duration: ContinuousClock.now - started)
        if turn.reply.finishReason == "length", !context.quiet {
            context.console.writeErrorMessage("lyra: line \(context.lineNumber): \(ReplyFooter.cutAtLimit)")
        }
        if turn.closedUnopenedThinking, let model = route.model?.description {
            context.services.thinking.rememberOpensThinkingInPrompt(model)
        }
        try checkSchema(turn, context: context)
    }

    /// Fails the line when `--schema` was given and the reply does not match it.
    /// - Throws: `JSONSchemaMismatch`.
    static func checkSchema(_ turn: ChatTurn, context: CommandContext) throws {
        guard let format = context.services.responseFormat else { return }
        try format.check(turn.reply.content)
    }
}
