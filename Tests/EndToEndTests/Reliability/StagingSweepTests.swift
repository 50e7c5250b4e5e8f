// What a killed Lyra leaves is swept, and nothing is lost (issue 16): a SIGKILL during a download
// leaves its `.lyra-video-PID-…` staging directory, which the next `/video` removes; a loop of
// SIGKILL / SIGTERM / SIGINT over a script that chats, uploads and downloads leaves no temporary
// file after the sweep, and what was saved stays saved (every session file valid, no message lost).
import Foundation
import LyraTestSupport
import Testing

@Suite struct StagingSweepTests {
    private static func startLyra(_ script: String, _ environment: TemporaryEnvironment,
                                  _ variables: [String: String], stdout: FileHandle) throws -> Process {
        let process = Process()
        process.executableURL = try LyraBinary.url
        process.arguments = ["-c", script]
        process.environment = environment.environment(adding: variables)
        process.currentDirectoryURL = environment.workDirectory
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func videoVariables(_ backend: RunningBackend, _ videos: URL) -> [String: String] {
        backend.lyraEnvironment.merging(["LYRA_PREMIUM": "1", "LYRA_VIDEO_DIR": videos.path]) { $1 }
    }

    private static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aStagingDirectoryLeftBySIGKILLIsSweptByTheNextVideo() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let videos = environment.root.appending(path: "videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        // A live process's directory and a fresh one without a process id are not stale; an hour-old one is.
        let live = ".lyra-video-\(getpid())-abcdef"
        let (freshOld, oldFormat) = (".lyra-video-FRESH1", ".lyra-video-OLDONE")
        for name in [live, freshOld, oldFormat] {
            try FileManager.default.createDirectory(at: videos.appending(path: name), withIntermediateDirectories: false)
        }
        let hourAgo = Date().addingTimeInterval(-7200)
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: videos.appending(path: oldFormat).path)
        try await backend.control.injectFault(json: #"{"path": "/videos/", "status": 200, "chunks": ["RIFF"], "stall": true}"#)

        let killed = try Self.startLyra("/video 1 \(Fixtures.url("photos/red.jpg").path)", environment,
                                        Self.videoVariables(backend, videos), stdout: FileHandle.nullDevice)
        defer { if killed.isRunning { killed.terminate() } }
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        let ownPrefix = ".lyra-video-\(killed.processIdentifier)-"
        while try !Self.names(in: videos).contains(where: { $0.hasPrefix(ownPrefix) }) {
            try #require(ContinuousClock.now < deadline, "the download never started")
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        #expect(try Self.names(in: videos).contains { $0.hasPrefix(ownPrefix) }, "SIGKILL runs no clean-up")

        try await backend.control.reset()
        let next = try await environment.runLyra(["-c", "/video 1 \(Fixtures.url("photos/red.jpg").path)"],
                                                 extraEnvironment: Self.videoVariables(backend, videos))
        #expect(next.status == 0, "\(next.stderr)")
        let left = try Self.names(in: videos)
        #expect(!left.contains { $0.hasPrefix(ownPrefix) }, "\(left)")
        #expect(!left.contains(oldFormat), "\(left)")
        #expect(left.contains(live) && left.contains(freshOld), "\(left)")
        #expect(left.filter { !$0.hasPrefix(".") }.count == 1, "one saved video: \(left)")
    }

    @Test func aSignalLoopOverChatUploadAndDownloadLeavesNoFileAndLosesNothing() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend(videoPollsToComplete: 1)
        let videos = environment.root.appending(path: "videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        let variables = Self.videoVariables(backend, videos)
        let photo = Fixtures.url("photos/red.jpg").path
        var generator = SeededGenerator(seed: FuzzBudget.seed(for: #function))
        let signals = [SIGKILL, SIGTERM, SIGINT]
        var saved: [String] = []
        for round in 0..<9 {
            let script = (0..<6).map { "chat \(round)-\($0)\n/video 1 \(photo)" }.joined(separator: "\n")
            let process = try Self.startLyra(script, environment, variables, stdout: FileHandle.nullDevice)
            try await Task.sleep(for: .milliseconds(Int.random(in: 80...900, using: &generator)))
            kill(process.processIdentifier, signals[round % 3])
            process.waitUntilExit()
            let now = try Self.storedMessages(environment)
            #expect(saved.allSatisfy(now.contains), "seed \(generator.seed): a saved message was lost in round \(round)")
            saved = now
        }
        // The next run sweeps what the killed ones left (staging directories, session temp files).
        let last = try await environment.runLyra(["-c", "/sessions", "-c", "/video 1 \(photo)"], extraEnvironment: variables)
        #expect(last.status == 0, "\(last.stderr)")
        let left = try Self.names(in: videos)
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "\(left)")
        let sizes = try left.map { try FileManager.default.attributesOfItem(atPath: videos.appending(path: $0).path)[.size] as? Int }
        #expect(Set(sizes).count == 1, "every saved video is whole (the same photo, the same bytes): \(zip(left, sizes).map { "\($0) \($1 ?? -1)" })")
        let stored = try Self.names(in: environment.sessionsDirectory)
        #expect(!stored.contains { $0.contains(".tmp") }, "\(stored)")
        let temporary = try Self.names(in: URL(filePath: NSTemporaryDirectory())).filter { $0.hasPrefix("lyra-upload") }
        #expect(temporary.isEmpty, "\(temporary)")
    }

    /// The messages of every session file (each file must be valid JSON), as role and content.
    private static func storedMessages(_ environment: TemporaryEnvironment) throws -> [String] {
        try sessionFiles(environment).flatMap { file in
            try EndToEndTests.storedMessages(file).map { "\($0["role"] as? String ?? "?"): \($0["content"] as? String ?? "?")" }
        }
    }
}
