// The zsh completion script for `lyra` (save as `_lyra` in a directory on $fpath, or
// `source <(lyra --completions zsh)` after compinit), made from the option table and the command names.
import Foundation

/// Zsh completion: options with descriptions, their values, slash commands after `-c`, and `lyra serve`.
enum ZshCompletionScript {
    static func text(options: [LaunchOptionSpec], serveOptions: [LaunchOptionSpec], commands: [String]) -> String {
        let serve = serveOptions.map { spec(for: $0, commands: commands) }.joined(separator: " \\\n                ")
        let main = options.map { spec(for: $0, commands: commands) }.joined(separator: " \\\n            ")
        return """
            #compdef lyra
            # zsh completion for lyra. Save as _lyra on your $fpath, or: source <(lyra --completions zsh)

            _lyra() {
                if (( CURRENT > 2 )) && [[ ${words[2]} == serve ]]; then
                    _arguments \\
                        \(serve)
                    return
                fi
                _arguments \\
                    '1::command:((serve\\:"run the local backend in the foreground"))' \\
                    \(main)
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _lyra "$@"
            else
                compdef _lyra lyra
            fi

            """
    }

    /// One `_arguments` spec, e.g. `'(-m --model)'{-m,--model}'[the model…]:M:'`.
    private static func spec(for option: LaunchOptionSpec, commands: [String]) -> String {
        let description = "[" + escape(option.summary) + "]"
        var action = ""
        switch option.argument {
        case .none: break
        case let .value(name) where option.names.contains("-c"):
            action = ":" + escape(name) + ":(" + commands.map { "/" + $0 }.joined(separator: " ") + ")"
        case let .value(name): action = ":" + escape(name) + ":"
        case let .file(name): action = ":" + escape(name) + ":_files"
        case let .choice(name, values): action = ":" + escape(name) + ":(" + values.joined(separator: " ") + ")"
        }
        let repeatable = option.names == ["-c"] ? "*" : ""
        guard option.names.count > 1 else { return "'" + repeatable + option.names[0] + description + action + "'" }
        let exclusive = option.names.contains("--help") || option.names.contains("--version") ? "(- *)"
            : "(" + option.names.joined(separator: " ") + ")"
        return "'" + exclusive + "'{" + option.names.joined(separator: ",") + "}'" + description + action + "'"
    }

    /// `text` safe inside single quotes and `[…]`.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }
}
