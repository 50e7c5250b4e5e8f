// `/file PATH` (SPEC §9): attach a UTF-8 text file of at most 1 MiB to the next chat message,
// which is then sent as the message, a blank line, and the file's content.
import Foundation
import LyraKit

/// Attaches a text file to the next message.
public struct FileCommand: Command {
    public let name = "file"
    public let summary = "attach a text file to the next message"
    public let usage = "/file PATH"
    public let details = """
        The next chat message is sent as the message, a blank line, then the file's content.
        The file must be UTF-8 text of at most 1 MiB; ~/ means the home directory.
        """
    /// What a leading `~/` in a path stands for.
    let home: String?

    /// The command; `home` expands `~/` (the process's `HOME` by default).
    public init(home: String? = ProcessInfo.processInfo.environment["HOME"]) {
        self.home = home
    }

    /// File paths.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        arguments.isEmpty ? PathCompleter(fileExtensions: nil, home: home).complete(partial) : []
    }

    /// Reads the file and keeps it for the next message.
    /// - Throws: `CommandError.usage` without a PATH; `TextAttachmentError` for a file that cannot be attached.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard let path = arguments.rest(from: 0), !path.isEmpty, !path.contains("\n") else {
            throw CommandError.usage("usage: /file PATH")
        }
        let unquoted = arguments.words.count == 1 ? arguments.words[0].text : path
        let attachment = try TextAttachment.file(unquoted, home: home)
        context.attachments.add(attachment.text, name: unquoted)
        let size = VideoProgressLine.bytes(Int64(attachment.byteCount))
        // A link is named with its target, so a link to a secret file is not attached unnoticed.
        let link = attachment.linkTarget.map { ", a link to " + TextSanitizer.singleLine($0) } ?? ""
        context.hint("attached \(TextSanitizer.singleLine(unquoted)) (\(size)\(link)) to the next message")
        return .proceed
    }
}
