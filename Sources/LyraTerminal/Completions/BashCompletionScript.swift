// The bash completion script for `lyra` (load with: source <(lyra --completions bash)).
import Foundation

/// Bash completion: options, files after `-f`, shells after `--completions`, and `lyra serve`.
enum BashCompletionScript {
    static let text = #"""
        # bash completion for lyra. Load with: source <(lyra --completions bash)
        _lyra() {
            local cur prev
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev=""
            if [ "$COMP_CWORD" -gt 0 ]; then
                prev="${COMP_WORDS[COMP_CWORD-1]}"
            fi
            local options="--demo --base-url --session --continue --allow-tool --bail --echo --no-color -q --quiet --context-tokens --attach -c -f --completions -h --help -V --version --json --jsonl --schema --temperature --max-tokens --no-save"
            if [ "${COMP_WORDS[1]}" = "serve" ] && [ "$COMP_CWORD" -gt 1 ]; then
                case "$prev" in
                    --host|--port) return 0 ;;
                esac
                COMPREPLY=( $(compgen -W "--host --port --allow-remote --test-controls --help" -- "$cur") )
                return 0
            fi
            case "$prev" in
                -f|--schema|--attach)
                    COMPREPLY=( $(compgen -f -- "$cur") )
                    compopt -o filenames 2>/dev/null
                    return 0
                    ;;
                --completions)
                    COMPREPLY=( $(compgen -W "bash zsh fish" -- "$cur") )
                    return 0
                    ;;
                --base-url|--session|--context-tokens|-c|--temperature|--max-tokens)
                    return 0
                    ;;
            esac
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=( $(compgen -W "serve $options" -- "$cur") )
            else
                COMPREPLY=( $(compgen -W "$options" -- "$cur") )
            fi
            return 0
        }
        complete -F _lyra lyra

        """#
}
