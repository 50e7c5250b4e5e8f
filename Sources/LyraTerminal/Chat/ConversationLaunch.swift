// The command line of SPEC §15 applied before the first line runs: `--temperature`/`--max-tokens`
// saved in the session the run uses, `--schema FILE` read (a bad file is a usage error, exit 2),
// and `--no-save` refused when no private directory can be made.
import Foundation
import LyraKit

/// Applies the conversation-control options of the command line.
@MainActor
enum ConversationLaunch {
    /// Saves the command line's parameters in the session (or keeps them for the new one) and reads the schema.
    /// - Throws: `ChatResponseFormatError`, `CommandError`, storage errors; the caller exits 2.
    static func apply(_ options: LaunchOptions, to services: AppServices) async throws {
        if options.noSave, AppServices.unsavedSessionsDirectory == nil {
            throw CommandError.failed("--no-save: cannot make a private temporary directory")
        }
        if !options.parameters.isEmpty {
            let chat = services.chatService()
            try await chat.setParameters(await chat.sessionParameters.merged(with: options.parameters))
        }
        if let path = options.schemaPath { services.responseFormat = try ChatResponseFormat.load(path: path) }
    }
}
