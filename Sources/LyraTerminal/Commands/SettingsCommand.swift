// `/settings [--json]`, `/settings set KEY [VALUE]`, `/settings unset KEY`: the effective
// configuration with where each value came from (secrets masked), and changes to config.json.
import Foundation
import LyraKit

/// Shows and changes Lyra's settings.
public struct SettingsCommand: Command {
    public let name = "settings"
    public let summary = "show the configuration and where each value comes from; change it"
    public let usage = "/settings [--json]\n/settings set KEY VALUE\n/settings unset KEY"
    public var details: String {
        """
        Each value comes from (highest first): a command-line flag, an environment variable,
        the config file ($XDG_CONFIG_HOME/lyra/config.json), or the default. Secrets (token,
        apphudAPIKey) live in credentials.json (mode 0600) and are shown masked.

        /settings set writes config.json after checking the value (URLs must be http or https,
        numbers positive, booleans 1/0/true/false). A secret is never typed on the line:
        "/settings set apphudAPIKey" asks for it without echo; use /login for the token.
        /settings unset removes a stored value, so the environment or the default applies again.

        keys: \(SettingKey.allCases.map(\.configName).joined(separator: ", "))
        """
    }

    /// The settings command.
    public init() {}

    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        switch arguments.count {
        case 0: return ["set", "unset", "--json"]
        case 1 where arguments[0] == "set" || arguments[0] == "unset":
            return SettingKey.allCases.map(\.configName)
        case 2 where arguments[0] == "set":
            switch SettingKey(configName: arguments[1])?.valueKind {
            case .boolean: return ["true", "false"]
            case .renderMode: return RenderMode.allCases.map(\.rawValue)
            default: return key(arguments[1]) == .model ? ModelCommand.names(data) : []
            }
        default: return []
        }
    }

    private func key(_ name: String) -> SettingKey? { SettingKey(configName: name) }

    @MainActor
    public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        var arguments = arguments
        let json = arguments.takeFlag("--json")
        switch arguments.texts.first {
        case nil:
            try show(json: json, context: context)
        case "set" where !json:
            try await set(arguments, context: context)
        case "unset" where !json:
            try unset(arguments, context: context)
        default:
            throw CommandError.usage("usage: " + usage.replacingOccurrences(of: "\n", with: " | "))
        }
        return .proceed
    }

    // MARK: - Show

    @MainActor
    private func show(json: Bool, context: CommandContext) throws {
        let configuration = try context.services.configuration()
        if json {
            context.console.writeLine(try SettingsReport.json(configuration))
        } else if context.isInteractive {
            let lines = SettingsReport.table(configuration, width: context.terminal.width, theme: context.theme)
            lines.forEach(context.console.writeLine)
            SecretEntry.hint("Change a value with /settings set KEY VALUE; store the token with /login.",
                             context: context)
        } else {
            SettingsReport.plainLines(configuration).forEach(context.console.writeLine)
        }
    }

    // MARK: - Set and unset

    @MainActor
    private func set(_ arguments: CommandArguments, context: CommandContext) async throws {
        let key = try settingKey(arguments)
        let value: String
        if key.isSecret {
            guard arguments.words.count == 2 else {
                throw CommandError.usage("\(key.configName) is a secret and is not typed on the command line: "
                    + (key == .token ? "use /login" : "type /settings set \(key.configName) alone to be asked for it"))
            }
            guard let secret = try await SecretEntry.read(
                prompt: "\(key.configName) (hidden): ", name: key.configName, context: context) else { return }
            value = secret
        } else {
            guard arguments.words.count >= 3 else {
                throw CommandError.usage("usage: /settings set \(key.configName) VALUE")
            }
            value = arguments.words.count == 3 ? arguments.texts[2] : (arguments.rest(from: 2) ?? "")
        }
        if key == .model { try await context.services.validateModelSetting(value) }
        try context.services.configurationLoader.set(key, value: value)
        context.services.reloadConfiguration()
        report(key, context: context)
    }

    @MainActor
    private func unset(_ arguments: CommandArguments, context: CommandContext) throws {
        let key = try settingKey(arguments)
        guard arguments.words.count == 2 else { throw CommandError.usage("usage: /settings unset KEY") }
        try context.services.configurationLoader.remove(key)
        context.services.reloadConfiguration()
        report(key, context: context)
    }

    private func settingKey(_ arguments: CommandArguments) throws -> SettingKey {
        guard arguments.words.count >= 2 else {
            let keys = SettingKey.allCases.map(\.configName).joined(separator: ", ")
            throw CommandError.usage("usage: /settings \(arguments.texts[0]) KEY … (keys: \(keys))")
        }
        let name = arguments.texts[1]
        guard let key = SettingKey(configName: name) else { throw ConfigurationError.unknownKey(name) }
        return key
    }

    /// Prints the key's new effective value and source, and warns when a flag or the environment
    /// still overrides what was stored.
    @MainActor
    private func report(_ key: SettingKey, context: CommandContext) {
        guard let configuration = try? context.services.configuration() else {
            context.console.writeLine("\(key.configName) changed")
            return
        }
        let row = SettingsReport.row(key, in: configuration)
        let source = context.theme.paint("(\(row.source))", .muted)
        context.console.writeLine("\(key.configName) = \(row.value) \(source)")
        switch configuration.source(of: key) {
        case .environment(let variable):
            SecretEntry.note("\(variable) is set in the environment and takes precedence", context: context)
        case .flag:
            SecretEntry.note("a command-line option takes precedence in this run", context: context)
        default: break
        }
    }
}
