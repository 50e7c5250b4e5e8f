// /settings in scripts against the built binary: sources, masked secrets, JSON, validated changes.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SettingsTests {
    private let token = "env-token-abcdef-7788"

    @Test func jsonShowsEveryValueWithItsSourceAndNeverTheToken() async throws {
        let environment = try TemporaryEnvironment()
        try await environment.runLyra(["-c", "/settings set placement promo"]).expectSuccess()
        let result = try await environment.runLyra(["-c", "/settings --json"], extraEnvironment: [
            "LYRA_BASE_URL": "http://127.0.0.1:9", "LYRA_TOKEN": token])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains(token))
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: [String: Any]])
        #expect(object["baseURL"]?["value"] as? String == "http://127.0.0.1:9")
        #expect(object["baseURL"]?["source"] as? String == "env LYRA_BASE_URL")
        #expect(object["token"]?["value"] as? String == "••••7788")
        #expect(object["token"]?["source"] as? String == "env LYRA_TOKEN")
        #expect(object["placement"]?["value"] as? String == "promo")
        #expect(object["placement"]?["source"] as? String == "config file")
        #expect(object["videoMaxPolls"]?["value"] as? Int == 40)
        #expect(object["videoMaxPolls"]?["source"] as? String == "default")
    }

    @Test func scriptLinesAreKeyValueAndSource() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/settings"], extraEnvironment: ["LYRA_TOKEN": token])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 22)
        #expect(lines.contains("token ••••7788 (env LYRA_TOKEN)"))
        #expect(lines.contains("contextTokens (90% of the model's window) (default)"))
        #expect(lines.contains("baseURL (not set) (default)"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func aBadValueFailsWithAClearMessageAndChangesNothing() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/settings set videoMaxPolls abc"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "lyra: line 1: invalid videoMaxPolls 'abc': must be a whole number greater than 0\n")
        #expect(!FileManager.default.fileExists(atPath: environment.configFile.path))

        let unknown = try await environment.runLyra(["-c", "/settings set colour red"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown setting 'colour' (known: baseURL, token,"))
        #expect(unknown.stderr.contains("videoMaxPolls"))
    }

    @Test func aChangeIsStoredAndSeenByTheNextRun() async throws {
        let environment = try TemporaryEnvironment()
        let set = try await environment.runLyra(["-c", "/settings set videoPollInterval 1.5"])
        #expect(set.stdout == "videoPollInterval = 1.5 (config file)\n")
        let shown = try await environment.runLyra(["-c", "/settings"])
        #expect(shown.stdout.contains("videoPollInterval 1.5 (config file)\n"))
        let overridden = try await environment.runLyra(["-c", "/settings"],
                                                       extraEnvironment: ["LYRA_VIDEO_POLL_INTERVAL": "4"])
        #expect(overridden.stdout.contains("videoPollInterval 4 (env LYRA_VIDEO_POLL_INTERVAL)\n"))
    }

    @Test func anUnusableEnvironmentValueIsNamedWithItsSource() async throws {
        let environment = try TemporaryEnvironment()
        let result = try await environment.runLyra(["-c", "/settings"], extraEnvironment: ["LYRA_VIDEO_MAX_POLLS": "many"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid videoMaxPolls 'many' (from env LYRA_VIDEO_MAX_POLLS)"))
    }
}

extension ProcessResult {
    /// Records an issue with the output when the run did not exit 0.
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "stdout: \(stdout) stderr: \(stderr)", sourceLocation: sourceLocation)
    }
}
