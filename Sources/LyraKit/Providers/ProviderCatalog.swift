// Every provider this run can use (SPEC §8): the built-in `app`, `openai`, `ollama` and (under
// --demo) `demo`, plus those named in config.json, each with its base URL and API key resolved.
import Foundation

/// The providers of one run, by name.
public struct ProviderCatalog: Sendable, Equatable {
    /// The providers, keyed by name.
    public private(set) var providers: [String: ProviderDefinition]

    /// The default OpenAI base URL.
    static let openAIDefaultURL = "https://api.openai.com/v1"

    /// Resolves the providers.
    /// - Parameters:
    ///   - configuration: the loaded settings (app backend URL and token, configured providers and their keys).
    ///   - environment: for `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OLLAMA_HOST` and `LYRA_API_KEY_<NAME>`.
    ///   - demoBaseURL: the built-in backend's URL under `--demo` (then the `demo` provider exists).
    public init(configuration: LyraConfiguration, environment: [String: String], demoBaseURL: URL? = nil) {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        func key(for name: String, builtIn: String? = nil) -> (String?, String) {
            let variable = ProviderDefinition.keyVariable(for: name)
            if let builtIn, let key = value(builtIn) { return (key, builtIn) }
            if let key = value(variable) { return (key, variable) }
            return (configuration.providerKeys[name], builtIn ?? variable)
        }
        var providers: [String: ProviderDefinition] = [:]
        providers["app"] = ProviderDefinition(
            name: "app", kind: .app, baseURL: configuration.baseURL, apiKey: configuration.token,
            apiKeyVariable: SettingKey.token.environmentVariable)
        let (openAIKey, openAIVariable) = key(for: "openai", builtIn: "OPENAI_API_KEY")
        providers["openai"] = ProviderDefinition(
            name: "openai", kind: .openai, baseURL: URL(string: value("OPENAI_BASE_URL") ?? Self.openAIDefaultURL),
            apiKey: openAIKey, apiKeyVariable: openAIVariable)
        let (ollamaKey, ollamaVariable) = key(for: "ollama")
        providers["ollama"] = ProviderDefinition(
            name: "ollama", kind: .openai, baseURL: Self.ollamaURL(host: value("OLLAMA_HOST")),
            apiKey: ollamaKey, apiKeyVariable: ollamaVariable)
        if let demoBaseURL {
            providers["demo"] = ProviderDefinition(
                name: "demo", kind: .openai, baseURL: demoBaseURL.appending(path: "v1"), apiKey: nil,
                apiKeyVariable: ProviderDefinition.keyVariable(for: "demo"), defaultModel: "lyra-demo")
        }
        for (name, settings) in configuration.providers {
            let name = name.lowercased()
            let (apiKey, variable) = key(for: name)
            providers[name] = ProviderDefinition(
                name: name, kind: settings.kind, baseURL: settings.baseURL.flatMap(URL.init(string:)),
                apiKey: apiKey, apiKeyVariable: variable, defaultModel: settings.defaultModel ?? "",
                think: settings.think ?? .both, thinkOpen: settings.thinkOpen ?? false)
        }
        self.providers = providers
    }

    /// The provider called `name` (any case), or nil.
    public func provider(named name: String) -> ProviderDefinition? {
        providers[name.lowercased()]
    }

    /// Adds `definition` (a server found at run time), replacing one of the same name.
    public mutating func add(_ definition: ProviderDefinition) {
        providers[definition.name.lowercased()] = definition
    }

    /// The providers' names, sorted.
    public var names: [String] { providers.keys.sorted() }

    /// `http://HOST/v1` from `OLLAMA_HOST` (`host`, `host:port`, or a URL); port 11434 when none is given,
    /// and `0.0.0.0` (a listening address) reached as 127.0.0.1.
    static func ollamaURL(host: String?) -> URL? {
        var text = (host ?? "127.0.0.1").trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "http://" + text }
        guard var components = URLComponents(string: text), let name = components.host, !name.isEmpty else {
            return nil
        }
        if name == "0.0.0.0" { components.host = "127.0.0.1" }
        if components.port == nil { components.port = 11434 }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path + "/v1"
        return components.url
    }
}
