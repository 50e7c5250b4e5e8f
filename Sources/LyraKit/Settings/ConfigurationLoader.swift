// Resolves the effective configuration (flag › environment › config file › default; secrets:
// flag/env › credentials file) and writes `/settings set` changes. Does nothing until asked.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads and changes Lyra's settings. Creating one does no work; `load()` reads the files.
public struct ConfigurationLoader: Sendable {
    /// Values given on the command line.
    public let flags: [SettingKey: String]
    /// The process environment (or a test's dictionary).
    public let environment: [String: String]
    /// Where the config, credentials and state files live.
    public let directories: XDGDirectories
    private let currentDirectory: URL?

    /// Creates a loader. `currentDirectory` (default: the process's) is the default video directory
    /// and the base of relative paths.
    public init(
        flags: [SettingKey: String] = [:], environment: [String: String],
        directories: XDGDirectories, currentDirectory: URL? = nil
    ) {
        self.flags = flags
        self.environment = environment
        self.directories = directories
        self.currentDirectory = currentDirectory
    }

    /// Reads config.json, the credentials file (only when a secret is not given by flag or
    /// environment) and the user id (made and stored on first need).
    /// - Throws: `ConfigurationError.invalidValue` naming the key and its source, or `StorageError`.
    public func load() throws -> LyraConfiguration {
        let configFile = ConfigFile(directories: directories)
        let fileValues = try configFile.read()
        let structure = try configFile.readStructured()
        let needsCredentials = [SettingKey.token, .apphudAPIKey].contains { explicitValue(for: $0) == nil }
        let store = CredentialStore(directories: directories)
        // Provider keys are looked up in the file too; when no other secret needs it, a file that
        // cannot be used only leaves those keys unset (a 401 then names the variable to set).
        let credentials = needsCredentials ? try store.load() : (try? store.load()) ?? .init()
        let resolver = SettingResolver(
            explicit: explicitValue(for:), fileValues: fileValues, credentials: credentials)
        var configuration = LyraConfiguration(userID: "")
        try resolver.apply(to: &configuration, workingDirectory: workingDirectory(), home: environment["HOME"])
        try resolveUserID(into: &configuration, resolver: resolver)
        resolveLocale(into: &configuration, resolver: resolver)
        configuration.providers = structure.providers
        configuration.roles = structure.roles
        configuration.models = structure.models
        configuration.providerKeys = credentials.providerKeys
        return configuration
    }

    /// Validates `value` for `key` and stores it: secrets in the credentials file, the rest in config.json.
    /// - Throws: `ConfigurationError.rejectedValue` with the reason, or `StorageError`.
    public func set(_ key: SettingKey, value: String) throws {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let stored: ConfigValue
        do {
            stored = try SettingValueParser.storedValue(for: key, raw: trimmed)
            if key == .videoDirectory { try requireDirectory(trimmed) }
        } catch {
            throw ConfigurationError.rejectedValue(
                key: key, value: key.isSecret ? nil : trimmed, reason: error.reason)
        }
        let credentials = CredentialStore(directories: directories)
        switch key {
        case .token: try credentials.setToken(trimmed)
        case .apphudAPIKey: try credentials.setApphudAPIKey(trimmed)
        default: try ConfigFile(directories: directories).setValue(stored, forKey: key.configName)
        }
    }

    /// Refuses a video directory that does not exist (or is not a directory) at set time.
    private func requireDirectory(_ path: String) throws(SettingValueParser.Failure) {
        let url = SettingResolver.directoryURL(path, workingDirectory: workingDirectory(), home: environment["HOME"])
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SettingValueParser.Failure(reason: "no such directory: \(url.path) (create it first)")
        }
    }

    /// Like `set(_:value:)`, finding the key by its config name (any case).
    /// - Throws: `ConfigurationError.unknownKey` for a name no setting has.
    public func set(name: String, value: String) throws {
        guard let key = SettingKey(configName: name) else { throw ConfigurationError.unknownKey(name) }
        try set(key, value: value)
    }

    /// Removes a stored value so the next load falls back to the environment or the default.
    public func remove(_ key: SettingKey) throws {
        let credentials = CredentialStore(directories: directories)
        switch key {
        case .token: try credentials.removeToken()
        case .apphudAPIKey:
            var stored = try credentials.load()
            guard stored.apphudAPIKey != nil else { return }
            stored.apphudAPIKey = nil
            try credentials.save(stored)
        default: try ConfigFile(directories: directories).setValue(nil, forKey: key.configName)
        }
    }

    // MARK: - Private

    private func explicitValue(for key: SettingKey) -> (String, SettingSource)? {
        if let value = flags[key] { return (value.trimmingCharacters(in: .whitespacesAndNewlines), .flag) }
        let name = key.environmentVariable
        if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
            return (value, .environment(name))
        }
        return nil
    }

    private func workingDirectory() -> URL {
        currentDirectory ?? URL(filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
    }

    private func resolveUserID(into configuration: inout LyraConfiguration, resolver: SettingResolver) throws {
        if let (value, source) = resolver.raw(.userID) {
            configuration.userID = try resolver.parse(.userID, value, source, SettingValueParser.text)
            configuration.sources[.userID] = source
            return
        }
        configuration.userID = try UserIDFile(directories: directories).userID()
        configuration.sources[.userID] = .stateFile
    }

    private func resolveLocale(into configuration: inout LyraConfiguration, resolver: SettingResolver) {
        if let (value, source) = resolver.raw(.locale), !value.isEmpty {
            configuration.locale = value
            configuration.sources[.locale] = source
            return
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            if let code = SettingValueParser.languageCode(fromPOSIXLocale: value) {
                configuration.locale = code
                configuration.sources[.locale] = .environment(name)
            }
            return
        }
    }
}
