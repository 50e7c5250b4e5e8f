// /video on a pseudo-terminal: the live progress line, Ctrl-C during polling (prints `cancelled`,
// leaves no file, the REPL goes on), then a completed run printing the saved path.
import Foundation
import LyraTestSupport
import Testing

@Suite struct VideoTerminalTests {
    @Test func ctrlCDuringPollingCancelsAndLeavesNothing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(videoPollsToComplete: 100_000))
        let videos = env.workDirectory.appending(path: "videos")
        var environment = backend.lyraEnvironment
        environment["LYRA_VIDEO_DIR"] = videos.path
        environment["LYRA_PREMIUM"] = "1"
        environment["LYRA_VIDEO_POLL_INTERVAL"] = "0.05"
        environment["LYRA_VIDEO_MAX_POLLS"] = "100000"
        let session = try env.startLyraSession([], extraEnvironment: environment)
        try await session.awaitOutput(containing: "lyra")

        session.mark()
        session.send("/video 1 \(Fixtures.url("photos/red.jpg").path)\r")
        try await session.awaitOutput(containing: "poll 2/100000")
        session.mark()
        session.send(.ctrlC)
        try await session.awaitOutput(containing: "cancelled")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: videos.path)) ?? []
        #expect(entries.isEmpty)

        try await backend.control.configure(BackendTestConfiguration(videoPollsToComplete: 1))
        session.mark()
        session.send("/video 1 \(Fixtures.url("photos/blue.jpg").path)\r")
        let finished = try await session.awaitOutput(containing: "lyra-1002.avi")
        #expect(finished.contains("ready after 2 polls"))
        #expect(!finished.contains("error"))
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: videos.path)) ?? []
        #expect(saved == ["lyra-1002.avi"])
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
