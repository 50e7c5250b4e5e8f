// The command line of SPEC §1, parsed by hand: options, `-c` lines, `-f` files, a one-shot PROMPT
// (the words that are not options, wherever they stand, and everything after `--`) and `lyra serve`.
// The options themselves are the rows of `LaunchOptionCatalog`.
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
        /// Print the manual page (roff).
        case manual
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
               lyra [OPTIONS] PROMPT… [-- PROMPT…]  send one message and print the reply; piped stdin
                                                   is attached to it (PROMPT, a blank line, the input;
                                                   an image as an image); options may stand anywhere before --
               lyra serve [--host H] [--port P]    run the local backend in the foreground
                                                   (lyra serve --help for its options)
               lyra --help | --version | --man | --completions bash|zsh|fish

        options:
        \(LaunchOptionCatalog.usageLines(LaunchOptionCatalog.options))

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
            // Words that are not options are the prompt, wherever they stand; after `--` every word is.
            if argument == "--" {
                prompt += remaining
                if prompt.isEmpty { throw UsageError(message: "-- needs a PROMPT after it") }
                break
            }
            if !argument.hasPrefix("-") || argument == "-" {
                prompt.append(argument)
                continue
            }
            let (name, inlineValue) = LongOption.split(argument)
            guard let spec = LaunchOptionCatalog.spec(named: name) else {
                throw UsageError(message: "unknown option '\(argument)'"
                    + (prompt.isEmpty ? "" : " (put -- before prompt words that start with -)"))
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
                return next
            }
            try apply(spec.canonicalName, value: value, to: &options, lines: &lines)
        }
        return try validated(options, lines: lines, prompt: prompt)
    }

    /// Sets what the option `name` (a table row's canonical name) asks for.
    private static func apply(_ name: String, value: () throws -> String, to options: inout LaunchOptions,
                              lines: inout [String]) throws {
        switch name {
        case "--help": options.action = .help
        case "--version": options.action = .version
        case "--man": options.action = .manual
        case "--demo": options.demo = true
        case "--base-url": options.baseURL = try value()
        case "--session": options.sessionReference = try value()
        case "--continue": options.continueLatest = true
        case "--bail": options.bail = true
        case "--echo": options.echo = true
        case "--no-color": options.noColor = true
        case "--quiet": options.quiet = true
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
        case "--context-tokens":
            let count = try value()
            guard let number = Int(count), number > 0 else {
                throw UsageError(message: "--context-tokens needs a whole number above 0, not '\(count)'")
            }
            options.contextTokens = String(number)
        case "--allow-tool": options.allowTools.append(try value())
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
        default: throw UsageError(message: "the option \(name) is listed but not handled")
        }
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
