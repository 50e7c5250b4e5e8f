// The chat front end's pure parts: /sessions completion, the session table and its JSON, transcripts.
import Foundation
import LyraKit
import Testing
@testable import LyraTerminal

@Suite struct SessionsViewTests {
    private let sessions = [
        SessionSummary(id: "A1", title: "Trip plans", messageCount: 4, createdAt: Date(timeIntervalSince1970: 0),
                       updatedAt: Date(timeIntervalSince1970: 1_795_946_700.5), fileName: "A1.json", number: 12),
        SessionSummary(id: "B2", title: "日本語のタイトル\u{1B}[31m", messageCount: 1, createdAt: Date(timeIntervalSince1970: 0),
                       updatedAt: Date(timeIntervalSince1970: 1_795_946_400), fileName: "B2.json", number: 3),
    ]

    @Test func completionOffersSubCommandsThenSessionTitles() {
        let data = CompletionData()
        data.set(.sessionTitles, ["Trip plans"])
        let command = SessionsCommand()
        #expect(command.completions(arguments: [], partial: "", data: data) == ["switch", "rename", "delete", "show", "export", "search", "--json"])
        #expect(command.completions(arguments: ["switch"], partial: "T", data: data) == ["Trip plans"])
        #expect(command.completions(arguments: ["export", "1", "--format"], partial: "", data: data) == ["md", "json"])
        #expect(command.completions(arguments: ["delete", "1"], partial: "", data: data) == ["--yes"])
    }

    @Test func theTableAlignsColumnsByDisplayWidthAndMarksTheCurrentSession() {
        let lines = SessionListView.table(sessions, currentID: "B2", theme: .plain).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("12  Trip plans        4 messages"))
        #expect(lines[1].hasPrefix(" 3* 日本語のタイトル  1 message "))
        #expect(!lines[1].contains("\u{1B}"))
        #expect(Set(lines.map { DisplayWidth.columns(of: $0) }).count == 1)
    }

    @Test func theJSONListingHasOneObjectPerSessionInOrder() throws {
        let data = Data(SessionListView.json(sessions).utf8)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(items.map { $0["number"] as? Int } == [12, 3])
        #expect(items.map { $0["id"] as? String } == ["A1", "B2"])
        #expect(items.first?["updatedAt"] as? String == "2026-11-29T10:05:00.500Z")
        #expect(SessionListView.json([]) == "[]")
    }

    @Test func plainTranscriptsIndentContinuationLinesAndMarkFailedMessages() {
        let session = ChatSession(id: "S", title: "t", createdAt: Date(timeIntervalSince1970: 0), messages: [
            ChatMessage(role: .user, content: "two\nlines", createdAt: Date(timeIntervalSince1970: 0), failed: true),
            ChatMessage(role: .assistant, content: "ok\u{1B}]0;x\u{07}", createdAt: Date(timeIntervalSince1970: 1)),
        ])
        #expect(TranscriptView.plain(session) == "you (no reply): two\n  lines\nlyra: ok\n")
        let shownLines = TranscriptView.rendered(session, width: 60, theme: .plain).split(separator: "\n").map(String.init)
        // Your message as the REPL showed it: after the prompt, the text as typed, no box.
        #expect(shownLines.dropFirst().prefix(3) == ["lyra › two", "       lines", "  (no reply: /retry resends it)"])
        #expect(!shownLines.joined().contains("\u{1B}") && !shownLines.joined().contains("│"))
        // Replies as the live view renders them: Markdown, no box around them.
        let reply = ChatSession(id: "R", title: "t", createdAt: Date(timeIntervalSince1970: 0), messages: [
            ChatMessage(role: .assistant, content: "**bold** and a list:\n- one", createdAt: Date(timeIntervalSince1970: 1)),
        ])
        let shown = TranscriptView.rendered(reply, width: 60, theme: .plain).split(separator: "\n").map(String.init)
        #expect(shown.suffix(3) == ["╭─ lyra", "bold and a list:", "• one"])
    }
}

