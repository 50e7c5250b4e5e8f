// Which entered lines the REPL keeps in history (SPEC §2, §9): never a blank line, and never a line
// that carries a secret (`/login TOKEN`, `/settings set apphudAPIKey VALUE`, any secret setting key).
import Foundation
import LyraKit

/// Decides whether an entered line may be stored in the history file.
public struct HistoryPolicy: Sendable {
    /// Every command name and alias, without the slash (a unique prefix counts as the command).
    public var commandNames: [String]

    /// A policy resolving command names (and unique prefixes) among `commandNames`.
    public init(commandNames: [String]) {
        self.commandNames = commandNames.map { $0.lowercased() }
    }

    /// A policy for the commands of `registry`.
    public init(registry: CommandRegistry) {
        self.init(commandNames: registry.commands.flatMap { [$0.name] + $0.aliases })
    }

    /// Whether `line` may be remembered: not blank and carrying no secret.
    public func allows(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return false }
        return !carriesSecret(trimmed)
    }

    /// Whether `line` is a command that would take a secret from the line itself.
    private func carriesSecret(_ line: String) -> Bool {
        guard line.hasPrefix("/"), !line.hasPrefix("//") else { return false }
        let words = ArgumentSplitter.splitLeniently(String(line.dropFirst())).map(\.text)
        guard let first = words.first, let command = resolve(first) else { return false }
        switch command {
        case "login":
            return words.count > 1
        case "settings":
            guard words.count > 2, words[1].lowercased() == "set" else { return false }
            let inlineValue = words[2].contains("=")
            let keyName = String(words[2].split(separator: "=", maxSplits: 1).first ?? "")
            let isSecret = SettingKey(configName: keyName)?.isSecret ?? false
            return isSecret && (inlineValue || words.count > 3)
        default:
            return false
        }
    }

    /// The command `name` stands for: an exact name, else the only name it is a prefix of.
    private func resolve(_ name: String) -> String? {
        let key = name.lowercased()
        if commandNames.contains(key) { return key }
        let matches = commandNames.filter { $0.hasPrefix(key) }
        return matches.count == 1 ? matches.first : nil
    }
}
