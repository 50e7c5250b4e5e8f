// Proxies end to end (SPEC §10, issue 33): with `http_proxy` and friends set, loopback backends and
// `--demo` are reached directly; a token is never sent through a plain-http proxy; a dead proxy is
// named. The proxy is a `RecordingProxy` on 127.0.0.1 and the remote origin a `.invalid` name that
// only the proxy "resolves", so nothing is sent off the machine.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ProxyTests {
    /// Every proxy variable libcurl reads for http and https, pointing at `proxy`.
    private static func everyProxyVariable(_ proxy: RecordingProxy) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
            .map { ($0, proxy.url) })
    }

    @Test func aLoopbackBackendIsReachedDirectlyAndTheProxySeesNothing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let proxy = try RecordingProxy(status: 502)
        let app = try await env.runLyra(["-c", "hello"],
                                        extraEnvironment: backend.lyraEnvironment.merging(Self.everyProxyVariable(proxy)) { $1 })
        #expect(app.status == 0 && app.stderr == "")
        #expect(app.stdout.hasPrefix("Demo reply: you said \"hello\"."))
        let model = try await env.runLyra(["-c", "hello"],
                                          extraEnvironment: openAIEnvironment(backend).merging(Self.everyProxyVariable(proxy)) { $1 })
        #expect(model.status == 0 && model.stdout == cannedReply("hello", history: "1 message: yours") + "\n")
        let received = try await backend.control.requests()
        // The backend records credentials masked; it answered (status 0) only with the right token.
        // (The model's context-window lookup, SPEC §12, also reaches the backend directly.)
        let turns = received.filter { $0.path.hasPrefix("/dola/") || $0.path == "/v1/chat/completions" }
        #expect(turns.filter { $0.header("Authorization") == "Bearer ••••" }.count == 2)
        #expect(received.contains { $0.path == "/props" })
        #expect(proxy.requestHeads.isEmpty)
    }

    @Test func theDemoWorksWithAProxySet() async throws {
        let env = try TemporaryEnvironment()
        let proxy = try RecordingProxy(status: 502)
        let result = try await env.runLyra(["--demo", "-c", "hello", "-c", "/model demo:lyra-demo", "-c", "again"],
                                           extraEnvironment: Self.everyProxyVariable(proxy))
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout.contains("Demo reply: you said \"hello\"."))
        #expect(result.stdout.contains("You asked: \"again\"."))
        #expect(proxy.requestHeads.isEmpty)
    }

    @Test func aTokenIsNeverSentThroughAPlainHTTPProxyButARequestWithoutOneGoesThrough() async throws {
        let env = try TemporaryEnvironment()
        let completion = #"{"choices":[{"message":{"role":"assistant","content":"via the proxy"},"finish_reason":"stop"}]}"#
        let proxy = try RecordingProxy(body: completion)
        var variables = ["http_proxy": proxy.url, "OPENAI_BASE_URL": "http://lyra-test.invalid/v1", "LYRA_MODEL": "openai:m",
                         "LYRA_ALLOW_INSECURE_HTTP": "true", "OPENAI_API_KEY": "sk-never-sent-1234"]
        let refused = try await env.runLyra(["-c", "hello"], extraEnvironment: variables)
        #expect(refused.status == 2)
        #expect(refused.stderr == "lyra: line 1: refusing to send credentials over plain http:// through the proxy "
            + "\(proxy.address): use https://, or add lyra-test.invalid to no_proxy\n")
        #expect(proxy.requestHeads.isEmpty)

        let app = try await env.runLyra(["-c", "hello"], extraEnvironment: [
            "http_proxy": proxy.url, "LYRA_BASE_URL": "http://lyra-test.invalid", "LYRA_TOKEN": "token-never-sent",
            "LYRA_ALLOW_INSECURE_HTTP": "true"])
        #expect(app.status == 2 && app.stderr.contains("through the proxy \(proxy.address)"))
        #expect(proxy.requestHeads.isEmpty)

        variables["OPENAI_API_KEY"] = nil
        let plain = try await env.runLyra(["-c", "hello"], extraEnvironment: variables)
        #expect(plain.status == 0 && plain.stdout == "via the proxy\n")
        // The context-window lookup (SPEC §12) goes through the proxy too, beside the turn.
        let head = try #require(proxy.requestHeads.first { $0.hasPrefix("POST") })
        #expect(head.hasPrefix("POST http://lyra-test.invalid/v1/chat/completions HTTP/1.1\r\n"))
        #expect(!proxy.requestHeads.contains { $0.lowercased().contains("authorization") })
    }

    @Test func aDeadProxyIsNamedWithItsPort() async throws {
        let env = try TemporaryEnvironment()
        let port = try DripServer.closedLoopbackPort()
        let result = try await env.runLyra(["-c", "hello"], extraEnvironment: [
            "https_proxy": "http://127.0.0.1:\(port)", "OPENAI_BASE_URL": "https://lyra-test.invalid/v1",
            "OPENAI_API_KEY": "sk-tunnelled-1234", "LYRA_MODEL": "openai:m"])
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 1: network error: could not connect to the proxy 127.0.0.1:\(port)\n")
    }
}
