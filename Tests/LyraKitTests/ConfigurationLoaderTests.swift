// ConfigurationLoader: precedence flag › environment › config file › default (secrets: flag/env ›
// credentials), sources, typed errors naming key and source, the stored user id, `set` validation.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ConfigurationLoaderTests {
    private func loader(_ root: URL, flags: [SettingKey: String] = [:], env: [String: String] = [:]) -> ConfigurationLoader {
        let environment = xdgEnvironment(root: root, extra: env)
        return ConfigurationLoader(flags: flags, environment: environment,
                                   directories: XDGDirectories(environment: environment),
                                   currentDirectory: root.appending(path: "cwd"))
    }

    @Test func defaultsWithNothingConfigured() throws {
        try withTemporaryDirectory { root in
            let configuration = try loader(root).load()
            #expect(configuration.baseURL == nil)
            #expect(configuration.token == nil)
            #expect(configuration.appID == "lyra.cli")
            #expect(configuration.locale == "en")
            #expect(configuration.apphudURL.absoluteString == "https://gateway.apphud.com")
            #expect(configuration.placement == "main")
            #expect(configuration.videoDirectory.path == root.appending(path: "cwd").path)
            #expect(configuration.videoPollInterval == 3)
            #expect(configuration.videoMaxPolls == 40)
            #expect(configuration.purchasePollInterval == 2)
            #expect(configuration.purchaseTimeout == 300)
            #expect(configuration.premium == nil)
            #expect(configuration.allowInsecureHTTP == false)
            #expect(configuration.source(of: .baseURL) == .default)
            #expect(configuration.displayValue(of: .baseURL) == "(not set)")
        }
    }

    @Test func flagBeatsEnvironmentBeatsConfigFile() throws {
        try withTemporaryDirectory { root in
            let base = loader(root)
            try base.set(.baseURL, value: "https://file.example.com")
            try base.set(.videoMaxPolls, value: "7")
            try base.set(.placement, value: "onboarding")
            let env = ["LYRA_BASE_URL": "https://env.example.com", "LYRA_VIDEO_MAX_POLLS": "9"]
            let configuration = try loader(root, flags: [.baseURL: "https://flag.example.com"], env: env).load()
            #expect(configuration.baseURL?.absoluteString == "https://flag.example.com")
            #expect(configuration.source(of: .baseURL) == .flag)
            #expect(configuration.videoMaxPolls == 9)
            #expect(configuration.source(of: .videoMaxPolls) == .environment("LYRA_VIDEO_MAX_POLLS"))
            #expect(configuration.source(of: .videoMaxPolls).description == "env LYRA_VIDEO_MAX_POLLS")
            #expect(configuration.placement == "onboarding")
            #expect(configuration.source(of: .placement) == .configFile)
        }
    }

    @Test func tokenComesFromEnvironmentOrCredentialsAndIsMasked() throws {
        try withTemporaryDirectory { root in
            try loader(root).set(.token, value: "stored-token-abcd1234")
            let stored = try loader(root).load()
            #expect(stored.token == "stored-token-abcd1234")
            #expect(stored.source(of: .token) == .credentialsFile)
            #expect(stored.displayValue(of: .token) == "••••1234")
            let environment = try loader(root, env: ["LYRA_TOKEN": "env-token-zzzz9876"]).load()
            #expect(environment.token == "env-token-zzzz9876")
            #expect(environment.source(of: .token) == .environment("LYRA_TOKEN"))
            let configText = try? String(contentsOf: XDGDirectories(environment: xdgEnvironment(root: root)).configFile, encoding: .utf8)
            #expect(configText?.contains("stored-token") != true)
        }
    }

    @Test func invalidValueNamesKeyAndSource() throws {
        try withTemporaryDirectory { root in
            #expect(throws: ConfigurationError.invalidValue(
                key: .videoPollInterval, value: "soon", source: .environment("LYRA_VIDEO_POLL_INTERVAL"),
                reason: "must be a number of seconds greater than 0 and at most 86400 (a day)")) {
                try loader(root, env: ["LYRA_VIDEO_POLL_INTERVAL": "soon"]).load()
            }
            do {
                _ = try loader(root, flags: [.baseURL: "ftp://x"]).load()
                Issue.record("expected an error")
            } catch let error as ConfigurationError {
                #expect(error.localizedDescription == "invalid baseURL 'ftp://x' (from flag): must be an http:// or https:// URL with a host")
            }
        }
    }

    @Test func invalidValueInConfigFileNamesTheConfigFile() throws {
        try withTemporaryDirectory { root in
            let directories = XDGDirectories(environment: xdgEnvironment(root: root))
            try ConfigFile(directories: directories).write(["premium": .string("maybe")])
            #expect(throws: ConfigurationError.invalidValue(
                key: .premium, value: "maybe", source: .configFile, reason: "must be true or false (or 1/0, yes/no, on/off)")) {
                try loader(root).load()
            }
        }
    }

    @Test func userIDIsMadeOnceAndKeptInTheStateDirectory() throws {
        try withTemporaryDirectory { root in
            let lazy = loader(root)
            #expect(!FileManager.default.fileExists(atPath: root.appending(path: "state").path))
            let first = try lazy.load()
            let second = try loader(root).load()
            #expect(first.userID == second.userID)
            #expect(UUID(uuidString: first.userID) != nil)
            #expect(first.source(of: .userID) == .stateFile)
            let stored = try String(contentsOf: root.appending(path: "state/lyra/user-id"), encoding: .utf8)
            #expect(stored.trimmingCharacters(in: .newlines) == first.userID)
            let overridden = try loader(root, env: ["LYRA_USER_ID": "u-42"]).load()
            #expect(overridden.userID == "u-42")
        }
    }

    @Test func localeComesFromLangUnlessSet() throws {
        try withTemporaryDirectory { root in
            #expect(try loader(root, env: ["LANG": "ru_RU.UTF-8"]).load().locale == "ru")
            #expect(try loader(root, env: ["LANG": "C.UTF-8"]).load().locale == "en")
            let explicit = try loader(root, env: ["LANG": "ru_RU.UTF-8", "LYRA_LOCALE": "de"]).load()
            #expect(explicit.locale == "de")
            #expect(explicit.source(of: .locale) == .environment("LYRA_LOCALE"))
        }
    }

    @Test func setValidatesAndStoresTypedValues() throws {
        try withTemporaryDirectory { root in
            let base = loader(root)
            try base.set(.premium, value: "1")
            try base.set(.videoPollInterval, value: "0.5")
            try base.set(name: "allowinsecurehttp", value: "true")
            try FileManager.default.createDirectory(at: root.appending(path: "home/Videos"), withIntermediateDirectories: true)
            try base.set(.videoDirectory, value: "~/Videos")
            let values = try ConfigFile(directories: base.directories).read()
            #expect(values["premium"] == .bool(true))
            #expect(values["videoPollInterval"] == .number(0.5))
            #expect(values["allowInsecureHTTP"] == .bool(true))
            let configuration = try base.load()
            #expect(configuration.premium == true)
            #expect(configuration.videoDirectory.path == root.appending(path: "home/Videos").path)
            #expect(throws: ConfigurationError.rejectedValue(key: .videoMaxPolls, value: "-3",
                                                             reason: "must be a whole number greater than 0")) {
                try base.set(.videoMaxPolls, value: "-3")
            }
            #expect(throws: ConfigurationError.rejectedValue(key: .rateURL, value: "javascript:alert(1)",
                                                             reason: "must be an http:// or https:// URL with a host")) {
                try base.set(.rateURL, value: "javascript:alert(1)")
            }
            #expect(throws: ConfigurationError.unknownKey("colour")) { try base.set(name: "colour", value: "red") }
        }
    }

    @Test func insecureCredentialsFileIsRefusedUnlessSecretsComeFromEnvironment() throws {
        try withTemporaryDirectory { root in
            let base = loader(root)
            try base.set(.token, value: "secret-token-0000")
            try setPermissions(0o644, of: base.directories.credentialsFile)
            #expect(throws: StorageError.self) { try base.load() }
            let env = ["LYRA_TOKEN": "t-env-1", "LYRA_APPHUD_API_KEY": "k-env-1"]
            #expect(try loader(root, env: env).load().token == "t-env-1")
        }
    }

    @Test func everyKeyHasDistinctNamesAndSecretsAreMarked() {
        #expect(Set(SettingKey.allCases.map(\.environmentVariable)).count == SettingKey.allCases.count)
        #expect(SettingKey.allCases.filter(\.isSecret) == [.token, .apphudAPIKey])
        #expect(SettingKey(configName: "BASEURL") == .baseURL)
        #expect(LyraConfiguration.maskedSecret("short") == "••••")
    }
}
