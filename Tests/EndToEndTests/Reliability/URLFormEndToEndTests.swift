// Odd but valid URL forms end to end over real loopback (issue 16): a backend listening on ::1
// reached through `http://[::1]:PORT`, and a video whose status names it with `HTTP://`.
import Foundation
import LyraBackend
import LyraTestSupport
import Testing

@Suite struct URLFormEndToEndTests {
    @Test func anIPv6LoopbackBaseURLChatsAndMakesAVideo() async throws {
        let environment = try TemporaryEnvironment()
        let backend = LocalBackend(options: LocalBackendOptions(host: "::1", requiredToken: "tok-ipv6", videoPollsToComplete: 1))
        let url = try backend.start()
        defer { backend.stop() }
        #expect(url.absoluteString.hasPrefix("http://[::1]:"))
        let videos = environment.root.appending(path: "videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        let variables = [
            "LYRA_BASE_URL": url.absoluteString, "LYRA_TOKEN": "tok-ipv6", "LYRA_PREMIUM": "1",
            "LYRA_VIDEO_DIR": videos.path, "LYRA_VIDEO_POLL_INTERVAL": "0.01",
        ]
        let script = "hello over IPv6\n/video 1 \(Fixtures.url("photos/red.jpg").path)\n"
        let result = try await environment.runLyra(stdin: script, extraEnvironment: variables)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"you said "hello over IPv6""#))
        let saved = try FileManager.default.contentsOfDirectory(atPath: videos.path)
        #expect(saved.count == 1 && saved.allSatisfy { $0.hasSuffix(".avi") }, "\(saved)")
    }

    @Test func anUpperCaseHTTPVideoURLIsDownloaded() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let videos = environment.root.appending(path: "videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        let port = try #require(backend.url.port)
        // The first status poll answers "completed" with the video (1001, the first one made) under HTTP://.
        let status = #"{"status": "completed", "video_url": "HTTP://127.0.0.1:\#(port)/videos/1001.avi", "error": null}"#
        try await backend.control.injectFault(path: "/pixverse/api/v1/status", status: 200, body: status)
        var variables = backend.lyraEnvironment
        variables["LYRA_PREMIUM"] = "1"
        variables["LYRA_VIDEO_DIR"] = videos.path
        let result = try await environment.runLyra(["-c", "/video 1 \(Fixtures.url("photos/red.jpg").path)"],
                                                   extraEnvironment: variables)
        #expect(result.status == 0, "\(result.stderr)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: videos.path)
        #expect(saved == ["lyra-1001.avi"], "\(saved)")
        let downloads = try await backend.control.requests().filter { $0.path.hasPrefix("/videos/") }
        #expect(downloads.map(\.path) == ["/videos/1001.avi"])
        let bytes = try Data(contentsOf: videos.appending(path: "lyra-1001.avi"))
        #expect(bytes.starts(with: Data("RIFF".utf8)))
    }
}
