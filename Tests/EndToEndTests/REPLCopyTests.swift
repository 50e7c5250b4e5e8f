// `/copy` (SPEC §9 "Copy"): the OSC 52 payload written to the terminal decodes to the reply or to
// the text inside a code block; a clipboard tool on PATH gets the text without Lyra's secrets.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLCopyTests {
    /// The texts carried by the OSC 52 sequences in `output`, decoded.
    private func clipboardPayloads(_ output: String) -> [String] {
        output.components(separatedBy: "\u{1B}]52;c;").dropFirst().compactMap { rest in
            guard let end = rest.firstIndex(of: "\u{07}"), let data = Data(base64Encoded: String(rest[..<end])) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The content of the last assistant message stored in the only session file.
    private func storedReply(_ environment: TemporaryEnvironment) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(at: environment.sessionsDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        let data = try Data(contentsOf: try #require(files.first))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let messages = try #require(object["messages"] as? [[String: Any]])
        return try #require(messages.last { $0["role"] as? String == "assistant" }?["content"] as? String)
    }

    @Test func copySendsTheLastReplyAndACodeBlockThroughOSC52() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/copy\r")
        try await session.awaitPrompt(after: "no reply to copy yet")

        session.paste("Fix this:\r```python\rprint('copied ✓')\rx = 1\r```\rthanks")
        try await session.awaitOutput(containing: "thanks")
        session.send(.enter)
        try await session.awaitPrompt(after: "This answer comes from")
        session.mark()
        session.send("/copy\r")
        try await session.awaitPrompt(after: "copied the last reply")
        session.mark()
        session.send("/copy 1\r")
        try await session.awaitPrompt(after: "copied code block 1 (python, 2 lines)")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)

        let reply = try storedReply(environment)
        #expect(session.plainOutput.contains("copied the last reply (\(reply.count) characters)"))
        #expect(clipboardPayloads(session.output) == [reply, "print('copied ✓')\nx = 1"])
    }

    @Test func copyPutsTheSanitisedReplyInTheOSC52Payload() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let hostile = "safe\u{1B}[201~rm -rf ~\u{1B}]0;title\u{07}\u{9B}31m\u{202E}txt\r\u{08}end"
        let body = try JSONSerialization.data(withJSONObject: ["chat_id": "c", "assistant_message": hostile])
        try await backend.control.injectFault(path: "/dola/chats", status: 200, body: String(decoding: body, as: UTF8.self))
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
        try await session.awaitOutput(containing: "lyra ›")
        session.send("hello\r")
        try await session.awaitPrompt(after: "end")
        session.send("/copy\r")
        try await session.awaitPrompt(after: "copied the last reply")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let payloads = clipboardPayloads(session.output)
        #expect(payloads == ["saferm -rf ~txtend"])
        #expect(!payloads.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }

    @Test func aClipboardToolGetsTheReplyButNotTheToken() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let bin = environment.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let received = environment.root.appendingPathComponent("clipboard")
        let tool = bin.appendingPathComponent("xclip")
        try ExecutableScript.write("#!/bin/sh\necho \"$@\" > '\(received.path).args'\ncat > '\(received.path)'\nenv > '\(received.path).env'\n",
                                   to: tool.path)
        let result = try await environment.runLyra(
            ["-c", "hello there", "-c", "/copy"],
            extraEnvironment: backend.lyraEnvironment.merging(["PATH": bin.path + ":/usr/bin:/bin", "DISPLAY": ":9"]) { $1 })
        #expect(result.status == 0)
        let reply = try storedReply(environment)
        #expect(result.stdout.contains("copied the last reply (\(reply.count) characters)"))
        #expect(try String(contentsOf: received, encoding: .utf8) == reply)
        #expect(try String(contentsOf: URL(fileURLWithPath: received.path + ".args"), encoding: .utf8) == "-selection clipboard\n")
        let seen = try String(contentsOf: URL(fileURLWithPath: received.path + ".env"), encoding: .utf8)
        #expect(seen.contains("DISPLAY=:9"))
        #expect(!seen.contains(backend.token))
        #expect(!seen.contains("LYRA_"))
    }

    @Test func withoutTerminalOrToolCopyFailsClearly() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await environment.runLyra(
            ["-c", "hello", "-c", "/copy"], extraEnvironment: backend.lyraEnvironment.merging(["PATH": "/nonexistent"]) { $1 })
        #expect(result.status != 0)
        #expect(result.stderr.contains("no clipboard"))
    }
}
