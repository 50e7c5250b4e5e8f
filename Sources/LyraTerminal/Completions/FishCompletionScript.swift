// The fish completion script for `lyra` (save as ~/.config/fish/completions/lyra.fish).
import Foundation

/// Fish completion: options with descriptions, files after `-f`, and `lyra serve`.
enum FishCompletionScript {
    static let text = #"""
        # fish completion for lyra. Save as ~/.config/fish/completions/lyra.fish
        complete -c lyra -f
        complete -c lyra -n "__fish_use_subcommand" -a serve -d "run the local backend in the foreground"
        complete -c lyra -n "__fish_seen_subcommand_from serve" -l host -x -d "address to listen on"
        complete -c lyra -n "__fish_seen_subcommand_from serve" -l port -x -d "port to listen on"
        complete -c lyra -n "__fish_seen_subcommand_from serve" -l allow-remote -d "allow a non-loopback --host"
        complete -c lyra -n "__fish_seen_subcommand_from serve" -l test-controls -d "enable the /_test/* routes for tests"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l demo -d "use the built-in local backend"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l base-url -x -d "app backend base URL"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l context-tokens -x -d "most tokens a chat request carries"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l session -x -d "open an existing session"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l continue -d "open the most recently updated session"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l allow-tool -r -d "let the model call this MCP tool without asking"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l bail -d "script: stop at the first failing line"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l echo -d "script: print each input line"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l no-color -d "no ANSI styling"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -s q -l quiet -d "no banner, hints or progress lines"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l attach -r -F -d "attach an image or text file to the first message"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -s c -x -d "run this line as if typed"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -s f -r -F -d "run a script file"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l completions -x -a "bash zsh fish" -d "print a shell completion script"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l json -d "script: each chat reply as one JSON object"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l jsonl -d "script: chat replies as JSON events, one per line"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l schema -r -F -d "ask for replies following this JSON Schema"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l temperature -x -d "sampling temperature (0-2), saved in the session"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l max-tokens -x -d "the most tokens a reply may have, saved in the session"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -l no-save -d "write no session"
        complete -c lyra -s h -l help -d "show usage"
        complete -c lyra -n "not __fish_seen_subcommand_from serve" -s V -l version -d "show the version"

        """#
}
