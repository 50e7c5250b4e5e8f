// `lyra --completions SHELL`: the completion script for bash, zsh or fish, printed to stdout so a
// user can `source <(lyra --completions bash)` or save it where the shell looks for completions.
import Foundation

/// Shell completion scripts for `lyra`'s options (from `LaunchOptionCatalog`), slash commands after `-c`,
/// `-f` files and `lyra serve`.
public enum ShellCompletion {
    /// The shells Lyra has a completion script for.
    public static let shells = ["bash", "zsh", "fish"]

    /// An unknown shell name (exit status 2).
    public struct UnknownShell: Error, Equatable, LocalizedError {
        /// The name given.
        public var name: String
        public var errorDescription: String? {
            "no completions for shell '\(name)' (choose one of: \(ShellCompletion.shells.joined(separator: ", ")))"
        }
    }

    /// The completion script for `shell` (`bash`, `zsh` or `fish`, any case), ending in a newline.
    /// - Throws: `UnknownShell` for any other name.
    public static func script(for shell: String) throws -> String {
        let options = LaunchOptionCatalog.options
        let serve = LaunchOptionCatalog.serveOptions
        let commands = CommandCatalog.standard().commands.flatMap { [$0.name] + $0.aliases }
        switch shell.lowercased() {
        case "bash": return BashCompletionScript.text(options: options, serveOptions: serve, commands: commands)
        case "zsh": return ZshCompletionScript.text(options: options, serveOptions: serve, commands: commands)
        case "fish": return FishCompletionScript.text(options: options, serveOptions: serve, commands: commands)
        default: throw UnknownShell(name: shell)
        }
    }
}
