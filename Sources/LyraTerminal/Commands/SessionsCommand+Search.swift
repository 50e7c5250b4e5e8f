// `/sessions search TEXT [--json]`: the sessions whose messages contain TEXT (any case), most
// recent first, each with a line of context around the first match.
import Foundation
import LyraKit

extension SessionsCommand {
    @MainActor
    func search(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        let asJSON = arguments.takeFlag("--json")
        // TEXT is the words after `search` (quote it to keep several spaces).
        let text = arguments.texts.joined(separator: " ")
        guard !text.isEmpty else {
            throw CommandError.usage("usage: /sessions search TEXT [--json]")
        }
        let hits = try await context.services.chatService().searchSessions(text)
        if asJSON {
            context.console.writeLine(SessionSearchView.json(hits))
        } else if hits.isEmpty {
            context.hint("no session mentions \"\(TextSanitizer.sanitize(text))\"")
        } else {
            let width = context.isInteractive ? context.terminal.width : nil
            context.console.writeLine(SessionSearchView.table(hits, query: TextSanitizer.singleLine(text), width: width,
                                                                    theme: context.theme))
        }
    }
}
