// `/sessions switch`, `rename` and `delete`: change which session is current, its title, or
// remove it (with a y/N question in the REPL; a script must pass --yes).
import Foundation
import LyraKit

extension SessionsCommand {
    @MainActor
    func switchTo(_ arguments: CommandArguments, context: CommandContext) async throws {
        guard let reference = arguments.finalReference else { throw CommandError.usage("usage: /sessions switch REF") }
        let summary = try await Self.resolve(reference, context: context)
        let session = try await context.services.chatService().open(id: summary.id)
        context.sessionTitle = session.title
        let count = session.messages.count
        context.hint("switched to \(SessionListView.displayTitle(session.title)) (\(count) message\(count == 1 ? "" : "s"))")
        ChatLaunch.showLastExchange(of: session, context: context)
    }

    @MainActor
    func rename(_ arguments: CommandArguments, context: CommandContext) async throws {
        guard arguments.words.count >= 1, let title = arguments.rest(from: 1) else {
            throw CommandError.usage("usage: /sessions rename REF TITLE")
        }
        let summary = try await Self.resolve(arguments.words[0].text, context: context)
        let chat = context.services.chatService()
        let renamed = try await chat.rename(id: summary.id, to: title)
        if await chat.session?.id == renamed.id { context.sessionTitle = renamed.title }
        SessionCompletion.update(try await chat.listSessions().sessions, in: context)
        context.hint("renamed to \(SessionListView.displayTitle(renamed.title))")
    }

    @MainActor
    func delete(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        let confirmed = arguments.takeFlag("--yes") || arguments.takeFlag("-y")
        guard let reference = arguments.finalReference else { throw CommandError.usage("usage: /sessions delete REF [--yes]") }
        let summary = try await Self.resolve(reference, context: context)
        let title = SessionListView.displayTitle(summary.title)
        if !confirmed {
            guard context.isInteractive else {
                throw CommandError.usage("/sessions delete needs --yes in a script (nothing was deleted)")
            }
            let question = "delete \"\(title)\" (\(summary.messageCount) messages)? [y/N] "
            let answer = await context.input?.nextLine(prompt: question)
            let accepted = ["y", "yes"].contains(answer?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
            guard accepted else {
                context.hint("kept \(title)")
                return
            }
        }
        let chat = context.services.chatService()
        let wasCurrent = await chat.session?.id == summary.id
        try await chat.delete(id: summary.id)
        if wasCurrent { context.sessionTitle = await chat.title }
        SessionCompletion.update(try await chat.listSessions().sessions, in: context)
        context.hint("deleted \(title)")
    }
}
