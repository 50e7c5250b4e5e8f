// SIGINT, SIGTERM or SIGHUP in a script during a video download (issue 16): lyra ends (130 for
// Ctrl-C, by the signal otherwise) and leaves no staging directory or partial video behind.
import Foundation
import LyraTestSupport
import Testing

@Suite struct InterruptCleanupTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringADownloadLeavesNoPartialFile(signal: Int32) async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let videos = environment.root.appending(path: "videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        try await backend.control.injectFault(json: #"{"path": "/videos/", "status": 200, "chunks": ["RIFF"], "stall": true}"#)
        var variables = backend.lyraEnvironment
        variables["LYRA_PREMIUM"] = "1"
        variables["LYRA_VIDEO_DIR"] = videos.path
        let process = Process()
        process.executableURL = try LyraBinary.url
        process.arguments = ["-c", "/video 1 \(Fixtures.url("photos/red.jpg").path)"]
        process.environment = environment.environment(adding: variables)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while try await !backend.control.requests().contains(where: { $0.path.hasPrefix("/videos/") }) {
            try #require(ContinuousClock.now < deadline, "the download never started")
            try await Task.sleep(for: .milliseconds(20))
        }
        let staged = try FileManager.default.contentsOfDirectory(atPath: videos.path)
        #expect(staged.contains { $0.hasPrefix(".lyra-video-") }, "a staging directory exists during the download")
        kill(process.processIdentifier, signal)
        while process.isRunning {
            try #require(ContinuousClock.now < deadline, "lyra ignored signal \(signal)")
            try await Task.sleep(for: .milliseconds(10))
        }
        if signal == SIGINT {
            #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        } else {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: videos.path).isEmpty)
    }
}
