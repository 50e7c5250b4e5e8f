// The table of commands: `/help`, Tab completion and dispatch all read it, so each command is
// declared once.
import Foundation
import LyraKit

/// Every slash command Lyra knows, in the order `/help` lists them.
public struct CommandRegistry: Sendable {
    /// The commands, in help order.
    public let commands: [any Command]

    /// A registry of `commands`.
    public init(commands: [any Command]) {
        self.commands = commands
    }

    /// The command called `name` (without the slash), by name or alias.
    public func command(named name: String) -> (any Command)? {
        let key = name.lowercased()
        return commands.first { $0.name == key || $0.aliases.contains(key) }
    }

    /// Every name and alias, with the slash, sorted.
    public var allNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases }.map { "/" + $0 }.sorted()
    }
}

/// Computes Tab completions for the text before the cursor from the registry.
public struct CompletionEngine: Sendable {
    let registry: CommandRegistry
    let data: CompletionData

    /// An engine over `registry`, completing arguments from `data`.
    public init(registry: CommandRegistry, data: CompletionData) {
        self.registry = registry
        self.data = data
        data.set(.commandNames, registry.commands.map(\.name))
    }

    /// The completion for `line` (the text before the cursor).
    public func complete(_ line: String) -> CompletionResult {
        guard line.hasPrefix("/") else { return CompletionResult(word: "", candidates: []) }
        guard let words = try? ArgumentSplitter.split(line) else {
            return CompletionResult(word: "", candidates: [])
        }
        let endsWithSpace = line.last?.isWhitespace ?? false
        if words.count <= 1 && !endsWithSpace {
            let word = words.first?.text ?? line
            return CompletionResult(word: word, candidates: registry.allNames.filter { $0.hasPrefix(word) })
        }
        guard let first = words.first,
              case .command(let command) = registry.resolve(String(first.text.dropFirst())) else {
            return CompletionResult(word: "", candidates: [])
        }
        var arguments = words.dropFirst().map(\.text)
        let partial = endsWithSpace ? "" : (arguments.popLast() ?? "")
        let rawPartial = endsWithSpace ? "" : Self.rawLastWord(line)
        let candidates = command.completions(arguments: arguments, partial: partial, data: data)
            .map(Self.displaySafe)
            .filter { $0.hasPrefix(partial) }
            .map { rawPartial + Self.escape(String($0.dropFirst(partial.count))) }
        return CompletionResult(word: rawPartial, candidates: candidates)
    }

    /// The last word as typed (quotes and backslashes included), which the insertion extends.
    private static func rawLastWord(_ line: String) -> String {
        guard let index = line.lastIndex(where: { $0 == " " }) else { return line }
        return String(line[line.index(after: index)...])
    }

    /// A candidate fit for the terminal: no escape sequences or controls (from a server or a
    /// file name), on one line.
    static func displaySafe(_ candidate: String) -> String {
        TextSanitizer.singleLine(candidate)
    }

    /// Backslash-escapes characters that the splitter would otherwise treat specially.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == " " || character == "\"" || character == "'" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
