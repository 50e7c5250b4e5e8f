// `/login`: store the backend token in credentials.json (mode 0600). Hidden input on a terminal;
// in a script the next line is the token. The token is never printed.
import Foundation
import LyraKit

/// Stores the backend token.
public struct LoginCommand: Command {
    public let name = "login"
    public let summary = "store the backend token (hidden input)"
    public let usage = "/login"
    public let details = """
        Asks for the token without echo and stores it in $XDG_CONFIG_HOME/lyra/credentials.json
        (mode 0600). In a script, the line after /login is the token; it is not echoed (not even
        with --echo) and not run. The token is never typed on the /login line itself.
        LYRA_TOKEN in the environment takes precedence over the stored token.
        """

    /// The login command.
    public init() {}

    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        guard arguments.words.isEmpty, arguments.block == nil else {
            throw CommandError.usage("/login takes no arguments: the token is asked for without echo "
                + "(in a script, it is the next line)")
        }
        guard let token = try await SecretEntry.read(prompt: "Token (hidden): ", name: "token", context: context) else {
            return .proceed
        }
        let loader = context.services.configurationLoader
        try loader.set(.token, value: token)
        context.services.reloadConfiguration()
        context.console.writeMessage("Token stored in \(loader.directories.credentialsFile.path)")
        if let variable = Self.overridingVariable(context: context) {
            SecretEntry.note("\(variable) takes precedence over the stored token in this run", context: context)
        }
        return .proceed
    }

    /// The environment variable or option that wins over the stored token, if any.
    @MainActor
    static func overridingVariable(context: CommandContext) -> String? {
        if context.services.flags[.token] != nil { return "--demo" }
        let variable = SettingKey.token.environmentVariable
        let value = context.services.environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return value.isEmpty ? nil : variable
    }
}
