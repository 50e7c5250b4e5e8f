// Runs one logical line of the Lyra language (SPEC §2): a slash command through the registry, or
// a chat message through the message handler (`//text` is the message `/text`). Commands resolve
// by name, alias or unique prefix. Shared by the REPL and the script runner.
import Foundation

/// Sends a plain (non-command) line as a chat message.
@MainActor
public protocol MessageHandling: AnyObject {
    /// Sends `text` as a chat turn and prints the reply.
    func send(_ text: String, context: CommandContext) async throws
}

/// How running a line ended.
public enum LineOutcome: Sendable {
    /// Blank or comment: nothing ran.
    case skipped
    /// It ran and succeeded.
    case succeeded
    /// It ran and the loop should stop.
    case quit
}

/// Classifies and dispatches logical lines.
@MainActor
public final class LineInterpreter {
    let context: CommandContext
    /// Handles chat messages; `nil` until chat is wired in. Commands reach it through the context.
    public var messageHandler: (any MessageHandling)? {
        didSet { context.messageHandler = messageHandler }
    }

    /// An interpreter running lines in `context`.
    public init(context: CommandContext, messageHandler: (any MessageHandling)? = nil) {
        self.context = context
        self.messageHandler = messageHandler
        context.messageHandler = messageHandler
    }

    /// Runs one logical line.
    /// - Throws: whatever the command or the chat turn threw; the line has failed.
    public func run(_ line: LogicalLine) async throws -> LineOutcome {
        context.lineNumber = line.lineNumber
        let head = line.head.trimmingCharacters(in: .whitespaces)
        if line.block == nil {
            if head.isEmpty { return .skipped }
            if context.mode == .script && line.head.hasPrefix("#") { return .skipped }
        }
        if head.hasPrefix("/") && !head.hasPrefix("//") {
            return try await runCommand(head, block: line.block)
        }
        // `//text` is the message `/text`: the first slash only escapes the second.
        let text = head.hasPrefix("//") ? String(head.dropFirst()) : head
        let message: String
        if let block = line.block, !block.isEmpty {
            message = text.isEmpty ? block : text + "\n" + block
        } else {
            message = text
        }
        guard let messageHandler else { throw CommandError.failed("chat is not available in this build") }
        try await messageHandler.send(message, context: context)
        return .succeeded
    }

    private func runCommand(_ text: String, block: String?) async throws -> LineOutcome {
        let nameEnd = text.firstIndex(where: \.isWhitespace) ?? text.endIndex
        let name = String(text[text.index(after: text.startIndex)..<nameEnd])
        let command = try context.registry.resolve(name).command(typed: name)
        let raw = String(text[nameEnd...]).trimmingCharacters(in: .whitespaces)
        let arguments = CommandArguments(words: ArgumentSplitter.splitLeniently(raw), raw: raw, block: block)
        switch try await command.run(arguments, context: context) {
        case .proceed: return .succeeded
        case .quit: return .quit
        }
    }
}
