// The one table of `lyra`'s command-line options (and `lyra serve`'s): the parser accepts only
// what is here, and `--help`, the man page and the bash/zsh/fish completion scripts are made from
// it. Adding an option is a row here plus a case in `LaunchOptions.parse`.
import Foundation

/// One command-line option as users see it.
public struct LaunchOptionSpec: Sendable, Equatable {
    /// What follows the option.
    public enum Argument: Sendable, Equatable {
        /// A flag: nothing follows.
        case none
        /// A value, shown as the placeholder (`M`, `TEXT`); nothing to complete.
        case value(String)
        /// A file path (completed with file names).
        case file(String)
        /// One of these words.
        case choice(String, [String])

        /// The placeholder shown in usage text, nil for a flag.
        public var placeholder: String? {
            switch self {
            case .none: return nil
            case let .value(name), let .file(name), let .choice(name, _): return name
            }
        }
    }

    /// The names, short form first (`-m`, `--model`).
    public var names: [String]
    /// What follows the option.
    public var argument: Argument
    /// One line for `--help` and the completion scripts.
    public var summary: String
    /// More for the man page (plain text, may be empty).
    public var details: String

    /// An option row.
    public init(_ names: [String], _ argument: Argument, _ summary: String, details: String = "") {
        self.names = names
        self.argument = argument
        self.summary = summary
        self.details = details
    }

    /// A flag row (nothing follows the option).
    public init(_ names: [String], _ summary: String, details: String = "") {
        self.init(names, .none, summary, details: details)
    }

    /// The long name (or the only one), which `LaunchOptions.parse` switches on.
    public var canonicalName: String { names.last ?? "" }

    /// `-m, --model M` as `--help` shows it.
    public var synopsis: String {
        names.joined(separator: ", ") + (argument.placeholder.map { " " + $0 } ?? "")
    }
}

/// The tables of options.
public enum LaunchOptionCatalog {
    /// `lyra`'s options, in `--help` order.
    public static let options: [LaunchOptionSpec] = [
        LaunchOptionSpec(["--demo"], "use the built-in local backend for everything (no account needed)",
                         details: "Start the built-in local backend on a free loopback port and use it for everything; "
                            + "nothing else needs configuring."),
        LaunchOptionSpec(["--base-url"], .value("URL"), "app backend base URL",
                         details: "Overrides LYRA_BASE_URL and the config file."),
        LaunchOptionSpec(["--session"], .value("REF"), "open an existing session by number, id or title"),
        LaunchOptionSpec(["--continue"], "open the most recently updated session"),
        LaunchOptionSpec(["--bail"], "script: stop at the first failing line (exit 3)"),
        LaunchOptionSpec(["--echo"], "script: print each input line (prefixed '> ') before running it",
                         details: "The line after /login (the token) is never echoed."),
        LaunchOptionSpec(["--no-color"], "no ANSI styling",
                         details: "Colour is also off when NO_COLOR is set and not empty, when TERM is dumb, or when "
                            + "standard output is not a terminal."),
        LaunchOptionSpec(["-q", "--quiet"], "no banner, hints or progress lines"),
        LaunchOptionSpec(["-m", "--model"], .value("M"), "the model: PROVIDER:MODEL, a bare MODEL, or a PROVIDER (its first model)",
                         details: "Providers: app, openai, ollama, demo, or one from config.json. A bare MODEL is a model "
                            + "of the current provider; a PROVIDER alone means its first model. Overrides LYRA_MODEL."),
        LaunchOptionSpec(["-s", "--system"], .value("TEXT"), "the system prompt of the new session"),
        LaunchOptionSpec(["--plain"], "show replies as raw text (no Markdown rendering)"),
        LaunchOptionSpec(["--attach"], .file("PATH"), "attach an image or text file to the first message (repeatable)",
                         details: "Images (PNG, JPEG, WebP, GIF; at most 20 MiB each, 8 a message) are recognised by "
                            + "their bytes; anything else must be UTF-8 text."),
        LaunchOptionSpec(["--reasoning"], "show a thinking model's reasoning (scripts: on stderr)"),
        LaunchOptionSpec(["--think"], .choice("LEVEL", ["off", "low", "medium", "high", "default"]),
                         "thinking level: off, low, medium, high or default"),
        LaunchOptionSpec(["--context-tokens"], .value("N"),
                         "send at most N tokens of history and prompt (default: 90% of the model's window)",
                         details: "The contextTokens setting. The oldest messages that do not fit are left out, "
                            + "and lyra says so."),
        LaunchOptionSpec(["--allow-tool"], .value("NAME"),
                         "let the model call this MCP tool without asking: SERVER__TOOL or SERVER__* (repeatable)"),
        LaunchOptionSpec(["--json"], "script: print each chat reply as one JSON object (text, model, usage, …)"),
        LaunchOptionSpec(["--jsonl"], "script: print each chat reply as JSON events, one per line, as they arrive"),
        LaunchOptionSpec(["--schema"], .file("FILE"),
                         "ask for replies following the JSON Schema in FILE; a reply that does not fails"),
        LaunchOptionSpec(["--temperature"], .value("T"), "sampling temperature (0–2), saved in the session"),
        LaunchOptionSpec(["--max-tokens"], .value("N"), "the most tokens a reply may have, saved in the session"),
        LaunchOptionSpec(["--no-save"], "write no session (nothing is left in the sessions directory)",
                         details: "Cannot be combined with --session or --continue."),
        LaunchOptionSpec(["-c"], .value("LINE"), "run LINE as if typed (may be repeated), then exit",
                         details: "Piped standard input is not attached to messages (use the PROMPT form for that)."),
        LaunchOptionSpec(["-f"], .file("FILE"), "run a script file ('-' is stdin), then exit"),
        LaunchOptionSpec(["--completions"], .choice("SHELL", ShellCompletion.shells),
                         "print the completion script for bash, zsh or fish"),
        LaunchOptionSpec(["--man"], "print the manual page (roff)"),
        LaunchOptionSpec(["-h", "--help"], "show this help"),
        LaunchOptionSpec(["-V", "--version"], "show the version"),
    ]

    /// `lyra serve`'s options.
    public static let serveOptions: [LaunchOptionSpec] = [
        LaunchOptionSpec(["--host"], .value("H"), "the address to listen on (default 127.0.0.1)",
                         details: "An address outside loopback is a usage error unless --allow-remote is given."),
        LaunchOptionSpec(["--port"], .value("P"), "the port (default 8080; 0 picks a free one)"),
        LaunchOptionSpec(["--allow-remote"], "allow a non-loopback --host (reachable from the network)",
                         details: "The server then answers anyone who can reach it, without authentication, "
                            + "and says so on standard error."),
        LaunchOptionSpec(["--test-controls"], "enable the /_test/* routes for tests",
                         details: "The routes inject faults, change the configuration and read the requests received "
                            + "(credential header values are never recorded, bodies are cut to 4 KiB). Without it "
                            + "they answer 404 and nothing is recorded."),
        LaunchOptionSpec(["-h", "--help"], "show the usage of lyra serve"),
    ]

    /// The row for `name` (any of its names) in `table`, or nil.
    public static func spec(named name: String, in table: [LaunchOptionSpec] = options) -> LaunchOptionSpec? {
        table.first { $0.names.contains(name) }
    }

    /// The options section of a usage text: one line each, summaries in one column.
    static func usageLines(_ table: [LaunchOptionSpec]) -> String {
        let column = (table.map(\.synopsis.count).max() ?? 0) + 4
        return table.map { spec in
            "  " + spec.synopsis.padding(toLength: column, withPad: " ", startingAt: 0) + spec.summary
        }.joined(separator: "\n")
    }
}
