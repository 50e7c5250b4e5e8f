// `/undo [--restore]` (SPEC §15): take back the last exchange of the current session (again: the
// one before), or bring back what the last `/undo` took. Saved through the journal at once.
import Foundation
import LyraKit

/// Takes back the last exchange, or restores it.
public struct UndoCommand: Command {
    public let name = "undo"
    public let summary = "take back the last exchange (--restore brings it back)"
    public let usage = "/undo [--restore]"
    public let details = """
        /undo takes back your last message and everything after it: it is no longer shown or sent.
        /undo again takes back the exchange before. /undo --restore brings back what the last /undo
        took. What was taken back stays in the session file, marked "removed": true, until the file
        is next rewritten (when you leave the session) or your next message makes the undo final.
        """

    /// The command.
    public init() {}

    /// `--restore`.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        arguments.isEmpty ? ["--restore"] : []
    }

    /// Takes back or restores; on a terminal says what.
    /// - Throws: `ChatControlError`, `CommandError.usage`, storage errors.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let restore = arguments.takeFlag("--restore")
        guard arguments.words.isEmpty, arguments.block == nil else { throw CommandError.usage("usage: \(usage)") }
        let chat = context.services.chatService()
        let messages = restore ? try await chat.restoreLastRemoval() : try await chat.undo()
        let first = messages.first.map { TextSanitizer.singleLine(String($0.content.prefix(60))) } ?? ""
        context.hint("\(restore ? "restored" : "took back") \(messages.count) message\(messages.count == 1 ? "" : "s"): \(first)")
        return .proceed
    }
}
