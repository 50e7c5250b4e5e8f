// `/video templates [--json]`: the template list, fetched once per process, which also feeds
// Tab completion of template ids.
import Foundation
import LyraKit

extension VideoCommand {
    /// Prints the templates: a table in the REPL, `id<TAB>name` lines in scripts, JSON with `--json`.
    /// - Throws: `CommandError.usage` for extra words, `APIError` from the backend.
    @MainActor func listTemplates(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        arguments.words.removeFirst()
        let json = arguments.takeFlag("--json")
        if let extra = arguments.texts.first {
            throw CommandError.usage("unexpected '\(extra)': usage: /video templates [--json]")
        }
        let templates = try await context.services.videoService().templates()
        TemplateCompletion.remember(templates, in: context.completionData)
        if json {
            context.console.write(try VideoTemplateListing.json(templates))
        } else if context.isInteractive {
            context.console.write(VideoTemplateListing.table(templates, theme: context.theme))
        } else {
            context.console.write(VideoTemplateListing.plain(templates))
        }
    }
}
