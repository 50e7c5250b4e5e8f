// Runs a chat turn and shows it: the spinner while waiting (interactive, stderr a TTY, not quiet),
// the reply as it streams (ReplyStreamView), then on a terminal a muted line with the model, the
// tokens and the speed, and a note when the reply was cut at the model's token limit.
import Foundation
import LyraKit

/// Runs a chat turn and prints its reply.
@MainActor
enum ChatTurnPresenter {
    /// The spinner's label while a reply is awaited.
    static let waitingLabel = "waiting for reply"

    /// Runs `work` (a send or a retry of `chat`) with the options of the current model, showing the
    /// reply as it arrives, and keeps the prompt's title current.
    /// - Throws: what `work` throws, after what arrived was shown and the title updated.
    static func run(_ context: CommandContext, chat: ChatService,
                    _ work: @MainActor (ChatTurnOptions) async throws -> ChatTurn) async throws {
        let format = context.isInteractive ? ReplyOutputFormat.text : context.services.options.replyFormat
        if format != .text { return try await runPrintingJSON(context, chat: chat, format: format, work) }
        let route = try await context.services.chatRoute()
        let thinking = context.services.thinking
        let pump = ReplyStreamPump(context: context, render: route.render, label: waitingLabel,
                                   showReasoning: thinking.show)
        var options = await turnOptions(context, chat: chat, route: route, onText: pump.onText,
                                        onReasoning: pump.onReasoning)
        let window = await budget(&options, context: context, route: route)
        let modelName = route.model?.description
        options.tools = try context.services.toolRunner(for: route.provider, context: context, pump: pump)
        let started = ContinuousClock.now
        let turn: ChatTurn
        do {
            turn = try await work(options)
        } catch {
            await pump.finish(completed: false)
            context.sessionTitle = await chat.title
            guard context.isInteractive else { throw error }
            throw FailedTurnError.wrapping(error, session: await chat.session)
        }
        await pump.finish(completed: true)
        if turn.closedUnopenedThinking, let modelName { thinking.rememberOpensThinkingInPrompt(modelName) }
        context.sessionTitle = turn.session.title
        SessionCompletion.remember(turn.session.title, in: context)
        let learned = await window.window()
        ContextNotices.show(after: turn, window: learned, context: context)
        showFooter(turn, window: learned?.tokens, context: context,
                   elapsed: pump.view.firstPieceAt.map { ContinuousClock.now - $0 } ?? ContinuousClock.now - started)
        context.services.recordSuccessfulChatReply(context: context)
        try checkSchema(turn, context: context)
    }

    /// The options of a turn on `route`: its model, history, thinking level and `--schema`, with
    /// the reply's pieces handed to `onText` and `onReasoning`.
    static func turnOptions(_ context: CommandContext, chat: ChatService, route: ChatRoute,
                            onText: @escaping @Sendable (String) -> Void,
                            onReasoning: @escaping @Sendable (String) -> Void) async -> ChatTurnOptions {
        let thinking = context.services.thinking
        var options = ChatTurnOptions(provider: route.provider, model: route.model,
                                      contextMessages: route.contextMessages,
                                      think: await thinking.effectiveLevel(in: chat),
                                      onText: onText, onReasoning: onReasoning)
        let modelName = route.model?.description
        options.startsInsideThinking = route.thinkOpen || modelName.map(thinking.opensThinkingInPrompt) ?? false
        options.responseFormat = context.services.responseFormat
        return options
    }

    /// Sets the turn's token budget from what is known of the model's window (the lookup runs
    /// beside the request; its answer is read once the reply is in).
    static func budget(_ options: inout ChatTurnOptions, context: CommandContext, route: ChatRoute) async -> ContextWindowPlan {
        let window = await context.services.contextWindowPlan(for: route.model)
        options.contextTokens = window.budget
        options.contextWindow = window.known?.tokens
        return window
    }

    /// On a terminal (not quiet): `model · N tokens · X tok/s` (broken between parts to fit the
    /// width), and a warning for a reply cut at the token limit.
    private static func showFooter(_ turn: ChatTurn, window: Int?, context: CommandContext, elapsed: Duration) {
        if turn.reply.finishReason == "length" {
            if context.isInteractive {
                context.console.writeMessage(ReplyFooter.cutAtLimit, theme: context.theme, bodyStyle: .warning)
            } else if !context.quiet {
                context.console.writeErrorMessage(context.diagnosticPrefix + ReplyFooter.cutAtLimit)
            }
        }
        guard context.isInteractive, !context.quiet,
              let line = ReplyFooter.line(model: turn.reply.model ?? turn.servedBy, usage: turn.reply.usage,
                                          seconds: elapsed.seconds, window: window) else { return }
        for text in ReplyFooter.fitted(line.text, width: context.terminal.width) {
            context.console.writeLine(context.theme.paint(text, line.nearlyFull ? .warning : .muted))
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
