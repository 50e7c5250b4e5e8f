// Providers and model names (SPEC §8): built-in providers with their environment variables,
// providers from config.json with keys from credentials or LYRA_API_KEY_<NAME>, PROVIDER:MODEL parsing.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ProviderCatalogTests {
    private let known: Set<String> = ["app", "openai", "ollama", "work"]

    @Test func modelNamesSplitAtAKnownProviderOnly() {
        #expect(ModelReference.parse("ollama:llama3.2", knownProviders: known, currentProvider: nil)
            == ModelReference(provider: "ollama", model: "llama3.2"))
        #expect(ModelReference.parse("llama3.2:1b", knownProviders: known, currentProvider: "ollama")
            == ModelReference(provider: "ollama", model: "llama3.2:1b"))
        #expect(ModelReference.parse("ollama:llama3.2:1b", knownProviders: known, currentProvider: "openai")
            == ModelReference(provider: "ollama", model: "llama3.2:1b"))
        #expect(ModelReference.parse("Work", knownProviders: known, currentProvider: nil)
            == ModelReference(provider: "work", model: ""))
        #expect(ModelReference.parse("gpt-4o", knownProviders: known, currentProvider: nil) == nil)
        #expect(ModelReference.parse("  ", knownProviders: known, currentProvider: "app") == nil)
        #expect(ModelReference(provider: "openai", model: "gpt-4o-mini").description == "openai:gpt-4o-mini")
    }

    @Test func builtInProvidersFollowTheirEnvironmentVariables() throws {
        let configuration = LyraConfiguration(userID: "u", baseURL: URL(string: "https://app.example.com"), token: "tok")
        let catalog = ProviderCatalog(configuration: configuration, environment: [
            "OPENAI_BASE_URL": "http://127.0.0.1:9999/v1", "OPENAI_API_KEY": "sk-test", "OLLAMA_HOST": "0.0.0.0:5000",
        ])
        let openai = try #require(catalog.provider(named: "OpenAI"))
        #expect(openai.kind == .openai)
        #expect(openai.baseURL?.absoluteString == "http://127.0.0.1:9999/v1")
        #expect(openai.apiKey == "sk-test")
        #expect(openai.apiKeyVariable == "OPENAI_API_KEY")
        #expect(catalog.provider(named: "ollama")?.baseURL?.absoluteString == "http://127.0.0.1:5000/v1")
        let app = try #require(catalog.provider(named: "app"))
        #expect(app.kind == .app && app.apiKey == "tok" && app.apiKeyVariable == "LYRA_TOKEN")
        #expect(catalog.provider(named: "demo") == nil)
        #expect(catalog.names == ["app", "ollama", "openai"])
    }

    @Test func defaultsNeedNoConfiguration() {
        let catalog = ProviderCatalog(configuration: LyraConfiguration(userID: "u"), environment: [:],
                                      demoBaseURL: URL(string: "http://127.0.0.1:4242"))
        #expect(catalog.provider(named: "openai")?.baseURL?.absoluteString == "https://api.openai.com/v1")
        #expect(catalog.provider(named: "openai")?.apiKey == nil)
        #expect(catalog.provider(named: "ollama")?.baseURL?.absoluteString == "http://127.0.0.1:11434/v1")
        #expect(catalog.provider(named: "demo")?.baseURL?.absoluteString == "http://127.0.0.1:4242/v1")
        #expect(catalog.provider(named: "demo")?.defaultModel == "lyra-demo")
        #expect(catalog.provider(named: "app")?.baseURL == nil)
    }

    @Test func configuredProvidersTakeKeysFromTheEnvironmentBeforeTheCredentialsFile() {
        var configuration = LyraConfiguration(userID: "u")
        configuration.providers = [
            "work": ProviderSettings(kind: .openai, baseURL: "https://llm.example.com/v1"),
            "lab-2": ProviderSettings(kind: .openai, baseURL: "https://lab.example.com/v1", defaultModel: "qwen"),
        ]
        configuration.providerKeys = ["work": "from-file", "lab-2": "lab-file"]
        let catalog = ProviderCatalog(configuration: configuration, environment: ["LYRA_API_KEY_WORK": "from-env"])
        #expect(catalog.provider(named: "work")?.apiKey == "from-env")
        #expect(catalog.provider(named: "work")?.apiKeyVariable == "LYRA_API_KEY_WORK")
        #expect(catalog.provider(named: "lab-2")?.apiKey == "lab-file")
        #expect(catalog.provider(named: "lab-2")?.apiKeyVariable == "LYRA_API_KEY_LAB_2")
        #expect(catalog.provider(named: "lab-2")?.defaultModel == "qwen")
    }
}
