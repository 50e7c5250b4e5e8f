// Text that anyone could have written — a server's model ids, a session file's name, a message's
// content — never forges a line or reaches the terminal raw (issue 33, finding 6).
import Foundation
import LyraTestSupport
import Testing

@Suite struct ForgedLineTests {
    @Test func aModelIdWithANewlinePrintsOneLine() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/v1/models", status: 200,
                                              body: #"{"data":[{"id":"good"},{"id":"evil\n* fake:model"}]}"#)
        var environment = backend.lyraEnvironment
        environment["OPENAI_BASE_URL"] = backend.url.absoluteString + "/v1"
        let result = try await env.runLyra(["--model", "openai:good", "-c", "/model"], extraEnvironment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("* fake") })
    }

    @Test func aDamagedFileWithEscapesInItsNameIsReportedWithoutThem() async throws {
        let env = try TemporaryEnvironment()
        try FileManager.default.createDirectory(at: env.sessionsDirectory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: env.sessionsDirectory.appending(path: "\u{1B}]0;pwned\u{07}.json"))
        let result = try await env.runLyra(["-c", "/sessions"])
        #expect(result.stderr.contains("is damaged"))
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
    }

    @Test func aJSONExportEscapesC1AndBidiScalarsLikeListings() async throws {
        let env = try TemporaryEnvironment()
        let content = "price \u{9B}31m and \u{202E}desrever"
        try writeForeignSession(env, fileName: "X1.json", id: "X1", title: "Export",
                                messages: [(role: "user", content: content)])
        let result = try await env.runLyra(["-c", "/sessions export X1 --format json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let messages = try #require(object["messages"] as? [[String: Any]])
        #expect(messages.first?["content"] as? String == content)
    }
}
