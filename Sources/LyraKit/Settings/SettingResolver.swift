// One load's view of the raw setting sources (flags/env, config.json, credentials) and the
// conversion of each key's raw text into its typed value, with errors naming key and source.
import Foundation

/// Resolves raw setting text in precedence order and parses it into a `LyraConfiguration`.
struct SettingResolver {
    /// Flag or environment value of a key, when one is given.
    let explicit: (SettingKey) -> (String, SettingSource)?
    /// config.json's values.
    let fileValues: [String: ConfigValue]
    /// credentials.json's values.
    let credentials: CredentialStore.Credentials

    /// The raw text of `key` and where it came from: flag › environment › config or credentials file.
    func raw(_ key: SettingKey) -> (String, SettingSource)? {
        if let given = explicit(key) { return given }
        if key.isSecret {
            let secret = key == .token ? credentials.token : credentials.apphudAPIKey
            guard let value = secret?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
                return nil
            }
            return (value, .credentialsFile)
        }
        guard let value = fileValues[key.configName] else { return nil }
        return (value.text.trimmingCharacters(in: .whitespacesAndNewlines), .configFile)
    }

    /// Parses `raw` with `parser`, turning a failure into `ConfigurationError.invalidValue`.
    func parse<Value>(
        _ key: SettingKey, _ raw: String, _ source: SettingSource,
        _ parser: (String) throws(SettingValueParser.Failure) -> Value
    ) throws(ConfigurationError) -> Value {
        do {
            return try parser(raw)
        } catch {
            throw .invalidValue(key: key, value: key.isSecret ? nil : raw, source: source, reason: error.reason)
        }
    }

    /// Fills every setting except the user id and the locale (which have their own fallbacks).
    func apply(to configuration: inout LyraConfiguration, workingDirectory: URL, home: String?) throws {
        var sources: [SettingKey: SettingSource] = [:]
        func value<Value>(
            _ key: SettingKey, _ parser: (String) throws(SettingValueParser.Failure) -> Value
        ) throws -> Value? {
            guard let (text, source) = raw(key) else { return nil }
            sources[key] = source
            return try parse(key, text, source, parser)
        }
        typealias Parse = SettingValueParser
        configuration.baseURL = try value(.baseURL, Parse.url)
        configuration.token = try value(.token, Parse.text)
        configuration.appID = try value(.appID, Parse.text) ?? configuration.appID
        configuration.apphudURL = try value(.apphudURL, Parse.url) ?? configuration.apphudURL
        configuration.apphudAPIKey = try value(.apphudAPIKey, Parse.text)
        configuration.placement = try value(.placement, Parse.text) ?? configuration.placement
        let directory = try value(.videoDirectory, Parse.text)
        configuration.videoDirectory = Self.directoryURL(directory, workingDirectory: workingDirectory, home: home)
        configuration.videoPollInterval = try value(.videoPollInterval, Parse.positiveSeconds)
            ?? configuration.videoPollInterval
        configuration.videoMaxPolls = try value(.videoMaxPolls, Parse.positiveInteger) ?? configuration.videoMaxPolls
        configuration.purchasePollInterval = try value(.purchasePollInterval, Parse.positiveSeconds)
            ?? configuration.purchasePollInterval
        configuration.purchaseTimeout = try value(.purchaseTimeout, Parse.positiveSeconds)
            ?? configuration.purchaseTimeout
        configuration.premium = try value(.premium, Parse.boolean)
        configuration.allowInsecureHTTP = try value(.allowInsecureHTTP, Parse.boolean) ?? false
        configuration.rateURL = try value(.rateURL, Parse.url)
        configuration.ratePromptEnabled = try value(.ratePromptEnabled, Parse.boolean) ?? true
        configuration.model = try value(.model, Parse.text)
        configuration.writingModel = try value(.writingModel, Parse.text)
        configuration.contextMessages = try value(.contextMessages, Parse.nonNegativeInteger) ?? 0
        configuration.render = try value(.render, Parse.renderMode) ?? .markdown
        configuration.contextTokens = try value(.contextTokens, Parse.positiveInteger)
        configuration.sources.merge(sources) { _, new in new }
    }

    /// A directory setting as a URL: `~/x` under HOME, relative paths under the working directory.
    static func directoryURL(_ path: String?, workingDirectory: URL, home: String?) -> URL {
        guard let given = path else { return workingDirectory }
        let path = TildePath.expanding(given, home: home)
        if path.hasPrefix("/") { return URL(filePath: path, directoryHint: .isDirectory).standardizedFileURL }
        return workingDirectory.appending(path: path, directoryHint: .isDirectory).standardizedFileURL
    }
}
