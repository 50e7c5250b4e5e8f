// The zsh completion script for `lyra` (save as `_lyra` in a directory on $fpath, or
// `source <(lyra --completions zsh)` after compinit).
import Foundation

/// Zsh completion: options with descriptions, files after `-f`, and `lyra serve`.
enum ZshCompletionScript {
    static let text = #"""
        #compdef lyra
        # zsh completion for lyra. Save as _lyra on your $fpath, or: source <(lyra --completions zsh)

        _lyra() {
            if (( CURRENT > 2 )) && [[ ${words[2]} == serve ]]; then
                _arguments \
                    '--host[address to listen on]:host:' \
                    '--port[port to listen on]:port:' \
                    '--allow-remote[allow a non-loopback --host (reachable from the network)]' \
                    '--test-controls[enable the /_test/* routes for tests]' \
                    '(-h --help)'{-h,--help}'[show usage]'
                return
            fi
            _arguments \
                '1::command:((serve\:"run the local backend in the foreground"))' \
                '--demo[use the built-in local backend]' \
                '--base-url[app backend base URL]:url:' \
                '--context-tokens[most tokens a chat request carries]:tokens:' \
                '--session[open an existing session]:session (number, id or title):' \
                '--continue[open the most recently updated session]' \
                '*--allow-tool[let the model call this MCP tool without asking]:tool (SERVER__TOOL or SERVER__*):' \
                '--bail[script: stop at the first failing line]' \
                '--echo[script: print each input line before running it]' \
                '--no-color[no ANSI styling]' \
                '(-q --quiet)'{-q,--quiet}'[no banner, hints or progress lines]' \
                '*--attach[attach an image or text file to the first message]:file:_files' \
                '*-c[run this line as if typed]:line:' \
                '-f[run a script file]:script file:_files' \
                '--completions[print a shell completion script]:shell:(bash zsh fish)' \
                '(--jsonl)--json[script: each chat reply as one JSON object]' \
                '(--json)--jsonl[script: chat replies as JSON events, one per line]' \
                '--schema[ask for replies following a JSON Schema]:schema file:_files' \
                '--temperature[sampling temperature (0-2), saved in the session]:temperature:' \
                '--max-tokens[the most tokens a reply may have, saved in the session]:tokens:' \
                '--no-save[write no session]' \
                '(- *)'{-h,--help}'[show usage]' \
                '(- *)'{-V,--version}'[show the version]'
        }

        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _lyra "$@"
        else
            compdef _lyra lyra
        fi

        """#
}
