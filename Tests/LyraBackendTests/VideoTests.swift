// The video routes end to end over loopback: templates, upload, polls, download, and the AVI itself.

import Foundation
import LyraTestSupport
import Testing
@testable import LyraBackend

@Suite struct VideoRouteTests {
    private func upload(
        _ server: RunningBackend, template: String = "1", photos: [(String, [UInt8])], prompt: String? = nil
    ) async throws -> TestResponse {
        var form = MultipartBody()
        form.addText("template_id", template)
        if let prompt { form.addText("prompt", prompt) }
        for (name, bytes) in photos { form.addFile("image", filename: name, bytes: bytes) }
        return try await server.send(
            "POST", "/pixverse/api/v1/template2video", body: form.finished(), headers: ["Content-Type": form.contentType])
    }

    @Test func templatesListFourNamedTemplatesInBothShapes() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let wrapped = try await server.send("GET", "/pixverse/api/v1/get_templates/lyra.cli")
        let templates = try #require(wrapped.object["templates"] as? [[String: Any]])
        #expect(templates.compactMap { $0["id"] as? Int } == [1, 2, 3, 4])
        #expect(templates.allSatisfy { ($0["name"] as? String)?.isEmpty == false })
        _ = try await server.send("POST", "/_test/config", appQuery: false, json: ["templates_bare_array": true])
        let bare = try await server.send("GET", "/pixverse/api/v1/get_templates/lyra.cli")
        #expect((bare.json as? [[String: Any]])?.count == 4)
    }

    @Test func twoPhotosBecomeAPlayableAVIAfterTheConfiguredPolls() async throws {
        let server = try RunningBackend(LocalBackendOptions(videoPollsToComplete: 2))
        defer { server.stop() }
        let started = try await upload(server, template: "2", photos: [("a.jpg", try photo("red.jpg")), ("b.jpg", try photo("blue.jpg"))])
        #expect(started.status == 200 && started.object["detail"] as? String == "Success")
        let id = try #require(started.object["video_id"] as? Int)
        var statuses: [String] = []
        var videoURL: String?
        for _ in 0..<3 {
            let poll = try await server.send("GET", "/pixverse/api/v1/status?id=\(id)")
            statuses.append(poll.object["status"] as? String ?? "?")
            videoURL = poll.object["video_url"] as? String
            #expect(poll.object.keys.contains("error"))
        }
        #expect(statuses == ["pending", "processing", "completed"])
        let url = try #require(videoURL)
        #expect(url == server.baseURL.absoluteString + "/videos/\(id).avi")
        let download = try await server.send("GET", "/videos/\(id).avi", appQuery: false)
        #expect(download.status == 200 && download.headers["content-type"] == "video/x-msvideo")
        let avi = try AVIStructure([UInt8](download.body))
        #expect(avi.width == 64 && avi.height == 48)
        #expect(avi.streamType == "vids" && avi.handler == "MJPG" && avi.compression == "MJPG")
        #expect(avi.frames.count >= 2 && avi.frames.count == avi.declaredFrames && avi.indexEntries == avi.frames.count)
        let red = try photo("red.jpg"), blue = try photo("blue.jpg")
        #expect(avi.frames.first == red && avi.frames.last == blue)
        try await probeWithFFprobe(download.body, expectedFrames: avi.frames.count)
    }

    @Test func relativeURLAndZeroPollsFromControlConfig() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/config", appQuery: false,
                                  json: ["relative_video_url": true, "video_polls_to_complete": 0])
        let started = try await upload(server, photos: [("g.jpg", try photo("green.jpg"))], prompt: "sunny")
        let id = try #require(started.object["video_id"] as? Int)
        let poll = try await server.send("GET", "/pixverse/api/v1/status?id=\(id)")
        #expect(poll.object["status"] as? String == "completed")
        #expect(poll.object["video_url"] as? String == "/videos/\(id).avi")
    }

    @Test func aNonJPEGPartIsRefusedNamingIt() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await upload(
            server, photos: [("ok.jpg", try photo("red.jpg")), ("not-a-photo.jpg", try photo("not-a-photo.jpg"))])
        #expect(response.status == 422)
        let detail = try #require(response.detail)
        #expect(detail.contains("image 2") && detail.contains("not-a-photo.jpg"))
    }

    @Test(arguments: [0, 4])
    func photoCountOutsideOneToThreeIsRefused(_ count: Int) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let red = try photo("red.jpg")
        let response = try await upload(server, photos: Array(repeating: ("r.jpg", red), count: count))
        #expect(response.status == 422 && response.detail?.contains("1 to 3") == true)
    }

    @Test func unknownTemplateAndVideoAre404() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let upload = try await upload(server, template: "99", photos: [("r.jpg", try photo("red.jpg"))])
        #expect(upload.status == 404 && upload.detail?.contains("99") == true)
        let poll = try await server.send("GET", "/pixverse/api/v1/status?id=424242")
        #expect(poll.status == 404)
        let download = try await server.send("GET", "/videos/424242.avi", appQuery: false)
        #expect(download.status == 404)
    }

    @Test(arguments: [
        "no multipart at all",
        "--lyra-test-boundary-7f3a\r\nContent-Disposition: form-data; name=\"template_id\"\r\n\r\n1",
        "--lyra-test-boundary-7f3a\r\nbroken header line\r\n\r\n1\r\n--lyra-test-boundary-7f3a--\r\n",
        "--lyra-test-boundary-7f3a--\r\n",
    ])
    func garbageMultipartGets400(_ body: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/pixverse/api/v1/template2video", body: Data(body.utf8),
            headers: ["Content-Type": "multipart/form-data; boundary=lyra-test-boundary-7f3a"])
        #expect(response.status == 400 && response.detail?.contains("multipart") == true)
    }

    /// Runs ffprobe on the video when it is installed (skipped otherwise).
    private func probeWithFFprobe(_ video: Data, expectedFrames: Int) async throws {
        let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lyra-\(UUID().uuidString).avi")
        try video.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await runProcess(executable: ffprobe, arguments: [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", file.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "ffprobe reported decoding problems")
        let text = result.stdout
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "mjpeg,64,48,\(expectedFrames)")
    }
}
