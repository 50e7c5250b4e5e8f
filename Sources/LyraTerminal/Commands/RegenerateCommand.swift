// `/regenerate` and `/alt [N]` (SPEC §15): ask again for a reply to the last message, keeping the
// earlier replies as alternatives; list them, or show (and send from now on) another one.
import Foundation
import LyraKit

/// Asks for a new reply to the last message.
public struct RegenerateCommand: Command {
    public let name = "regenerate"
    public let summary = "ask again for a reply to your last message"
    public let usage = "/regenerate"
    public let details = """
        Sends your last message again (with the same history) and shows the new reply, which is the
        one kept in the conversation from now on. The earlier replies are kept with it as
        alternatives: /alt lists them, /alt N shows another one instead.
        """

    /// The command.
    public init() {}

    /// Regenerates, printing the reply like a chat turn.
    /// - Throws: `ChatControlError.nothingToRegenerate`, provider and storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty, arguments.block == nil else { throw CommandError.usage("usage: \(usage)") }
        let chat = context.services.chatService()
        try await ChatTurnPresenter.run(context, chat: chat) { options in try await chat.regenerate(options: options) }
        return .proceed
    }
}

/// Lists the replies to the last message, or picks one.
public struct AltCommand: Command {
    public let name = "alt"
    public let summary = "list the replies /regenerate got, or pick one"
    public let usage = "/alt [N]"
    public let details = """
        /alt lists every reply to your last message, oldest first, the one in use marked with *.
        /alt N puts reply N in the conversation instead (shown, and sent with the next turns).
        """

    /// The command.
    public init() {}

    /// Lists or picks.
    /// - Throws: `ChatControlError`, `CommandError.usage`, storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let chat = context.services.chatService()
        switch arguments.texts.count {
        case 0:
            let (replies, shown) = try await chat.replies()
            for (index, reply) in replies.enumerated() {
                let mark = index == shown ? "*" : " "
                let line = TextSanitizer.singleLine(String(reply.content.prefix(70)))
                context.console.writeLine("\(mark) \(index + 1)  \(line)")
            }
        case 1:
            guard let number = Int(arguments.texts[0]) else { throw CommandError.usage("usage: \(usage)") }
            let reply = try await chat.pickReply(number)
            if context.isInteractive {
                // As the reply was shown live: under `╭─ lyra`, rendered by the one reply renderer.
                let render = (try? context.services.configuration().render) ?? .markdown
                context.console.writeLine(TranscriptMessageView.lines(of: reply, width: context.terminal.width,
                                                                      theme: context.theme, render: render)
                    .joined(separator: "\n"))
            } else {
                context.console.writeLine(TextSanitizer.sanitize(reply.content))
            }
        default:
            throw CommandError.usage("usage: \(usage)")
        }
        return .proceed
    }
}

/// Asks the model to go on with a reply that was cut off.
public struct ContinueCommand: Command {
    public let name = "continue"
    public let summary = "go on with a reply cut by the token limit or Ctrl-C"
    public let usage = "/continue"
    public let details = """
        When the last reply stopped at the model's token limit or was cut by Ctrl-C, /continue asks
        the model to go on from where it stopped (the reply so far is sent as the start of its
        answer) and appends what comes to that reply.
        """

    /// The command.
    public init() {}

    /// Continues, printing what arrives like a chat turn.
    /// - Throws: `ChatControlError.nothingToContinue`, provider and storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty, arguments.block == nil else { throw CommandError.usage("usage: \(usage)") }
        let chat = context.services.chatService()
        try await ChatTurnPresenter.run(context, chat: chat) { options in try await chat.continueReply(options: options) }
        return .proceed
    }
}
