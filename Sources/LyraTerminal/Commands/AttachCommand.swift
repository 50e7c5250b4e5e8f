// `/attach PATH…` (SPEC §13): attach images (PNG, JPEG, WebP, GIF by their bytes, ≤ 20 MiB, ≤ 8 a
// message) and UTF-8 text files to the next message; `/attach` lists them, `/attach --clear` drops them.
import Foundation
import LyraKit

/// Attaches images and text files to the next message.
public struct AttachCommand: Command {
    public let name = "attach"
    public let summary = "attach images or text files to the next message"
    public let usage = """
        /attach PATH…
        /attach
        /attach --clear
        """
    public let details = """
        An image (PNG, JPEG, WebP or GIF, told by its bytes, not its name; at most 20 MiB, at most 8
        a message) is stored once in the data directory and sent with the next message; a model that
        cannot see images is refused before anything is sent. UTF-8 text (at most 1 MiB) is sent
        after the message, as /file does. /attach alone lists what is attached; --clear drops it.
        The prompt shows what waits, e.g. [2 images]; ~/ means the home directory.
        """
    /// What a leading `~/` in a path stands for.
    let home: String?

    /// The command; `home` expands `~/` (the process's `HOME` by default).
    public init(home: String? = ProcessInfo.processInfo.environment["HOME"]) {
        self.home = home
    }

    /// File paths, for every argument.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        if partial.hasPrefix("-") { return ["--clear"].filter { $0.hasPrefix(partial) } }
        return PathCompleter(fileExtensions: nil, home: home).complete(partial)
    }

    /// Attaches each PATH in order (stopping at the first that cannot be), lists, or clears.
    /// - Throws: `AttachmentError` naming the file, or `StorageError`.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        if arguments.takeFlag("--clear") {
            guard arguments.words.isEmpty else { throw CommandError.usage("usage: /attach --clear") }
            let count = context.attachments.listing.count
            context.attachments.clear()
            context.hint(count == 0 ? "nothing was attached" : "dropped \(count) attachment(s)")
            return .proceed
        }
        guard !arguments.words.isEmpty else {
            let lines = context.attachments.listing
            if lines.isEmpty { context.hint("nothing attached (attach with /attach PATH…)") }
            for line in lines { context.console.writeLine(line) }
            return .proceed
        }
        for word in arguments.words {
            try AttachmentIntake.attachFile(word.text, home: home, context: context)
        }
        return .proceed
    }
}
