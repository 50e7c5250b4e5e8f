// The bash completion script for `lyra` (load with: source <(lyra --completions bash)), made from
// the option table and the command names.
import Foundation

/// Bash completion: options, their values (files, shells, levels), slash commands after `-c`, and `lyra serve`.
enum BashCompletionScript {
    static func text(options: [LaunchOptionSpec], serveOptions: [LaunchOptionSpec], commands: [String]) -> String {
        let names = options.flatMap(\.names).joined(separator: " ")
        let serveNames = serveOptions.flatMap(\.names).joined(separator: " ")
        let serveValues = serveOptions.filter { $0.argument != .none }.flatMap(\.names).joined(separator: "|")
        var cases: [String] = []
        for spec in options {
            let pattern = spec.names.joined(separator: "|")
            switch spec.argument {
            case .none: continue
            case .file:
                cases.append("""
                                \(pattern))
                                    COMPREPLY=( $(compgen -f -- "$cur") )
                                    compopt -o filenames 2>/dev/null
                                    return 0
                                    ;;
                    """)
            case let .choice(_, words):
                cases.append("""
                                \(pattern))
                                    COMPREPLY=( $(compgen -W "\(words.joined(separator: " "))" -- "$cur") )
                                    return 0
                                    ;;
                    """)
            case .value where spec.names.contains("-c"):
                cases.append("""
                                \(pattern))
                                    COMPREPLY=( $(compgen -W "\(commands.map { "/" + $0 }.joined(separator: " "))" -- "$cur") )
                                    return 0
                                    ;;
                    """)
            case .value:
                cases.append("""
                                \(pattern))
                                    return 0
                                    ;;
                    """)
            }
        }
        return """
            # bash completion for lyra. Load with: source <(lyra --completions bash)
            _lyra() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev=""
                if [ "$COMP_CWORD" -gt 0 ]; then
                    prev="${COMP_WORDS[COMP_CWORD-1]}"
                fi
                local options="\(names)"
                if [ "${COMP_WORDS[1]}" = "serve" ] && [ "$COMP_CWORD" -gt 1 ]; then
                    case "$prev" in
                        \(serveValues)) return 0 ;;
                    esac
                    COMPREPLY=( $(compgen -W "\(serveNames)" -- "$cur") )
                    return 0
                fi
                case "$prev" in
            \(cases.joined(separator: "\n"))
                esac
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=( $(compgen -W "serve $options" -- "$cur") )
                else
                    COMPREPLY=( $(compgen -W "$options" -- "$cur") )
                fi
                return 0
            }
            complete -F _lyra lyra

            """
    }
}
