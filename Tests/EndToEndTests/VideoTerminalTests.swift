// /video on a pseudo-terminal: the live progress line, Ctrl-C during polling (prints `cancelled`,
// leaves no file, the REPL goes on), then a completed run printing the saved path.
import Foundation
import LyraTestSupport
import Testing

/// `videos/` in the environment's working directory, created.
func videoDirectory(in env: TemporaryEnvironment) throws -> URL {
    let videos = env.workDirectory.appending(path: "videos")
    try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
    return videos
}

/// The backend's environment with premium forced, fast polls and `videos` as the video directory.
func videoEnvironment(_ backend: RunningBackend, videos: URL, pollInterval: String = "0.05") -> [String: String] {
    var environment = backend.lyraEnvironment
    environment["LYRA_VIDEO_DIR"] = videos.path
    environment["LYRA_PREMIUM"] = "1"
    environment["LYRA_VIDEO_POLL_INTERVAL"] = pollInterval
    return environment
}

@Suite struct VideoTerminalTests {
    @Test func ctrlCDuringPollingCancelsAndLeavesNothing() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(videoPollsToComplete: 100_000))
        let videos = try videoDirectory(in: env)
        var environment = videoEnvironment(backend, videos: videos)
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

/// Resume: a download cancelled with Ctrl-C is remembered and `/video download ID` saves the same bytes.
@Suite struct VideoResumeTerminalTests {
    @Test func aCancelledDownloadCanBePickedUpWithTheSameBytes() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let videos = try videoDirectory(in: env)
        try await backend.control.injectFault(path: "/videos/1001.avi", delayMilliseconds: 60_000)
        let session = try env.startLyraSession([], extraEnvironment: videoEnvironment(backend, videos: videos))
        try await session.awaitOutput(containing: "lyra")

        session.mark()
        session.send("/video 1 \(Fixtures.url("photos/red.jpg").path)\r")
        try await session.awaitOutput(containing: "downloading")
        session.mark()
        session.send(.ctrlC)
        let cancelled = try await session.awaitOutput(containing: "get it later with /video download 1001")
        #expect(!cancelled.contains("✓"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: videos.path)) ?? []).isEmpty)

        session.mark()
        session.send("/video list\r")
        try await session.awaitOutput(containing: "1001\tcancelled\tSlideshow\t1 photo\t-")
        session.mark()
        session.send("/video download 1001\r")
        try await session.awaitOutput(containing: "lyra-1001.avi")
        let saved = try Data(contentsOf: videos.appending(path: "lyra-1001.avi"))
        let (status, original) = try await backend.control.fetch(backend.url.appending(path: "videos/1001.avi"))
        #expect(status == 200)
        #expect(saved == original)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}

/// The "player": the first frame inline where the environment announces an image protocol, nothing elsewhere.
@Suite struct VideoPreviewTerminalTests {
    /// A REPL with `extra` in its environment; the temporary environment and backend are returned
    /// so that they live as long as the test.
    func session(_ extra: [String: String]) async throws -> (PseudoTerminalSession, RunningBackend, TemporaryEnvironment) {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let environment = videoEnvironment(backend, videos: env.workDirectory, pollInterval: "0.01").merging(extra) { $1 }
        let session = try env.startLyraSession([], extraEnvironment: environment)
        try await session.awaitOutput(containing: "lyra")
        return (session, backend, env)
    }

    @Test func weztermGetsTheFirstFrameAsAnInlineImage() async throws {
        let (session, backend, env) = try await session(["TERM_PROGRAM": "WezTerm"])
        session.mark()
        session.send("/video 1 \(Fixtures.url("photos/red.jpg").path)\r")
        let jpeg = try Fixtures.data("photos/red.jpg")
        let screen = try await session.awaitOutput(containing: "\u{1B}]1337;File=inline=1;size=\(jpeg.count);")
        try await session.awaitOutput(containing: "\u{07}")
        #expect(screen.contains("lyra-1001.avi"))
        #expect(session.output.contains(jpeg.base64EncodedString()))
        #expect(FileManager.default.fileExists(atPath: env.workDirectory.appending(path: "lyra-1001.avi").path))
        #expect(try await backend.control.requests().contains { $0.path == "/videos/1001.avi" })
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aPlainTerminalGetsNoImage() async throws {
        let (session, backend, env) = try await session(["TERM": "xterm-256color"])
        session.mark()
        session.send("/video 1 \(Fixtures.url("photos/red.jpg").path)\r")
        try await session.awaitOutput(containing: "lyra-1001.avi")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(FileManager.default.fileExists(atPath: env.workDirectory.appending(path: "lyra-1001.avi").path))
        #expect(try await !backend.control.requests().isEmpty)
        #expect(!session.output.contains("1337;File="))
        #expect(!session.output.contains("\u{1B}_G"))
    }
}
