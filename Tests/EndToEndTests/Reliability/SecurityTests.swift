// Issue 9, part 6: security. Credentials must be private; the token appears in no output, history
// or session file after a full run with errors; plain http only to loopback; video file names never
// come from the server; exports never write through a path the user did not name.
import Foundation
import LyraTestSupport
import Testing

@Suite struct SecurityTests {
    @Test func aCredentialsFileReadableByOthersIsRefusedNamingChmod() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try FileManager.default.createDirectory(at: env.credentialsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"token": "file-token-ABCD-7777"}"#.utf8).write(to: env.credentialsFile)
        chmod(env.credentialsFile.path, 0o644)
        var environment = backend.lyraEnvironment
        environment["LYRA_TOKEN"] = nil
        let result = try await env.runLyra(["-c", "hello"], extraEnvironment: environment)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("chmod 600"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("file-token-ABCD-7777"))
        chmod(env.credentialsFile.path, 0o600)
        let fixed = try await env.runLyra(["-c", "/settings"], extraEnvironment: environment)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout.contains("••••7777"))
    }

    @Test func theTokenIsInNoOutputHistoryOrSessionFileAfterAFullRun() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(token: "secret-TOKEN-9f8e7d")
        var environment = backend.lyraEnvironment
        environment["LYRA_PREMIUM"] = "1"
        environment["LYRA_VIDEO_DIR"] = env.workDirectory.path
        try await backend.control.injectFault(path: "/ai-writing", status: 500, body: #"{"detail": "bad token secret-TOKEN-9f8e7d"}"#)
        try await backend.control.injectFault(path: "/dola/chats", status: 401)
        let script = ["hello", "/retry", "/improve teh text", "/improve teh text", "/video templates",
                      "/video 1 \(Fixtures.url("photos/red.jpg").path)", "/subscribe", "/settings", "/settings --json",
                      "/sessions", "/sessions show", "/sessions export 1", "/nonsense"].joined(separator: "\n") + "\n"
        let result = try await env.runLyra(["--echo"], stdin: script, extraEnvironment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad token ••••"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains(backend.token))

        let session = try env.startLyraSession(["-q"], extraEnvironment: environment)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "›")
        session.send("/settings\r")
        try await session.awaitPrompt(after: "••••8e7d", prompt: "›")
        session.mark()
        session.send("/login\r")
        try await session.awaitOutput(containing: "Token (hidden): ")
        session.send("other-secret-5555\r")
        try await session.awaitPrompt(after: "stored", prompt: "›")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(!session.output.contains(backend.token) && !session.output.contains("other-secret-5555"))

        for directory in [env.dataDirectory, env.stateDirectory, env.workDirectory] {
            for file in try allFiles(under: directory) {
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                #expect(!text.contains(backend.token) && !text.contains("other-secret-5555"), "token in \(file.path)")
            }
        }
    }

    @Test func plainHTTPIsOnlyForLoopbackUnlessAllowed() async throws {
        let env = try TemporaryEnvironment()
        let refused = try await env.runLyra(["-c", "hello"], extraEnvironment: ["LYRA_BASE_URL": "http://10.255.255.1:9", "LYRA_TOKEN": "t0k3n-xyz"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "lyra: line 1: refusing plain http:// to 10.255.255.1: use https://, or allow it with /settings set allowInsecureHTTP true\n")
        let set = try await env.runLyra(["-c", "/settings set allowInsecureHTTP true"])
        #expect(set.status == 0, "\(set.stderr)")
        let allowed = try await env.runLyra(["-c", "hello"], extraEnvironment: ["LYRA_BASE_URL": "http://10.255.255.1:9", "LYRA_TOKEN": "t0k3n-xyz",
                                                                              "LYRA_REQUEST_TIMEOUT": "1"])
        // Allowed: the request is attempted (whatever the network then answers), not refused.
        #expect(allowed.status == 1)
        #expect(allowed.stderr.hasPrefix("lyra: line 1: ") && !allowed.stderr.contains("refusing"), "\(allowed.stderr)")
        for loopback in ["http://127.0.0.2:9", "http://localhost:9", "http://[::1]:9"] {
            let result = try await env.runLyra(["-c", "/video templates"], extraEnvironment: ["LYRA_BASE_URL": loopback, "LYRA_TOKEN": "t0k3n-xyz"])
            #expect(!result.stderr.contains("refusing"), "\(loopback): \(result.stderr)")
        }
    }

    @Test func aHostileVideoIDNeverBecomesAPath() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(videoPollsToComplete: 0)
        let videos = env.workDirectory.appending(path: "a/b/videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        var environment = backend.lyraEnvironment
        environment["LYRA_PREMIUM"] = "1"
        environment["LYRA_VIDEO_DIR"] = videos.path
        let photo = Fixtures.url("photos/red.jpg").path
        let real = try await env.runLyra(["-c", "/video 1 \(photo)"], extraEnvironment: environment)
        try #require(real.status == 0, "\(real.stderr)")
        try await backend.control.injectFault(path: "/pixverse/api/v1/template2video", status: 200, body: #"{"video_id": "../../x", "detail": "Success"}"#)
        try await backend.control.injectFault(path: "/pixverse/api/v1/status", status: 200,
                                              body: #"{"status": "completed", "video_url": "/videos/1001.avi"}"#)
        let hostile = try await env.runLyra(["-c", "/video 1 \(photo)"], extraEnvironment: environment)
        #expect(hostile.status == 0, "\(hostile.stderr)")
        let saved = URL(filePath: hostile.stdout.trimmingCharacters(in: .newlines))
        #expect(saved.deletingLastPathComponent().standardizedFileURL.path == videos.standardizedFileURL.path)
        #expect(saved.lastPathComponent.hasPrefix("lyra-") && !saved.lastPathComponent.contains(".."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: env.workDirectory.appending(path: "a").path) == ["b"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: env.workDirectory.path) == ["a"])
    }

    @Test func exportsRefuseDirectoriesAndExistingFilesAndNeverWriteThroughALink() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["-c", "hello"], extraEnvironment: backend.lyraEnvironment)
        let target = env.root.appending(path: "outside.md")
        try FileManager.default.createSymbolicLink(atPath: env.workDirectory.appending(path: "link.md").path,
                                                   withDestinationPath: target.path)
        let directory = try await env.runLyra(["-c", "/sessions export 1 ."], extraEnvironment: backend.lyraEnvironment)
        #expect(directory.status == 1 && directory.stderr.contains("is a directory"), "\(directory.stderr)")
        let first = try await env.runLyra(["-c", "/sessions export 1 out.md"], extraEnvironment: backend.lyraEnvironment)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try await env.runLyra(["-c", "/sessions export 1 out.md"], extraEnvironment: backend.lyraEnvironment)
        #expect(again.status == 1 && again.stderr.contains("already exists"), "\(again.stderr)")
        _ = try await env.runLyra(["-c", "/sessions export 1 link.md"], extraEnvironment: backend.lyraEnvironment)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    private func allFiles(under directory: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}
