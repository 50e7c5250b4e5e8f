// `/set [NAME VALUE | NAME --clear]` (SPEC §15): the session's sampling parameters — temperature
// (0–2), top_p (0–1), max_tokens (≥ 1), seed — saved in the session and sent with its requests.
import Foundation
import LyraKit

/// Lists, sets or clears the session's sampling parameters.
public struct SetCommand: Command {
    public let name = "set"
    public let summary = "set temperature, top_p, max_tokens or seed for this session"
    public let usage = "/set [NAME VALUE | NAME --clear]"
    public let details = """
        /set lists the parameters set in this session (`NAME VALUE`, one a line). /set temperature 0.2
        sets one: temperature (0–2), top_p (0–1), max_tokens (1 or more), seed (a whole number).
        /set NAME --clear removes it, so the server's default holds. They are saved in the session
        ("parameters") and sent with each of its requests; --temperature and --max-tokens set them
        from the command line.
        """

    /// The command.
    public init() {}

    /// Parameter names, then `--clear`.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        switch arguments.count {
        case 0: ChatParameters.names
        case 1: ["--clear"]
        default: []
        }
    }

    /// Lists, sets or clears.
    /// - Throws: `ChatParameterError`, `CommandError.usage`, storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        let words = arguments.texts
        let chat = context.services.chatService()
        var parameters = await chat.sessionParameters
        switch words.count {
        case 0:
            let set = ChatParameters.names.compactMap { name in parameters.value(of: name).map { "\(name) \($0)" } }
            if set.isEmpty {
                if context.isInteractive { context.console.writeLine(context.theme.paint("(no parameters set)", .muted)) }
            } else {
                for line in set { context.console.writeLine(line) }
            }
            return .proceed
        case 2 where words[1] == "--clear":
            try parameters.clear(words[0])
            try await chat.setParameters(parameters)
            context.hint("\(words[0]) cleared")
        case 2:
            try parameters.set(words[0], to: words[1])
            try await chat.setParameters(parameters)
            context.hint("\(words[0]) \(parameters.value(of: words[0]) ?? words[1])")
        default:
            throw CommandError.usage("usage: \(usage)")
        }
        return .proceed
    }
}
