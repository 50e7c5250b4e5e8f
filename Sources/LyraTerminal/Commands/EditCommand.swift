// `/edit`: compose a message in $VISUAL / $EDITOR (else vi) on a private temporary file; a text
// that is not blank is sent as a chat message, like a typed line.
import Foundation

/// Composes a chat message in the user's editor.
public struct EditCommand: Command {
    public let name = "edit"
    public let summary = "compose a message in $VISUAL or $EDITOR"
    public let usage = "/edit [N [TEXT]]"
    public let details = """
        Opens an empty file (mode 0600, removed afterwards) in $VISUAL, else $EDITOR, else vi.
        When the editor exits, the saved text is sent as one chat message; a blank text sends
        nothing. Ctrl-X Ctrl-E at the prompt opens the line being typed the same way.
        /edit N opens your message N (counting your messages from 1) instead; the edited text
        replaces it and is sent again. The conversation as it was, with the messages after it, is
        kept in a new session titled "TITLE (before edit)". /edit N TEXT (also in scripts) takes
        the new text from the line.
        """

    /// The command.
    public init() {}

    /// Runs the editor, then sends what was written.
    /// - Throws: `CommandError` in a script or with arguments, `ExternalEditorError`, and what sending throws.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        if let first = arguments.texts.first {
            guard let number = Int(first) else { throw CommandError.usage("usage: \(usage)") }
            return try await EditMessageFlow.run(number, text: arguments.rest(from: 1), context: context)
        }
        guard arguments.words.isEmpty, arguments.block == nil else { throw CommandError.usage("usage: \(usage)") }
        guard context.isInteractive else {
            throw CommandError.failed("/edit needs a terminal; in a script, write the message on the line itself")
        }
        let editor = ExternalEditor.resolve(environment: context.services.environment)
        context.console.flush()
        let text = try await BlockingCall.run { () throws(ExternalEditorError) in try editor.edit("") }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            context.hint("Nothing written; nothing sent.")
            return .proceed
        }
        guard let handler = context.messageHandler else { throw CommandError.failed("chat is not available in this build") }
        try await handler.send(text, context: context)
        return .proceed
    }
}
