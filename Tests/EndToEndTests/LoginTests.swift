// /login and /logout against the built binary: the token is the next script line, stored 0600,
// never printed (not even with --echo); hidden on a terminal.
import Foundation
import LyraTestSupport
import Testing

@Suite struct LoginTests {
    private let token = "script-token-QWERTY-5150"

    private func storedMode(_ environment: TemporaryEnvironment) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: environment.credentialsFile.path)[.posixPermissions] as? Int
    }

    @Test func loginReadsTheNextLineStoresItPrivatelyAndNeverEchoesIt() async throws {
        let environment = try TemporaryEnvironment()
        let script = "/login\n\(token)\n/settings\n"
        let result = try await environment.runLyra(["--echo"], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("> /login\nToken stored in \(environment.credentialsFile.path)\n> /settings\n"))
        #expect(result.stdout.contains("token ••••5150 (credentials file)\n"))
        #expect(!result.stdout.contains(token))
        #expect(!result.stderr.contains(token))
        #expect(try storedMode(environment) == 0o600)
        let stored = try String(contentsOf: environment.credentialsFile, encoding: .utf8)
        #expect(stored.contains(token))
    }

    @Test func loginWithoutATokenLineFails() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/login"])
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 1: the token must be on the line after the command, but the input ended\n")
        let onTheLine = try await environment.runLyra(["-c", "/login \(token)"])
        #expect(onTheLine.status == 1)
        #expect(!onTheLine.stderr.contains(token))
        #expect(!FileManager.default.fileExists(atPath: environment.credentialsFile.path))
    }

    @Test func logoutRemovesTheTokenAndSaysSo() async throws {
        let environment = try TemporaryEnvironment()
        _ = try await environment.runLyra([], stdin: "/login\n\(token)\n")
        let first = try await environment.runLyra(["-c", "/logout", "-c", "/logout"])
        #expect(first.status == 0)
        #expect(first.stdout == "Token removed from \(environment.credentialsFile.path)\nNo token was stored.\n")
        let after = try await environment.runLyra(["-c", "/settings"])
        #expect(after.stdout.contains("token (not set) (default)"))
    }

    @Test func theEnvironmentTokenStillWinsAndThatIsSaid() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra([], stdin: "/login\n\(token)\n",
                                                   extraEnvironment: ["LYRA_TOKEN": "other-token-0000"])
        #expect(result.status == 0)
        #expect(result.stderr == "lyra: note: LYRA_TOKEN takes precedence over the stored token in this run\n")
    }

    @Test func onATerminalTheTokenIsHidden() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: ["LYRA_BASE_URL": "http://127.0.0.1:9"])
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/login\r")
        try await session.awaitOutput(containing: "Token (hidden): ")
        session.send(token + "\r")
        try await session.awaitOutput(containing: "Token stored in")
        session.mark()
        session.send("/settings\r")
        let screen = try await session.awaitOutput(containing: "ratePromptEnabled")
        #expect(screen.contains("••••5150"))
        try await session.awaitPrompt(after: "ratePromptEnabled")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(!session.output.contains(token))
        #expect(try storedMode(environment) == 0o600)
    }

    /// Backspace and Ctrl-U edit the hidden token as in any terminal prompt (the terminal is
    /// canonical while it reads, even though a line is running and holds type-ahead).
    @Test func aMistypedTokenCanBeCorrectedWithBackspace() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: ["LYRA_BASE_URL": "http://127.0.0.1:9"])
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/login\r")
        try await session.awaitOutput(containing: "Token (hidden): ")
        session.send("oops")
        session.send(.ctrlU)
        session.send(token + "Z")
        session.send(.backspace)
        session.send("\r")
        try await session.awaitPrompt(after: "Token stored in")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let stored = try String(contentsOf: environment.credentialsFile, encoding: .utf8)
        #expect(stored.contains(token))
        #expect(!stored.contains("oops"))
        #expect(!stored.contains(token + "Z"))
        #expect(!session.output.contains(token))
    }
}
