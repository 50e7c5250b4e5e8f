// The command line of SPEC §1, parsed by hand: options, `-c` lines, `-f` files, a one-shot PROMPT
// (from the first word that is not an option, or everything after `--`) and `lyra serve`.
import Foundation
import LyraKit

/// What the user asked for on the command line.
public struct LaunchOptions: Sendable, Equatable {
    /// What to run.
    public enum Action: Sendable, Equatable {
        /// The REPL, or a script from stdin when stdin/stdout are not terminals.
        case standard
        /// Run these lines as if typed, then exit.
        case lines([String])
        /// Run a script file (`-` is stdin), then exit.
        case file(String)
        /// Send this one chat message (piped stdin attached as data), print the reply, exit.
        case prompt(String)
        /// Run the local backend in the foreground.
        case serve(ServeOptions)
        /// Print the usage.
        case help
        /// Print the usage of `lyra serve`.
        case serveHelp
        /// Print the version.
        case version
        /// Print a shell completion script.
        case completions(String)
    }

    public var action: Action = .standard
    public var demo = false
    public var baseURL: String?
    public var sessionReference: String?
    public var continueLatest = false
    public var bail = false
    public var echo = false
    public var noColor = false
    public var quiet = false
    /// `--model M`: the model for this run (`PROVIDER:MODEL` or a bare model).
    public var model: String?
    /// `--system TEXT`: the system prompt of the session this run starts.
    public var system: String?
    /// `--plain`: replies as raw text, no Markdown rendering.
    public var plain = false
    /// `--reasoning`: show a thinking model's reasoning (on stderr in scripts).
    public var reasoning = false
    /// `--think LEVEL`: the thinking level for this run (`default` asks for nothing).
    public var think: String?
    /// `--allow-tool SERVER__TOOL` (repeatable; `SERVER__*`): tool calls that run without asking.
    public var allowTools: [String] = []
    /// `--context-tokens N`: the most tokens a chat request carries (SPEC §12).
    public var contextTokens: String?
    /// `--json` / `--jsonl`: how a script prints chat replies (SPEC §15).
    public var replyFormat = ReplyOutputFormat.text
    /// `--no-save`: no session is written.
    public var noSave = false
    /// `--temperature`, `--max-tokens`: parameters saved in the session this run uses.
    public var parameters = ChatParameters()
    /// `--schema FILE`: the JSON Schema replies must follow.
    public var schemaPath: String?
    /// `--attach PATH` (repeatable): files attached to the first message (SPEC §13).
    public var attach: [String] = []

    /// Options with every default.
    public init() {}
}

/// A bad command line (exit status 2).
public struct UsageError: Error, Equatable, LocalizedError {
    /// What was wrong.
    public var message: String
    public var errorDescription: String? { message }
}

extension LaunchOptions {
    /// The usage text of `lyra --help`.
    public static let usage = """
        usage: lyra [OPTIONS]                     REPL on a terminal; otherwise a script read from stdin
               lyra [OPTIONS] -c LINE [-c LINE …]  run these lines as if typed, then exit
               lyra [OPTIONS] -f FILE              run a script file ('-' is stdin), then exit
               lyra [OPTIONS] [--] PROMPT…         send one message and print the reply; piped stdin
                                                   is attached to it (PROMPT, a blank line, the input;
                                                   an image as an image)
               lyra serve [--host H] [--port P]    run the local backend in the foreground
                                                   (lyra serve --help for its options)
               lyra --help | --version | --completions bash|zsh|fish

        options:
          --demo            use the built-in local backend for everything (no account needed)
          --base-url URL    app backend base URL
          --session REF     open an existing session by number, id or title
          --continue        open the most recently updated session
          --bail            script: stop at the first failing line (exit 3)
          --echo            script: print each input line (prefixed '> ') before running it
          --no-color        no ANSI styling
          -q, --quiet       no banner, hints or progress lines
          --model M         the model for this run: PROVIDER:MODEL (app, openai, ollama, demo, or from config.json)
          --system TEXT     the system prompt of the new session
          --plain           show replies as raw text (no Markdown rendering)
          --reasoning       show a thinking model's reasoning (scripts: on stderr)
          --think LEVEL     thinking level: off, low, medium, high or default
          --allow-tool NAME let the model call this MCP tool without asking: SERVER__TOOL or SERVER__* (repeatable)
          --context-tokens N  send at most N tokens of history and prompt (default: 90% of the model's window)
          --json            script: print each chat reply as one JSON object (text, model, usage, …)
          --jsonl           script: print each chat reply as JSON events, one per line, as they arrive
          --schema FILE     ask for replies following the JSON Schema in FILE; a reply that does not fails
          --temperature T   sampling temperature (0–2), saved in the session
          --max-tokens N    the most tokens a reply may have, saved in the session
          --no-save         write no session (nothing is left in the sessions directory)
          --attach PATH     attach an image or text file to the first message (repeatable)

        exit status: 0 success · 1 a line failed · 2 usage or configuration error · 3 stopped by --bail · 130 interrupted
        """

    /// Parses `arguments` (without the program name).
    /// - Throws: `UsageError` for an unknown option or a missing or bad value.
    public static func parse(_ arguments: [String]) throws -> LaunchOptions {
        var options = LaunchOptions()
        var lines: [String] = []
        var prompt: [String] = []
        var remaining = arguments[...]
        if remaining.first == "serve" {
            remaining.removeFirst()
            var options = LaunchOptions()
            options.action = try ServeOptions.parse(remaining)
            return options
        }
        while let argument = remaining.popFirst() {
            // The first word that is not an option starts the prompt; `--` always does.
            if argument == "--" || !argument.hasPrefix("-") {
                prompt = (argument == "--" ? [] : [argument]) + remaining
                if prompt.isEmpty { throw UsageError(message: "-- needs a PROMPT after it") }
                break
            }
            let (name, inlineValue) = LongOption.split(argument)
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help": options.action = .help
            case "-V", "--version": options.action = .version
            case "--demo": options.demo = true
            case "--base-url": options.baseURL = try value()
            case "--session": options.sessionReference = try value()
            case "--continue": options.continueLatest = true
            case "--bail": options.bail = true
            case "--echo": options.echo = true
            case "--no-color": options.noColor = true
            case "-q", "--quiet": options.quiet = true
            case "--model": options.model = try value()
            case "--system": options.system = try value()
            case "--plain": options.plain = true
            case "--attach": options.attach.append(try value())
            case "--reasoning": options.reasoning = true
            case "--think":
                let level = try value()
                do {
                    _ = try ThinkLevel.parse(level)
                } catch {
                    throw UsageError(message: "unknown thinking level '\(level)' (use off, low, medium, high or default)")
                }
                options.think = level
            case "--allow-tool": options.allowTools.append(try value())
            case "--context-tokens":
                let count = try value()
                guard let number = Int(count), number > 0 else {
                    throw UsageError(message: "--context-tokens needs a whole number above 0, not '\(count)'")
                }
                options.contextTokens = String(number)
            case "--json": options.replyFormat = .json
            case "--jsonl": options.replyFormat = .jsonl
            case "--no-save": options.noSave = true
            case "--schema": options.schemaPath = try value()
            case "--temperature", "--max-tokens":
                let text = try value()
                do {
                    try options.parameters.set(name == "--temperature" ? "temperature" : "max_tokens", to: text)
                } catch {
                    throw UsageError(message: "\(name): \(error.localizedDescription)")
                }
            case "-c": lines.append(try value())
            case "-f": options.action = .file(try value())
            case "--completions": options.action = .completions(try value())
            default: throw UsageError(message: "unknown option '\(argument)'")
            }
        }
        return try validated(options, lines: lines, prompt: prompt)
    }

    private static func validated(_ options: LaunchOptions, lines: [String], prompt: [String]) throws -> LaunchOptions {
        var options = options
        if !prompt.isEmpty && options.action != .help {
            guard options.action == .standard && lines.isEmpty else {
                throw UsageError(message: "a PROMPT cannot be combined with -c, -f, --completions or --version "
                    + "(put -- before a prompt that starts with -)")
            }
            let text = prompt.joined(separator: " ")
            guard !text.allSatisfy(\.isWhitespace) else { throw UsageError(message: "the PROMPT is empty") }
            options.action = .prompt(text)
        }
        if !lines.isEmpty {
            if case .file = options.action { throw UsageError(message: "-c and -f cannot be combined") }
            if options.action == .standard { options.action = .lines(lines) }
        }
        if options.sessionReference != nil && options.continueLatest {
            throw UsageError(message: "--session and --continue cannot be combined")
        }
        if options.noSave && (options.sessionReference != nil || options.continueLatest) {
            throw UsageError(message: "--no-save cannot be combined with --session or --continue")
        }
        return options
    }
}
