// Images in the chat (SPEC §13), the built binary against the local backend's `lyra-vision`:
// the request carries data URLs whose decoded bytes equal the files, earlier images are sent
// again, piped images and --attach, the capability refusal sends nothing, storage and deletion.
import Foundation
import LyraTestSupport
import Testing

/// The `openai` provider pointed at `backend`, on `model`.
private func visionEnvironment(_ backend: RunningBackend, model: String = "lyra-vision") -> [String: String] {
    ["OPENAI_BASE_URL": backend.url.absoluteString + "/v1", "OPENAI_API_KEY": backend.token,
     "LYRA_MODEL": "openai:" + model]
}

/// Copies the fixture images `names` into the run's working directory.
private func copyImages(_ names: [String], to env: TemporaryEnvironment) throws {
    for name in names {
        try Fixtures.data("images/" + name).write(to: env.workDirectory.appending(path: name))
    }
}

/// The image parts of each message of a recorded chat request: their data URLs, decoded.
private func sentImages(_ request: RecordedRequest) throws -> [[(mediaType: String, bytes: Data)]] {
    let body = try #require(request.bodyText)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let messages = try #require(json["messages"] as? [[String: Any]])
    return try messages.map { message in
        guard let parts = message["content"] as? [[String: Any]] else { return [] }
        return try parts.filter { $0["type"] as? String == "image_url" }.map { part in
            let url = try #require((part["image_url"] as? [String: Any])?["url"] as? String)
            let comma = try #require(url.firstIndex(of: ","))
            let header = url[..<comma]
            #expect(header.hasPrefix("data:") && header.hasSuffix(";base64"))
            let data = try #require(Data(base64Encoded: String(url[url.index(after: comma)...])))
            return (String(header.dropFirst(5).dropLast(7)), data)
        }
    }
}

private func attachmentFiles(_ env: TemporaryEnvironment) -> [String] {
    let directory = env.dataDirectory.appending(path: "lyra/attachments").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

@Suite struct ImageTests {
    @Test func attachedImagesGoAsDataURLsEqualToTheFilesAndAreSentAgainWithTheirMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try copyImages(["red.png", "photo.jpg", "lossy.webp", "notes.png"], to: env)
        let result = try await env.runLyra(
            ["-c", "/attach red.png photo.jpg notes.png", "-c", "what is this?", "-c", "/attach lossy.webp", "-c", "and this?"],
            extraEnvironment: visionEnvironment(backend))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("2 images arrived: image/png 40×30 98 bytes, image/jpeg 64×48 860 bytes."))
        #expect(result.stdout.contains("3 images arrived: image/png 40×30 98 bytes, image/jpeg 64×48 860 bytes, "
            + "image/webp 1×1 42 bytes."))
        let posts = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }
        #expect(posts.count == 2)
        let first = try sentImages(posts[0])
        #expect(first.count == 1 && first[0].map(\.mediaType) == ["image/png", "image/jpeg"])
        #expect(first[0].map(\.bytes) == [try Fixtures.data("images/red.png"), try Fixtures.data("images/photo.jpg")])
        let second = try sentImages(posts[1])
        #expect(second.map(\.count) == [2, 0, 1])   // the first message's images again, the reply, the new one
        #expect(second[2].first?.bytes == (try Fixtures.data("images/lossy.webp")))
        // The text file named .png went as text after the message, never as an image.
        #expect(posts[0].bodyText?.contains("These are notes, not a picture.") == true)

        let messages = try storedMessages(try onlySessionFile(env))
        let attachments = try #require(messages[0]["attachments"] as? [[String: Any]])
        #expect(attachments.map { $0["name"] as? String } == ["red.png", "photo.jpg"])
        #expect(attachments[0]["kind"] as? String == "image" && attachments[0]["mediaType"] as? String == "image/png")
        #expect(attachments[0]["width"] as? Int == 40 && attachments[0]["height"] as? Int == 30
            && attachments[0]["bytes"] as? Int == 98)
        let digest = try #require(attachments[0]["sha256"] as? String)
        let stored = env.dataDirectory.appending(path: "lyra/attachments/\(digest).png")
        #expect(try Data(contentsOf: stored) == (try Fixtures.data("images/red.png")))
        let mode = try FileManager.default.attributesOfItem(atPath: stored.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(attachmentFiles(env).count == 3)
    }

    @Test func aPipedPNGWithAPromptAndAttachOnTheCommandLineAreImages() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try copyImages(["photo.jpg"], to: env)
        let piped = try await env.runLyra(["what", "is", "wrong", "here"], stdinData: try Fixtures.data("images/red.png"),
                                          extraEnvironment: visionEnvironment(backend))
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("1 image arrived: image/png 40×30 98 bytes. You asked: \"what is wrong here\"."))
        let attached = try await env.runLyra(["--attach", "photo.jpg", "describe"], extraEnvironment: visionEnvironment(backend))
        #expect(attached.status == 0)
        #expect(attached.stdout.contains("1 image arrived: image/jpeg 64×48 860 bytes."))
        let binary = try await env.runLyra(["what"], stdinData: Data([0, 1, 2, 3, 0xFF]), extraEnvironment: visionEnvironment(backend))
        #expect(binary.status == 1)
        #expect(binary.stderr.contains("standard input"))
        let missing = try await env.runLyra(["--attach", "nope.png", "describe"], extraEnvironment: visionEnvironment(backend))
        #expect(missing.stderr == "lyra: cannot attach nope.png: no such file\n")
    }

    @Test func aModelThatCannotSeeIsRefusedAndNothingIsSent() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try copyImages(["red.png"], to: env)
        let result = try await env.runLyra(["-c", "/attach red.png", "-c", "what is this?"],
                                           extraEnvironment: visionEnvironment(backend, model: "lyra-demo"))
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 2: lyra-demo cannot read images; pick a vision model with /model\n")
        let requests = try await backend.control.requests()
        #expect(!requests.contains { $0.path == "/v1/chat/completions" })
        #expect(sessionFiles(env).isEmpty)
    }

    @Test func filesAreRecognisedByTheirBytesAndLimitsNameTheFile() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try copyImages(["red.png", "noise.bin", "pixel.gif"], to: env)
        let script = (["/attach noise.bin", "/attach red.png pixel.gif", "/attach"]
            + Array(repeating: "/attach red.png", count: 7) + ["/attach --clear", "/attach"]).joined(separator: "\n")
        let result = try await env.runLyra([], stdin: script + "\n", extraEnvironment: visionEnvironment(backend))
        #expect(result.status == 1)
        #expect(result.stderr == "lyra: line 1: cannot attach noise.bin: neither an image (PNG, JPEG, WebP, GIF) nor UTF-8 text\n"
            + "lyra: line 10: cannot attach red.png: a message takes at most 8 images\n")
        #expect(result.stdout == "image  red.png · 40×30 · 98 B\nimage  pixel.gif · 1×1 · 43 B\n")
    }

    @Test func pasteReadsTheClipboardImageAndSaysWhenThereIsNone() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        let tools = env.root.appending(path: "tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let image = Fixtures.url("images/red.png").path
        try ExecutableScript.write("#!/bin/sh\n[ \"$1 $2\" = \"--type image/png\" ] || exit 7\nexec cat '\(image)'\n",
                                   to: tools.appending(path: "wl-paste").path)
        var environment = visionEnvironment(backend)
        environment["PATH"] = tools.path + ":/usr/bin:/bin"
        let pasted = try await env.runLyra(["-c", "/paste", "-c", "what is this?"], extraEnvironment: environment)
        #expect(pasted.status == 0)
        #expect(pasted.stderr == "")
        #expect(pasted.stdout.contains("1 image arrived: image/png 40×30 98 bytes."))

        try ExecutableScript.write("#!/bin/sh\necho 'No suitable type of content copied' >&2\nexit 1\n",
                                   to: tools.appending(path: "wl-paste").path)
        let empty = try await env.runLyra(["-c", "/paste"], extraEnvironment: environment)
        #expect(empty.stderr == "lyra: line 1: the clipboard holds no image (wl-paste found none)\n")

        environment["PATH"] = env.root.appending(path: "nothing-here").path
        let noTool = try await env.runLyra(["-c", "/paste"], extraEnvironment: environment)
        #expect(noTool.stderr == "lyra: line 1: cannot paste an image: neither wl-paste (wl-clipboard) nor xclip is installed\n")
    }

    @Test func deletingASessionKeepsSharedImagesAndRemovesItsOwn() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 1 << 20)
        try copyImages(["red.png", "photo.jpg"], to: env)
        let environment = visionEnvironment(backend)
        _ = try await env.runLyra(["-c", "/attach red.png photo.jpg", "-c", "one"], extraEnvironment: environment)
        _ = try await env.runLyra(["-c", "/attach red.png", "-c", "two"], extraEnvironment: environment)
        #expect(attachmentFiles(env).count == 2)
        let shown = try await env.runLyra(["-c", "/sessions show 1"], extraEnvironment: environment)
        #expect(shown.stdout.contains("[image: red.png · 40×30 · 98 B]"))
        #expect(shown.stdout.contains("[image: photo.jpg · 64×48 · 860 B]"))
        let markdown = try await env.runLyra(["-c", "/sessions export 1"], extraEnvironment: environment)
        #expect(markdown.stdout.contains("red.png") && markdown.stdout.contains("photo.jpg"))
        let json = try await env.runLyra(["-c", "/sessions export 1 --format json"], extraEnvironment: environment)
        #expect(json.stdout.contains("\"sha256\""))

        let deleted = try await env.runLyra(["-c", "/sessions delete 1 --yes"], extraEnvironment: environment)
        #expect(deleted.status == 0)
        let red = try #require(attachmentFiles(env).first)
        #expect(attachmentFiles(env) == [red] && red.hasSuffix(".png"))
        _ = try await env.runLyra(["-c", "/sessions delete 2 --yes"], extraEnvironment: environment)
        #expect(attachmentFiles(env).isEmpty)
    }
}
