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
        let process = try BackgroundProcess(executable: try LyraBinary.url,
                                            arguments: ["-c", "/video 1 \(Fixtures.url("photos/red.jpg").path)"],
                                            environment: environment.environment(adding: variables), timeout: .seconds(120))
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))  // a watchdog only
        while try await !backend.control.requests().contains(where: { $0.path.hasPrefix("/videos/") }) {
            try #require(ContinuousClock.now < deadline, "the download never started")
            try await Task.sleep(for: .milliseconds(20))
        }
        let staged = try FileManager.default.contentsOfDirectory(atPath: videos.path)
        #expect(staged.contains { $0.hasPrefix(".lyra-video-") }, "a staging directory exists during the download")
        process.signal(signal)
        // The download stalls forever: the process can only end because of the signal.
        let result = try await process.result()
        if signal == SIGINT {
            #expect(result.terminatedBySignal == nil && result.status == 130)
        } else {
            #expect(result.terminatedBySignal == signal)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: videos.path).isEmpty)
    }
}
