// `/edit N` on a real pseudo-terminal (SPEC §15): the editor opens with your message N, the saved
// text replaces it and is sent, and the conversation as it was stays in a fork `TITLE (before edit)`.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLEditMessageTests {
    @Test func editNOpensMessageNAndKeepsTheConversationAsItWasInAFork() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let script = environment.root.appendingPathComponent("editor.sh")
        let record = environment.root.appendingPathComponent("editor-record")
        try """
            #!/bin/sh
            for last; do :; done
            cat "$last" > '\(record.path)'
            printf '%s\\n' 'edited first' > "$last"
            """.writeExecutable(to: script.path)
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment.merging(
            ["EDITOR": script.path, "TMPDIR": environment.root.path]) { $1 })
        try await session.awaitOutput(containing: "lyra ›")
        session.send("first\r")
        try await session.awaitPrompt(after: #"you said "first""#)
        session.send("second\r")
        try await session.awaitPrompt(after: #"you said "second""#)
        session.send("/edit 1\r")
        try await session.awaitPrompt(after: #"you said "edited first""#)
        #expect(try String(contentsOf: record, encoding: .utf8) == "first")
        #expect(try await backend.control.sentChatMessages() == ["first", "second", "edited first"])
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let stored = try sessionFiles(environment).map { try storedSession($0) }
        func users(_ session: [String: Any]) -> [String] {
            ((session["messages"] as? [[String: Any]]) ?? []).filter { $0["role"] as? String == "user" }
                .compactMap { $0["content"] as? String }
        }
        #expect(stored.count == 2)
        #expect(stored.first { $0["title"] as? String == "first" }.map(users) == ["edited first"])
        #expect(stored.first { $0["title"] as? String == "first (before edit)" }.map(users) == ["first", "second"])
    }
}
