// `/sessions show [REF]` and `/sessions export REF [PATH] [--format md|json] [--force]`: print a
// transcript, or write it to standard output or a file (never over a directory; over an existing
// file only with --force; atomically, mode 0600).
import Foundation
import LyraKit

extension SessionsCommand {
    @MainActor
    func show(_ arguments: CommandArguments, context: CommandContext) async throws {
        let session = try await session(arguments.finalReference, context: context)
        if context.isInteractive {
            let render = (try? context.services.configuration().render) ?? .markdown
            context.console.writeLine(TranscriptView.rendered(session, width: context.terminal.width, theme: context.theme,
                                                             render: render))
        } else {
            context.console.write(TranscriptView.plain(session))
        }
    }

    @MainActor
    func export(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        let force = arguments.takeFlag("--force")
        let formatName = try arguments.takeOption("--format")
        guard (1...2).contains(arguments.words.count) else {
            throw CommandError.usage("usage: /sessions export REF [PATH] [--format md|json] [--force]")
        }
        let path = arguments.words.count == 2 ? arguments.words[1].text : nil
        let format = try formatName.map(Self.format(named:)) ?? path.map(TranscriptFormat.forPath) ?? .markdown
        let session = try await session(arguments.words[0].text, context: context)
        try await context.services.chatService().foldSession(id: session.id)
        var text = ChatTranscript.render(session, as: format)
        // Markdown is sanitised like any shown text; JSON keeps the data, escaping C1 controls and
        // bidi or zero-width scalars as `\uXXXX`, as every `--json` output does.
        text = format == .markdown ? TextSanitizer.sanitize(text) : JSONText.escapingControls(text)
        guard let path else {
            context.console.write(text)
            return
        }
        let url = Self.expand(path, environment: context.services.environment)
        try Self.checkDestination(url, displayed: path, force: force)
        try AtomicFile.write(Data(text.utf8), to: url, mode: 0o600)
        context.hint("exported \(SessionListView.displayTitle(session.title)) to \(path)")
    }

    /// The session REF names, or the current one when REF is absent.
    @MainActor
    private func session(_ reference: String?, context: CommandContext) async throws -> ChatSession {
        let chat = context.services.chatService()
        if let reference {
            let summary = try await Self.resolve(reference, context: context)
            return try await chat.loadSession(id: summary.id)
        }
        guard let current = await chat.session else {
            throw CommandError.usage("no current session: send a message first, or name one: /sessions show REF")
        }
        return try await chat.loadSession(id: current.id)
    }

    private static func format(named name: String) throws -> TranscriptFormat {
        switch name.lowercased() {
        case "md", "markdown": return .markdown
        case "json": return .json
        default: throw CommandError.usage("unknown format '\(name)' (use md or json)")
        }
    }

    /// `path` as a file URL, with a leading `~/` meaning the home directory.
    static func expand(_ path: String, environment: [String: String]) -> URL {
        URL(filePath: TildePath.expanding(path, home: environment["HOME"]))
    }

    /// Refuses a missing parent directory (naming it), a directory, anything but a regular file
    /// (a device, FIFO or socket, even with `force`), and an existing file unless `force`.
    static func checkDestination(_ url: URL, displayed: String, force: Bool) throws {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let parent = url.deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandError.failed("cannot export to \(displayed): no such directory: \(parent)")
            }
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw CommandError.failed("\(displayed) is a directory: give a file name")
        case S_IFREG:
            if !force { throw CommandError.failed("\(displayed) already exists: pass --force to replace it") }
        default:
            throw CommandError.failed("\(displayed) is not a regular file (a device, FIFO or socket): not replaced")
        }
    }
}
