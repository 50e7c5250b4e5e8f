// The local backend's context-window routes (SPEC §12): llama.cpp's /props, Ollama's /api/ps and
// /api/show, OpenRouter-style /v1/models members, chosen by `server_kind`; and usage that reports a
// silently cut prompt.

import Foundation
import Testing
@testable import LyraBackend

@Suite struct ContextWindowRouteTests {
    @Test func llamaCppAnswersPropsOnlyWithTheConfiguredWindow() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let configured = try await server.send("POST", "/_test/config", appQuery: false, json: ["context_window": 512])
        #expect(configured.object["server_kind"] as? String == "llama.cpp")
        let props = try await server.send("GET", "/props", appQuery: false)
        #expect(props.status == 200)
        #expect((props.object["default_generation_settings"] as? [String: Any])?["n_ctx"] as? Int == 512)
        #expect(try await server.send("GET", "/api/ps", appQuery: false).status == 404)
    }

    @Test func ollamaListsTheLoadedModelsWindowAndShowsAnUnloadedOne() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/config", appQuery: false,
                                  json: ["server_kind": "ollama", "context_window": 2048])
        let running = try await server.send("GET", "/api/ps", appQuery: false)
        let models = try #require(running.object["models"] as? [[String: Any]])
        #expect(models.first?["name"] as? String == "lyra-demo")
        #expect(models.first?["context_length"] as? Int == 2048)
        #expect(try await server.send("GET", "/props", appQuery: false).status == 404)

        _ = try await server.send("POST", "/_test/config", appQuery: false, json: ["server_kind": "ollama-unloaded"])
        let none = try await server.send("GET", "/api/ps", appQuery: false)
        #expect((none.object["models"] as? [Any])?.isEmpty == true)
        let shown = try await server.send("POST", "/api/show", appQuery: false, json: ["model": "lyra-demo"])
        #expect((shown.object["model_info"] as? [String: Any])?["lyra.context_length"] as? Int == 2048)
        let unknown = try await server.send("POST", "/api/show", appQuery: false, json: ["model": "nope"])
        #expect(unknown.status == 404)
    }

    @Test func openRouterKindPutsWindowAndPricingOnTheModelList() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/config", appQuery: false,
                                  json: ["server_kind": "openrouter", "context_window": 4000])
        let list = try await server.send("GET", "/v1/models", appQuery: false)
        let first = try #require((list.object["data"] as? [[String: Any]])?.first)
        #expect(first["context_length"] as? Int == 4000)
        #expect((first["pricing"] as? [String: Any])?["prompt"] as? String == ContextWindowRoutes.promptPrice)
        #expect(try await server.send("GET", "/props", appQuery: false).status == 404)
    }

    @Test func silentTruncationCapsTheReportedPromptTokens() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let long = Array(repeating: "word", count: 300).joined(separator: " ")
        let body: [String: Any] = ["model": "lyra-demo", "messages": [["role": "user", "content": long]]]
        let honest = try await server.chat(body)
        #expect((honest.object["usage"] as? [String: Any])?["prompt_tokens"] as? Int == 301)
        _ = try await server.send("POST", "/_test/config", appQuery: false, json: ["silent_truncate_tokens": 64])
        let cut = try await server.chat(body)
        #expect((cut.object["usage"] as? [String: Any])?["prompt_tokens"] as? Int == 64)
    }

    @Test func badWindowControlsAreRefused() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        #expect(try await server.send("POST", "/_test/config", appQuery: false, json: ["context_window": 0]).status == 422)
        #expect(try await server.send("POST", "/_test/config", appQuery: false, json: ["server_kind": "vllm"]).status == 422)
        #expect(try await server.send("POST", "/_test/config", appQuery: false,
                                      json: ["silent_truncate_tokens": -3]).status == 422)
    }
}
