// /video end to end: the built lyra against a RunningBackend. Saved bytes, failures, timeouts,
// retried polls, relative URLs, refusals with nothing uploaded, no overwrite, the premium gate.
import Foundation
import LyraTestSupport
import Testing

@Suite struct VideoTests {
    let env: TemporaryEnvironment
    let backend: RunningBackend
    var videos: URL { env.workDirectory.appending(path: "videos") }

    init() throws {
        env = try TemporaryEnvironment()
        backend = try RunningBackend()
        try FileManager.default.createDirectory(at: env.workDirectory.appending(path: "videos"), withIntermediateDirectories: true)
    }

    func run(_ lines: [String], extra: [String: String] = [:]) async throws -> ProcessResult {
        var environment = backend.lyraEnvironment
        environment["LYRA_VIDEO_DIR"] = videos.path
        environment["LYRA_PREMIUM"] = "1"
        environment["LYRA_VIDEO_POLL_INTERVAL"] = "0.01"
        return try await env.runLyra(lines.flatMap { ["-c", $0] }, extraEnvironment: environment.merging(extra) { $1 })
    }

    func photo(_ name: String) -> String { Fixtures.url("photos/\(name)").path }

    func requests(_ path: String, method: String? = nil) async throws -> [RecordedRequest] {
        try await backend.control.requests().filter { $0.path == path && (method == nil || $0.method == method) }
    }

    /// The text parts of every start request, read from the raw recording (`RecordedRequest.Part`
    /// looks for `text`, while the backend records text parts as `value`).
    func startTextParts() async throws -> [[String: String]] {
        let (_, data) = try await backend.control.fetch(backend.url.appending(path: "_test/requests"))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return list.filter { $0["path"] as? String == "/pixverse/api/v1/template2video" }.map { request in
            let parts = request["parts"] as? [[String: Any]] ?? []
            var texts: [String: String] = [:]
            for part in parts { if let name = part["name"] as? String, let value = part["value"] as? String { texts[name] = value } }
            return texts
        }
    }

    func savedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: videos.path)) ?? []).sorted()
    }

    func backendVideo(_ id: Int) async throws -> Data {
        let (status, data) = try await backend.control.fetch(backend.url.appending(path: "videos/\(id).avi"))
        #expect(status == 200)
        return data
    }

    @Test func savesTheBackendsVideoAndPrintsOnlyItsPath() async throws {
        let result = try await run(["/video 1 \(photo("red.jpg")) \(photo("blue.jpg")) --prompt 'sunny day'"])
        #expect(result.status == 0, "\(result.stderr)")
        let saved = videos.appending(path: "lyra-1001.avi").path
        #expect(result.stdout == saved + "\n")
        #expect(result.stderr.isEmpty)
        let bytes = try Data(contentsOf: URL(filePath: saved))
        #expect(bytes == (try await backendVideo(1001)))
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
        #expect(bytes.split(separator: Data("00dc".utf8)).count - 1 >= 2)
        let start = try #require(try await requests("/pixverse/api/v1/template2video").only)
        let images = start.parts(named: "image")
        #expect(images.map(\.filename) == ["photo1.jpg", "photo2.jpg"])
        #expect(images.map(\.contentType) == ["image/jpeg", "image/jpeg"])
        #expect(images.map(\.size) == [try Fixtures.data("photos/red.jpg").count, try Fixtures.data("photos/blue.jpg").count])
        #expect(try await startTextParts() == [["template_id": "1", "prompt": "sunny day"]])
        #expect(try await requests("/pixverse/api/v1/status").count == 3)
        #expect(savedFiles() == ["lyra-1001.avi"])
    }

    @Test func listsTemplatesInBothShapes() async throws {
        let plain = try await run(["/video templates"])
        #expect(plain.stdout == "1\tSlideshow\n2\tQuick Cuts\n3\tSlow Memories\n4\tPostcard\n")
        try await backend.control.configure(BackendTestConfiguration(templatesBareArray: true))
        let json = try await run(["/video templates --json", "/video templates"])
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let templates = try #require(object["templates"] as? [[String: Any]])
        #expect(templates.compactMap { $0["name"] as? String } == ["Slideshow", "Quick Cuts", "Slow Memories", "Postcard"])
        #expect(templates.first?["id"] as? Int == 1)
        // Cached for the process: one fetch for two listings.
        #expect(try await requests("/pixverse/api/v1/get_templates/lyra.cli").count == 2)
    }

    @Test func aTemplateNameWorksLikeItsId() async throws {
        let result = try await run(["/video 'quick cuts' \(photo("green.jpg"))"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await startTextParts() == [["template_id": "2"]])
        #expect(savedFiles() == ["lyra-1001.avi"])
    }

    @Test func aFailedStatusShowsTheServersError() async throws {
        try await backend.control.injectFault(path: "/pixverse/api/v1/status", status: 200,
                                              body: #"{"status":"failed","error":"GPU on fire"}"#)
        let result = try await run(["/video 1 \(photo("red.jpg"))"])
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 1: video 1001 failed: GPU on fire\n")
        #expect(result.stdout.isEmpty)
        #expect(savedFiles().isEmpty)
    }

    @Test func timesOutAfterExactlyTheMaximumNumberOfPolls() async throws {
        try await backend.control.configure(BackendTestConfiguration(videoPollsToComplete: 1000))
        let result = try await run(["/video 1 \(photo("red.jpg"))"], extra: ["LYRA_VIDEO_MAX_POLLS": "3"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1: video 1001 was not ready after 3 status polls"))
        #expect(try await requests("/pixverse/api/v1/status").count == 3)
        #expect(savedFiles().isEmpty)
    }

    @Test func unavailableStatusPollsAreRetried() async throws {
        try await backend.control.injectFault(path: "/pixverse/api/v1/status", status: 503, count: 2)
        try await backend.control.injectFault(path: "/pixverse/api/v1/status", status: 429, headers: ["Retry-After": "0"])
        let result = try await run(["/video 1 \(photo("red.jpg"))"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await requests("/pixverse/api/v1/status").count == 6)
        #expect(try await requests("/pixverse/api/v1/template2video").count == 1)
        #expect(savedFiles() == ["lyra-1001.avi"])
    }

    @Test func aStartThatFailsIsNotRepeated() async throws {
        try await backend.control.injectFault(path: "/pixverse/api/v1/template2video", status: 503)
        let result = try await run(["/video 1 \(photo("red.jpg"))"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("server error 503"))
        #expect(try await requests("/pixverse/api/v1/template2video").count == 1)
    }

    @Test func aRelativeVideoURLIsResolvedAgainstTheBaseURL() async throws {
        try await backend.control.configure(BackendTestConfiguration(relativeVideoURL: true))
        let result = try await run(["/video 2 \(photo("blue.jpg"))"])
        #expect(result.status == 0, "\(result.stderr)")
        let saved = try Data(contentsOf: videos.appending(path: "lyra-1001.avi"))
        #expect(saved == (try await backendVideo(1001)))
    }

    @Test func badPhotosAreRefusedBeforeAnyUpload() async throws {
        let scratch = env.root.appending(path: "scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let big = scratch.appending(path: "big.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(filePath: big))
        #expect(truncate(big, off_t(21 << 20)) == 0)
        let red = photo("red.jpg")
        let missing = scratch.appending(path: "missing.jpg").path
        let result = try await run([
            "/video 1 \(red) \(photo("not-a-photo.jpg"))",
            "/video 1 \(missing)",
            "/video 1 \(big)",
            "/video 1 \(red) \(red) \(red) \(red)",
        ])
        #expect(result.status == 1)
        #expect(result.stderr == """
            lyra: line 1: photo \(photo("not-a-photo.jpg")) is not a JPEG (it does not start with FF D8 FF)
            lyra: line 2: photo \(missing): no such file
            lyra: line 3: photo \(big) is too large: 21.0 MiB (the limit is 20 MiB)
            lyra: line 4: expected 1 to 3 photos, got 4

            """)
        #expect(try await backend.control.requests().isEmpty)
        #expect(savedFiles().isEmpty)
    }

    @Test func anExistingFileIsNeverOverwritten() async throws {
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: videos.appending(path: "lyra-1001.avi"))
        let result = try await run(["/video 1 \(photo("red.jpg"))"])
        #expect(result.stdout == videos.appending(path: "lyra-1001-1.avi").path + "\n")
        #expect(try Data(contentsOf: videos.appending(path: "lyra-1001.avi")) == Data("keep me".utf8))
        #expect(savedFiles() == ["lyra-1001-1.avi", "lyra-1001.avi"])
    }

    @Test func outPathIsUsedAsGiven() async throws {
        let target = env.workDirectory.appending(path: "clip.mp4").path
        let result = try await run(["/video 1 \(photo("red.jpg")) --out \(target)", "/video 1 \(photo("red.jpg")) --out clip.mp4"])
        #expect(result.stdout == target + "\n" + env.workDirectory.appending(path: "clip-1.mp4").path + "\n")
    }

    @Test func aMissingOutputDirectoryIsRefusedBeforeAnyUpload() async throws {
        let missing = env.root.appending(path: "nonexistent/dir").path
        let result = try await run(["/video 1 \(photo("red.jpg")) --out \(missing)/", "/video 1 \(photo("red.jpg"))"],
                                   extra: ["LYRA_VIDEO_DIR": env.root.appending(path: "nowhere").path])
        #expect(result.status == 1)
        #expect(result.stderr == """
            lyra: line 1: cannot save the video to \(missing): no such directory
            lyra: line 2: cannot save the video to \(env.root.appending(path: "nowhere").path): no such directory

            """)
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(try await requests("/pixverse/api/v1/template2video").isEmpty)
    }

    @Test func savedVideosAreListedAndTheirStatusCanBeAsked() async throws {
        let first = try await run(["/video 2 \(photo("red.jpg")) \(photo("blue.jpg"))"])
        #expect(first.status == 0, "\(first.stderr)")
        let saved = videos.appending(path: "lyra-1001.avi").path
        let result = try await run(["/video list", "/video status 1001", "/video download 1001 --out \(env.root.path)/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1001\tsaved\tQuick Cuts\t2 photos\t\(saved)\n"
            + "video 1001: completed (get it with /video download 1001)\n"
            + env.root.appending(path: "lyra-1001.avi").path + "\n")
        #expect(try Data(contentsOf: env.root.appending(path: "lyra-1001.avi")) == (try await backendVideo(1001)))
        let journal = env.root.appending(path: "state/lyra/videos.json").path
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    @Test func withoutPremiumVideoIsRefused() async throws {
        let result = try await run(["/video 1 \(photo("red.jpg"))"], extra: ["LYRA_PREMIUM": "0"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("lyra: line 1: subscription required: Lyra Premium"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try await requests("/pixverse/api/v1/template2video").isEmpty)
    }

    @Test func withoutPremiumAQuietScriptPrintsOnlyTheDiagnostic() async throws {
        var environment = backend.lyraEnvironment
        environment["LYRA_PREMIUM"] = "0"
        let result = try await env.runLyra(["-q", "-c", "/video 1 \(photo("red.jpg"))"], extraEnvironment: environment)
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 1: subscription required: see /subscribe\n")
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
