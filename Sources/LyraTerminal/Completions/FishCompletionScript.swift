// The fish completion script for `lyra` (save as ~/.config/fish/completions/lyra.fish), made from
// the option table and the command names.
import Foundation

/// Fish completion: options with descriptions, their values, slash commands after `-c`, and `lyra serve`.
enum FishCompletionScript {
    static func text(options: [LaunchOptionSpec], serveOptions: [LaunchOptionSpec], commands: [String]) -> String {
        var lines = [
            "# fish completion for lyra. Save as ~/.config/fish/completions/lyra.fish",
            "complete -c lyra -f",
            "complete -c lyra -n \"__fish_use_subcommand\" -a serve -d \"run the local backend in the foreground\"",
        ]
        for spec in serveOptions {
            lines.append(line(spec, condition: "__fish_seen_subcommand_from serve", commands: commands))
        }
        for spec in options {
            lines.append(line(spec, condition: "not __fish_seen_subcommand_from serve", commands: commands))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ spec: LaunchOptionSpec, condition: String, commands: [String]) -> String {
        var words = ["complete -c lyra -n \"\(condition)\""]
        for name in spec.names {
            words.append(name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst())
        }
        switch spec.argument {
        case .none: break
        case .file: words.append("-r -F")
        case let .choice(_, values): words.append("-x -a \"" + values.joined(separator: " ") + "\"")
        case .value where spec.names.contains("-c"):
            words.append("-x -a \"" + commands.map { "/" + $0 }.joined(separator: " ") + "\"")
        case .value: words.append("-x")
        }
        words.append("-d " + quoted(spec.summary))
        return words.joined(separator: " ")
    }

    /// `text` in single quotes, as fish reads it.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
