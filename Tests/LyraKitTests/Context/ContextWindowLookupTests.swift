// The window lookup over loopback (SPEC §12), against the local backend imitating each server kind:
// llama.cpp /props, Ollama /api/ps and /api/show, /models context_length, and the config fallback.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct ContextWindowLookupTests {
    private func provider(_ backend: RunningBackend) throws -> ProviderDefinition {
        ProviderDefinition(name: "local", kind: .openai, baseURL: backend.url.appending(path: "v1"),
                           apiKey: backend.token, apiKeyVariable: "LYRA_API_KEY_LOCAL")
    }

    private func window(kind: String, size: Int, configured: Int? = nil) async throws -> ContextWindow? {
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(contextWindow: size, serverKind: kind))
        return await ContextWindowLookup().window(provider: try provider(backend), model: "lyra-demo",
                                                  configured: configured)
    }

    @Test func llamaCppWindowComesFromProps() async throws {
        #expect(try await window(kind: "llama.cpp", size: 512)
                == ContextWindow(tokens: 512, source: .llamaCppProps, serverKind: .llamaCpp))
    }

    @Test func ollamaWindowComesFromTheLoadedModelElseFromShow() async throws {
        #expect(try await window(kind: "ollama", size: 2048)
                == ContextWindow(tokens: 2048, source: .ollamaRunning, serverKind: .ollama))
        #expect(try await window(kind: "ollama-unloaded", size: 4096)
                == ContextWindow(tokens: 4096, source: .ollamaShow, serverKind: .ollama))
    }

    @Test func otherServersMayListTheWindowOnTheirModels() async throws {
        #expect(try await window(kind: "openrouter", size: 3000)
                == ContextWindow(tokens: 3000, source: .modelList, serverKind: .other))
    }

    @Test func configIsTheFallbackWhenTheServerSaysNothing() async throws {
        #expect(try await window(kind: "none", size: 3000, configured: 1234)
                == ContextWindow(tokens: 1234, source: .configuration, serverKind: .other))
        #expect(try await window(kind: "none", size: 3000) == nil)
        // The server wins over config when it says.
        #expect(try await window(kind: "llama.cpp", size: 700, configured: 1234)?.tokens == 700)
    }

    @Test func theServerIsAskedOnceARunAndTheAnswerIsCached() async throws {
        let backend = try RunningBackend()
        let lookup = ContextWindowLookup()
        let definition = try provider(backend)
        #expect(await lookup.cachedWindow(provider: definition, model: "lyra-demo") == nil)
        async let first = lookup.window(provider: definition, model: "lyra-demo", configured: nil)
        async let second = lookup.window(provider: definition, model: "lyra-demo", configured: nil)
        #expect(await first?.tokens == 8192)
        #expect(await second?.tokens == 8192)
        _ = await lookup.window(provider: definition, model: "lyra-demo", configured: nil)
        #expect(await lookup.cachedWindow(provider: definition, model: "lyra-demo")??.tokens == 8192)
        let paths = try await backend.control.requests().map(\.path)
        #expect(paths == ["/api/ps", "/props", "/props"])   // kind once, then the window once
    }

    @Test func theRootIsTheBaseURLWithoutV1() throws {
        let url = try #require(URL(string: "http://127.0.0.1:11434/v1/"))
        #expect(ContextWindowLookup.root(of: url) == "http://127.0.0.1:11434")
        let other = try #require(URL(string: "https://openrouter.ai/api/v1"))
        #expect(ContextWindowLookup.root(of: other) == "https://openrouter.ai/api")
    }
}
