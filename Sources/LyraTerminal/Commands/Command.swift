// The one protocol every slash command conforms to. Help, Tab completion and dispatch all read
// commands through the `CommandRegistry`, so a new command plugs in without touching the REPL.
import Foundation

/// A slash command such as `/help` or `/sessions`.
public protocol Command: Sendable {
    /// The name without the slash, e.g. `sessions`.
    var name: String { get }
    /// Other names that run the same command, e.g. `exit` for `quit`.
    var aliases: [String] { get }
    /// One line for `/help`.
    var summary: String { get }
    /// The synopsis, e.g. `/sessions rename REF TITLE`; one line per form.
    var usage: String { get }
    /// Longer help for `/help NAME`; may be empty.
    var details: String { get }
    /// Candidates for the word being completed.
    /// - Parameters:
    ///   - arguments: the complete words typed after the command name.
    ///   - partial: the word under the cursor (possibly empty).
    ///   - data: cached names (sessions, templates) that commands have seen.
    func completions(arguments: [String], partial: String, data: CompletionData) -> [String]
    /// Runs the command.
    /// - Throws: a typed error whose description is shown to the user; the line then fails.
    @MainActor func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult
}

extension Command {
    public var aliases: [String] { [] }
    public var details: String { "" }
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] { [] }
}

/// What the loop does after a command finished.
public enum CommandResult: Sendable, Equatable {
    /// Read the next line.
    case proceed
    /// Leave Lyra.
    case quit
}

/// A command's words after its name, plus the raw text and any `"""` block.
public struct CommandArguments: Sendable, Equatable {
    /// The words after the command name, split like a shell's.
    public var words: [ArgumentWord]
    /// The raw text after the command name.
    public var raw: String
    /// The `"""` block, which is the command's final argument.
    public var block: String?

    /// Arguments made of `words` taken from `raw`, with an optional `block`.
    public init(words: [ArgumentWord], raw: String, block: String? = nil) {
        self.words = words
        self.raw = raw
        self.block = block
    }

    /// The words' texts.
    public var texts: [String] { words.map(\.text) }

    /// The raw rest of the line from word `index` on (a TITLE or TEXT needs no quotes), or the
    /// block when the line has no words there. `nil` when neither is present. Quotes around the
    /// whole rest are removed (`/new "Trip plans"` is titled `Trip plans`).
    public func rest(from index: Int) -> String? {
        if index == words.count - 1, block == nil {
            let start = raw.index(raw.startIndex, offsetBy: words[index].offset)
            if let first = raw[start...].first, first == "\"" || first == "'" { return words[index].text }
        }
        if index < words.count {
            let start = raw.index(raw.startIndex, offsetBy: words[index].offset)
            let text = String(raw[start...]).trimmingTrailingWhitespace()
            guard let block else { return text }
            return text + "\n" + block
        }
        return block
    }

    /// A final REF: the remaining words joined by spaces, so a title with spaces needs no quotes
    /// (`/sessions switch Trip plans`); nil when there are none.
    public var finalReference: String? {
        words.isEmpty ? nil : texts.joined(separator: " ")
    }

    /// Whether `flag` was given; the flag is removed from `words`.
    public mutating func takeFlag(_ flag: String) -> Bool {
        guard let index = words.firstIndex(where: { $0.text == flag }) else { return false }
        words.remove(at: index)
        return true
    }

    /// The value after `option` (`--out PATH` or `--out=PATH`); both words are removed.
    /// - Throws: `CommandError.usage` when the option has no value.
    public mutating func takeOption(_ option: String) throws -> String? {
        if let index = words.firstIndex(where: { $0.text.hasPrefix(option + "=") }) {
            let value = String(words[index].text.dropFirst(option.count + 1))
            words.remove(at: index)
            return value
        }
        guard let index = words.firstIndex(where: { $0.text == option }) else { return nil }
        guard index + 1 < words.count else { throw CommandError.usage("\(option) needs a value") }
        let value = words[index + 1].text
        words.removeSubrange(index...(index + 1))
        return value
    }
}
