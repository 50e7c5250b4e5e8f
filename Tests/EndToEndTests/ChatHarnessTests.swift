// Shared helpers of the chat and session end-to-end tests (the stored session files, the demo
// backend's reply rule), plus a check that the reply rule helper matches the backend itself.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraBackend

/// The session files Lyra wrote in `env` (hidden files — index, lock, temporaries — excluded).
func sessionFiles(_ env: TemporaryEnvironment) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: env.sessionsDirectory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".json") }.sorted()
        .map { env.sessionsDirectory.appendingPathComponent($0) }
}

/// A session file parsed as plain JSON (a black-box view of what is stored).
func storedSession(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try #require(object as? [String: Any], sourceLocation: sourceLocation)
}

/// The messages of a stored session.
func storedMessages(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    try #require(try storedSession(url, sourceLocation: sourceLocation)["messages"] as? [[String: Any]], sourceLocation: sourceLocation)
}

/// The messages of the first session made (the lowest number `/sessions` lists) as Lyra reads them
/// (its file plus its journal, docs/JOURNAL.md), through `lyra -c '/sessions export N --format json'`:
/// for checks while another lyra is still in the session. Not always number 1: numbers are never
/// given twice, and a run killed while making its session may have taken 1 without a file.
func messagesReadByLyra(_ env: TemporaryEnvironment) async throws -> [[String: Any]] {
    let listed = try await env.runLyra(["-c", "/sessions --json"])
    let items = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
    let first = try #require(items.compactMap { $0["number"] as? Int }.min(), "no session is listed")
    let exported = try await env.runLyra(["-c", "/sessions export \(first) --format json"])
    try #require(exported.status == 0, "export failed: \(exported.stderr)")
    let session = try #require(try JSONSerialization.jsonObject(with: exported.stdoutData) as? [String: Any])
    return try #require(session["messages"] as? [[String: Any]])
}

/// The only session file in `env`.
func onlySessionFile(_ env: TemporaryEnvironment, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let files = sessionFiles(env)
    try #require(files.count == 1, "expected one session file, found \(files.map(\.lastPathComponent))", sourceLocation: sourceLocation)
    return files[0]
}

/// What the demo backend answers to `message`.
func demoReply(_ message: String) -> String {
    // Written out here, not computed by the backend's own function: a change to the text must fail.
    "Demo reply: you said \"\(message)\". (This answer comes from Lyra's built-in demo backend.)"
}

/// Writes a session file the way another program could.
func writeForeignSession(_ env: TemporaryEnvironment, fileName: String, id: String, title: String,
                         messages: [(role: String, content: String)] = []) throws {
    try FileManager.default.createDirectory(at: env.sessionsDirectory, withIntermediateDirectories: true)
    let items = messages.enumerated().map { index, message in
        ["id": "m\(index)", "role": message.role, "content": message.content, "createdAt": "2026-01-01T00:00:0\(index)Z"]
    }
    let object: [String: Any] = ["id": id, "title": title, "chatID": id.lowercased(), "createdAt": "2026-01-01T00:00:00Z",
                                 "updatedAt": "2026-01-01T00:00:00Z", "messages": items, "writtenBy": "another program"]
    let data = try JSONSerialization.data(withJSONObject: object)
    try data.write(to: env.sessionsDirectory.appendingPathComponent(fileName))
}

@Suite struct ChatHarnessTests {
    @Test func theReplyRuleIsTheBackendsOwn() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "ping"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.stdout == demoReply("ping") + "\n")
        #expect(demoReply("ping").contains("ping"))
    }
}
