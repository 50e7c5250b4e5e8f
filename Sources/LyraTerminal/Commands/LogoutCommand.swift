// `/logout`: remove the stored backend token from credentials.json, saying whether there was one.
import Foundation
import LyraKit

/// Removes the stored backend token.
public struct LogoutCommand: Command {
    public let name = "logout"
    public let summary = "remove the stored backend token"
    public let usage = "/logout"
    public let details = """
        Removes the token from $XDG_CONFIG_HOME/lyra/credentials.json (the Apphud key stays).
        A token in LYRA_TOKEN is not affected: unset the variable too.
        """

    /// The logout command.
    public init() {}

    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty, arguments.block == nil else {
            throw CommandError.usage("usage: /logout")
        }
        let loader = context.services.configurationLoader
        let store = CredentialStore(directories: loader.directories)
        let hadToken = try store.token != nil
        try loader.remove(.token)
        context.services.reloadConfiguration()
        context.console.writeLine(hadToken
            ? "Token removed from \(store.fileURL.path)"
            : "No token was stored.")
        if let variable = LoginCommand.overridingVariable(context: context) {
            SecretEntry.note("\(variable) still provides a token in this run", context: context)
        }
        return .proceed
    }
}
