// A server that echoes a secret back in an error (issue 33, finding 3): whatever error text Lyra
// prints — a provider's refusal, a server error, an error event mid-stream, the app backend's
// detail — masks every secret of the run: the token, each provider's API key, the Apphud key.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SecretEchoTests {
    private static let openAIKey = "sk-echo-OPENAI-4455"
    private static let workKey = "wk-echo-WORK-6677"
    private static let apphudKey = "app_echo_APPHUD_8899"

    /// The backend for everything, the `openai` provider on it with its key, and a `work` provider
    /// whose key comes from `LYRA_API_KEY_WORK`.
    private static func variables(_ backend: RunningBackend) -> [String: String] {
        backend.lyraEnvironment.merging(openAIEnvironment(backend)) { $1 }.merging([
            "OPENAI_API_KEY": openAIKey, "LYRA_API_KEY_WORK": workKey, "LYRA_APPHUD_API_KEY": apphudKey]) { $1 }
    }

    /// A `work` provider in config.json (never contacted), so its key is one Lyra knows.
    private static func configureWork(_ env: TemporaryEnvironment) throws {
        try FileManager.default.createDirectory(at: env.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"providers": {"work": {"kind": "openai", "baseURL": "http://127.0.0.1:9/v1"}}}"#.utf8).write(to: env.configFile)
    }

    private static var everySecret: String { "\(openAIKey) \(workKey) \(apphudKey) test-token-1234" }

    private static func expectMasked(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        let output = result.stdout + result.stderr
        for secret in [openAIKey, workKey, apphudKey, "test-token-1234"] {
            #expect(!output.contains(secret), "\(secret) printed: \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stderr.contains("•••• •••• •••• ••••"), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aProviderKeyEchoedInARefusalIsMasked() async throws {
        let env = try TemporaryEnvironment()
        try Self.configureWork(env)
        let backend = try RunningBackend(requireToken: false)
        try await backend.control.injectFault(json: """
            {"path": "/v1/chat/completions", "openai_error": "unauthorized", "message": "Incorrect API key provided: \(Self.everySecret)"}
            """)
        let refused = try await env.runLyra(["-c", "hello"], extraEnvironment: Self.variables(backend))
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("lyra: line 1: openai refused the request (Incorrect API key provided: ••••"))
        Self.expectMasked(refused)
    }

    @Test func secretsEchoedInServerErrorsAndStreamEventsAreMasked() async throws {
        let env = try TemporaryEnvironment()
        try Self.configureWork(env)
        let backend = try RunningBackend(requireToken: false)
        try await backend.control.injectFault(json: """
            {"path": "/v1/chat/completions", "openai_error": "server", "message": "upstream said \(Self.everySecret)"}
            """)
        Self.expectMasked(try await env.runLyra(["-c", "hello"], extraEnvironment: Self.variables(backend)))
        try await backend.control.injectFault(json: """
            {"path": "/v1/chat/completions", "error_after_words": 2, "error_message": "revoked: \(Self.everySecret)"}
            """)
        Self.expectMasked(try await env.runLyra(["-c", "hello"], extraEnvironment: Self.variables(backend)))
        var app = Self.variables(backend)
        app["LYRA_MODEL"] = nil
        try await backend.control.injectFault(path: "/dola/chats", status: 500, body: #"{"detail": "echo \#(Self.everySecret)"}"#)
        Self.expectMasked(try await env.runLyra(["-c", "hello"], extraEnvironment: app))
    }
}
