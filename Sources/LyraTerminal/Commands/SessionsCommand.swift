// `/sessions` (SPEC §2): list the saved chat sessions, or switch, rename, delete, show or export
// one. Sub-commands live in the extensions beside this file.
import Foundation
import LyraKit

/// Lists and manages chat sessions.
public struct SessionsCommand: Command {
    public let name = "sessions"
    public let summary = "list, switch, rename, delete, show, export or search chat sessions"
    public let usage = """
        /sessions [--json]
        /sessions switch REF
        /sessions rename REF TITLE
        /sessions delete REF [--yes]
        /sessions show [REF]
        /sessions export REF [PATH] [--format md|json] [--force]
        /sessions search TEXT [--json]
        """
    public let details = """
        REF is a session's number from the list (it stays with that session until it is deleted),
        a session id or a unique id prefix (4 characters at least), or an exact title (quote it
        when it has spaces).
        delete asks for confirmation in the REPL; a script must pass --yes.
        export writes to standard output without PATH; the format is md unless PATH ends in .json
        or --format says otherwise. An existing file is only replaced with --force.
        search lists the sessions whose messages contain TEXT (any case), with a line of context.
        """

    /// The sub-commands, for completion and messages.
    static let subcommands = ["switch", "rename", "delete", "show", "export", "search"]

    /// What a leading `~/` in an export path stands for.
    let home: String?

    /// The command; `home` expands `~/` when completing export paths (the process's `HOME` by default).
    public init(home: String? = ProcessInfo.processInfo.environment["HOME"]) {
        self.home = home
    }

    /// Sub-command names first, then session titles for the sub-commands that take a REF, then
    /// a file path for export.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        guard let first = arguments.first else { return Self.subcommands + ["--json"] }
        switch first {
        case "switch", "rename", "delete", "show", "export":
            if arguments.count == 1 { return data.names(.sessionTitles) }
            if first == "delete" { return ["--yes"] }
            if first == "export" { return exportCompletions(arguments: arguments, partial: partial) }
            return []
        default:
            return []
        }
    }

    /// After `export REF`: a format after `--format`, an option, or a file path.
    private func exportCompletions(arguments: [String], partial: String) -> [String] {
        if arguments.last == "--format" { return TranscriptFormat.allCases.map(\.rawValue) }
        if partial.hasPrefix("-") || arguments.count > 2 { return ["--format", "--force"] }
        return PathCompleter(fileExtensions: nil, home: home).complete(partial)
    }

    /// Runs the sub-command.
    /// - Throws: `CommandError.usage`, `SessionError`, `StorageError`.
    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let subcommand = arguments.words.first?.text
        if subcommand == nil || subcommand == "list" || subcommand?.hasPrefix("-") == true {
            if subcommand == "list" { arguments.words.removeFirst() }
            try await list(arguments, context: context)
            return .proceed
        }
        arguments.words.removeFirst()
        switch subcommand {
        case "switch": try await switchTo(arguments, context: context)
        case "rename": try await rename(arguments, context: context)
        case "delete": try await delete(arguments, context: context)
        case "show": try await show(arguments, context: context)
        case "export": try await export(arguments, context: context)
        case "search": try await search(arguments, context: context)
        default:
            throw CommandError.usage("unknown sub-command '\(subcommand ?? "")' for /sessions "
                + "(try: \(Self.subcommands.joined(separator: ", ")))")
        }
        return .proceed
    }

    // MARK: - List

    @MainActor
    private func list(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        let asJSON = arguments.takeFlag("--json")
        guard arguments.words.isEmpty else { throw CommandError.usage("usage: /sessions [--json]") }
        let chat = context.services.chatService()
        let listing = try await chat.listSessions()
        Self.warn(about: listing.problems, context: context)
        SessionCompletion.update(listing.sessions, in: context)
        if asJSON {
            var document = SessionListView.jsonBytes(listing.sessions)
            document.append(0x0A)
            context.console.write(bytes: document)
        } else if listing.sessions.isEmpty {
            context.hint("no sessions yet: type a message to start one")
        } else {
            let current = await chat.session?.id
            context.console.writeLine(SessionListView.table(listing.sessions, currentID: current, theme: context.theme))
        }
    }

    /// Reports damaged session files on stderr (they are left untouched; the listing goes on).
    @MainActor
    static func warn(about problems: [SessionError], context: CommandContext) {
        for problem in problems {
            let text = ErrorText.describe(problem)   // it names a file, which anyone could have named
            if context.isInteractive {
                context.console.writeErrorMessage("warning: " + text, theme: context.theme, leadStyle: .warning)
            } else {
                context.console.writeErrorMessage("lyra: warning: " + text)
            }
        }
    }

    /// The session REF names, with the completion titles refreshed on the way.
    @MainActor
    static func resolve(_ reference: String, context: CommandContext) async throws -> SessionSummary {
        let listing = try await context.services.chatService().listSessions()
        SessionCompletion.update(listing.sessions, in: context)
        return try SessionReference.resolve(reference, in: listing.sessions)
    }
}
