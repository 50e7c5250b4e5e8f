// `/system [TEXT | --clear | --role NAME]`: the current session's system prompt (SPEC §8).
// Saved in the session; before the first message it is kept for the session that message starts.
import Foundation
import LyraKit

/// Shows, sets or clears the session's system prompt.
public struct SystemCommand: Command {
    public let name = "system"
    public let summary = "show or set the session's system prompt"
    public let usage = "/system [TEXT | --clear | --role NAME]"
    public let details = """
        /system shows the prompt, /system TEXT sets it (the rest of the line, or a \"\"\" block),
        /system --clear removes it, /system --role NAME uses a prompt named in config.json under
        "roles". It is saved in the session and sent first with every turn to a model. The app
        backend keeps its own conversation and takes no system prompt.
        """

    /// The command.
    public init() {}

    /// Role names after `--role`; the flags otherwise.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        if arguments.last == "--role" { return data.names(.roleNames) }
        return arguments.isEmpty ? ["--clear", "--role"] : []
    }

    /// Applies the change, or prints the prompt.
    /// - Throws: `CommandError.usage`/`.failed` for a bad role, the app backend, or storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let chat = context.services.chatService()
        let clear = arguments.takeFlag("--clear")
        let role = try arguments.takeOption("--role")
        let text = arguments.rest(from: 0)
        if !clear, role == nil, text == nil {
            show(await chat.systemPrompt, context: context)
            return .proceed
        }
        if let model = try await context.services.currentModel(), model.provider == AppChatProvider.providerName {
            throw CommandError.failed("the app backend takes no system prompt: choose a model with /model to use one")
        }
        if clear {
            guard role == nil, text == nil else { throw CommandError.usage("usage: \(usage)") }
            try await chat.setSystemPrompt(nil)
            context.hint("system prompt cleared")
        } else if let role {
            guard text == nil else { throw CommandError.usage("usage: \(usage)") }
            try await chat.setSystemPrompt(try prompt(forRole: role, context: context))
            context.hint("system prompt: the role '\(role)'")
        } else if let text {
            try await chat.setSystemPrompt(text)
            context.hint("system prompt set")
        }
        return .proceed
    }

    @MainActor
    private func show(_ prompt: String?, context: CommandContext) {
        guard let prompt else {
            // A script gets no line at all: the output is the prompt, and there is none.
            if context.isInteractive { context.console.writeLine(context.theme.paint("(no system prompt)", .muted)) }
            return
        }
        context.console.writeLine(TextSanitizer.sanitize(prompt))
    }

    @MainActor
    private func prompt(forRole name: String, context: CommandContext) throws -> String {
        let roles = try context.services.configuration().roles
        context.completionData.set(.roleNames, roles.keys.sorted())
        guard let prompt = roles[name] else {
            let known = roles.keys.sorted().joined(separator: ", ")
            throw CommandError.failed(known.isEmpty
                ? "no role '\(name)': define roles in config.json, e.g. \"roles\": {\"\(name)\": \"You …\"}"
                : "no role '\(name)' (roles: \(known))")
        }
        return prompt
    }
}
