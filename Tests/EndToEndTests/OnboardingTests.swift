// The first-run welcome on a real terminal: asks for the URL and a hidden token, stores them,
// never echoes the token, and never shows again; skippable; never in scripts or with --demo.
import Foundation
import LyraTestSupport
import Testing

@Suite struct OnboardingTests {
    private let token = "onboard-token-xyz-4321"

    @Test func firstStartAsksStoresAndNeverEchoesTheToken() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession([], columns: 60)
        try await session.awaitOutput(containing: "lyra --demo")
        try await session.awaitOutput(containing: "Backend URL: ")
        session.send("http://127.0.0.1:9\r")
        try await session.awaitOutput(containing: "Token (hidden, Enter for none): ")
        session.send(token + "\r")
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/settings\r")
        let screen = try await session.awaitOutput(containing: "ratePromptEnabled")
        #expect(screen.contains("••••4321"))
        #expect(screen.contains("credentials file"))
        try await session.awaitPrompt(after: "ratePromptEnabled")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(!session.output.contains(token))

        let mode = try FileManager.default.attributesOfItem(atPath: environment.credentialsFile.path)[.posixPermissions]
        #expect(mode as? Int == 0o600)
        let config = try String(contentsOf: environment.configFile, encoding: .utf8)
        #expect(config.contains("\"baseURL\" : \"http://127.0.0.1:9\""))
        #expect(!config.contains(token))

        let again = try environment.startLyraSession([])
        try await again.awaitOutput(containing: "lyra ›")
        again.send(.ctrlD)
        #expect(try await again.awaitExit() == 0)
        #expect(!again.plainOutput.contains("Welcome"))
    }

    @Test func aModelServerOnLoopbackIsOfferedAndATypedURLIsCheckedLikeChat() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend(requireToken: false)
        let port = try #require(backend.url.port)
        // The probe's 300 ms is too short for a backend in a loaded parallel test run: a watchdog instead.
        let session = try environment.startLyraSession([], extraEnvironment: ["OLLAMA_HOST": "127.0.0.1:\(port)",
                                                                             "LYRA_REQUEST_TIMEOUT": "60"])
        try await session.awaitOutput(containing: "Found Ollama on this machine at http://127.0.0.1:\(port)/v1")
        try await session.awaitOutput(containing: "Chat with ollama:lyra-demo? [Y/n] ")
        session.send("\r")
        try await session.awaitOutput(containing: "Backend URL: ")
        session.mark()
        session.send("http://example.com\r")
        try await session.awaitOutput(containing: "refusing plain http:// to example.com")
        try await session.awaitOutput(containing: "Backend URL: ")
        session.send(.ctrlD)
        try await session.awaitOutput(containing: "lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let config = try String(contentsOf: environment.configFile, encoding: .utf8)
        #expect(config.contains("\"model\" : \"ollama:lyra-demo\""))
        #expect(!config.contains("example.com"))
        let probes = try await backend.control.requests().filter { $0.path == "/v1/models" }
        #expect(probes.count == 1)
    }

    @Test func helpInsideTheDemoDoesNotSuggestTheDemo() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["--demo"], columns: 200)
        try await session.awaitOutput(containing: "›")
        session.mark()
        session.send("/help\r")
        let screen = try await session.awaitOutput(containing: "/settings shows your configuration.")
        try await session.awaitOutput(containing: "›")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(!screen.contains("run: lyra --demo"))
        #expect(!session.plainOutput.contains("run: lyra --demo"))
    }

    @Test func ctrlDSkipsAndItIsNotRepeated() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession([])
        try await session.awaitOutput(containing: "Backend URL: ")
        session.send(.ctrlD)
        try await session.awaitOutput(containing: "Skipped.")
        try await session.awaitOutput(containing: "lyra ›")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: environment.configFile.path))
        #expect(!FileManager.default.fileExists(atPath: environment.credentialsFile.path))

        let again = try environment.startLyraSession([])
        try await again.awaitOutput(containing: "lyra ›")
        again.send(.ctrlD)
        #expect(try await again.awaitExit() == 0)
        #expect(!again.plainOutput.contains("Welcome"))
    }

    @Test func neverInScriptsOrTheDemo() async throws {
        let environment = try TemporaryEnvironment()
        let script = try await environment.runLyra([], stdin: "/help\n")
        #expect(script.status == 0)
        #expect(!script.stdout.contains("Welcome"))

        let demo = try environment.startLyraSession(["--demo"])
        try await demo.awaitOutput(containing: "lyra ›")
        demo.send(.ctrlD)
        #expect(try await demo.awaitExit() == 0)
        #expect(!demo.plainOutput.contains("Welcome"))
        let marker = environment.lyraStateDirectory.appendingPathComponent("onboarding-shown")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
