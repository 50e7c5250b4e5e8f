// The session journal (docs/JOURNAL.md) against real files: the exact line format, folds that keep
// members Lyra does not know, a torn last line dropped, `/retry` through a `replace` line, listings
// that see the journal, and the bound that folds it. (Touched and copied-back files: JournalRestoreTests.)
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionJournalTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func message(_ id: String, _ role: ChatRole = .user, incomplete: Bool = false) -> ChatMessage {
        ChatMessage(id: id, role: role, content: "text of \(id)", createdAt: start, failed: role == .user ? true : nil,
                    incomplete: incomplete)
    }

    private func appending(_ id: String) -> @Sendable (ChatSession) -> [SessionEdit] {
        let added = message(id)
        return { session in
            var meta = SessionMeta(session)
            meta.updatedAt = session.updatedAt + 1
            return [.append(added), .meta(meta)]
        }
    }

    /// A session saved whole (its file exists), so the next saves go to the journal.
    private func created(_ store: SessionStore, id: String = "J1") async throws -> ChatSession {
        let base = ChatSession(id: id, title: "Journal", chatID: "chat", createdAt: start)
        return try await store.update(base) { _ in }
    }

    private func journal(_ directory: URL, id: String = "J1") -> URL { directory.appending(path: ".\(id).journal") }

    @Test func aJournalLineHasTheDocumentedFormat() throws {
        var reply = message("r", .assistant)
        reply.usage = TokenUsage(promptTokens: 3, completionTokens: 4)
        reply.unknownMembers = [JSONMember(key: "x", json: "{\n  \"a\": 1\n}")]
        let line = SessionJournalLine(edits: [
            .failed(id: "p", failed: false), .append(reply), .insert(message("i"), after: "p"),
            .replace("cut", with: message("s")),
            .meta(SessionMeta(ChatSession(id: "J", title: "T\"1", chatID: "c", createdAt: start, system: "be brief"))),
        ])
        let text = String(decoding: line.bytes(), as: UTF8.self)
        let user = #""role":"user","content":"text of "#
        #expect(text == #"{"edits":[{"op":"failed","id":"p","failed":false},"#
            + #"{"op":"append","message":{"id":"r","role":"assistant","content":"text of r","#
            + #""createdAt":"2026-11-29T10:00:00.000Z","usage":{"promptTokens":3,"completionTokens":4},"x":{   "a": 1 }}},"#
            + #"{"op":"insert","after":"p","message":{"id":"i","# + user + #"i","createdAt":"2026-11-29T10:00:00.000Z","#
            + #""failed":true}},{"op":"replace","replacing":"cut","message":{"id":"s","# + user + #"s","#
            + #""createdAt":"2026-11-29T10:00:00.000Z","failed":true}},{"op":"meta","session":{"id":"J","title":"T\"1","#
            + #""chatID":"c","number":null,"system":"be brief","model":null,"think":null,"parameters":null,"createdAt":"2026-11-29T10:00:00.000Z","#
            + #""updatedAt":"2026-11-29T10:00:00.000Z"}}]}"# + "\n")
        let parsed = try line.bytes().dropLast().withUnsafeBytes { try SessionFileReader.journalLine(from: $0) }
        var expected = line
        reply.unknownMembers = [JSONMember(key: "x", json: "{   \"a\": 1 }")]   // its line breaks became spaces
        expected.edits[1] = .append(reply)
        #expect(parsed == expected)
    }

    @Test func aSaveAppendsOneLineAndLeavesTheSessionFileAlone() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await created(store)
            let file = directory.appending(path: "J1.json")
            let before = try Data(contentsOf: file)
            let saved = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m1"))
            #expect(try Data(contentsOf: file) == before)
            let lines = try String(contentsOf: journal(directory), encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1)
            #expect(saved.messages.map(\.id) == ["m1"])
            #expect(try await SessionStore(directory: directory).load(id: "J1") == saved)
        }
    }

    @Test func aNewSessionIsWrittenWholeAndItsNextSavesGoToTheJournal() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            let base = ChatSession(id: "J1", title: "Journal", chatID: "chat", createdAt: start)
            let file = directory.appending(path: "J1.json")
            _ = try await store.update(base, edits: appending("prompt"))
            let before = try Data(contentsOf: file)
            _ = try await store.update(base, edits: appending("reply"))
            _ = try await store.update(base, edits: appending("next"))
            #expect(try Data(contentsOf: file) == before)
            #expect(try String(contentsOf: journal(directory), encoding: .utf8).split(separator: "\n").count == 2)
            #expect(try await SessionStore(directory: directory).load(id: "J1").messages.map(\.id)
                == ["prompt", "reply", "next"])
        }
    }

    @Test func aFoldKeepsMembersLyraDoesNotKnowAndEmptiesTheJournal() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending(path: "J1.json")
            let foreign = #"{"id":"J1","title":"Foreign","extra":{"keep":[1,2]},"messages":[{"id":"a","role":"user","#
                + #""content":"hi","createdAt":"2026-11-29T10:00:00.000Z","tag":"mine"}]}"#
            try Data(foreign.utf8).write(to: file)
            let store = SessionStore(directory: directory)
            _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m1"))
            try await store.fold(id: "J1")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            #expect((object["extra"] as? [String: Any])?["keep"] as? [Int] == [1, 2])
            let messages = try #require(object["messages"] as? [[String: Any]])
            #expect(messages.map { $0["id"] as? String } == ["a", "m1"])
            #expect(messages.first?["tag"] as? String == "mine")
            #expect(try Data(contentsOf: journal(directory)).isEmpty)
        }
    }

    @Test func aTornLastLineIsDroppedAndTheNextSaveStillReads() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await created(store)
            _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m1"))
            let handle = try FileHandle(forWritingTo: journal(directory))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"edits":[{"op":"app"#.utf8))
            try handle.close()
            #expect(try await SessionStore(directory: directory).load(id: "J1").messages.map(\.id) == ["m1"])
            _ = try await SessionStore(directory: directory).update(
                ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m2"))
            #expect(try await SessionStore(directory: directory).load(id: "J1").messages.map(\.id) == ["m1", "m2"])
            #expect(try String(contentsOf: journal(directory), encoding: .utf8).split(separator: "\n").count == 2)
        }
    }

    @Test func linesApplyOverAFileAnotherProgramRewrote() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await created(store)
            _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m1"))
            // Another program rewrites the session file: the journal's lines still apply to it.
            let replaced = ChatSession(id: "J1", title: "Replaced", chatID: "chat", createdAt: start,
                                       messages: [message("other")])
            try AtomicFile.write(Data(replaced.fileText.utf8), to: directory.appending(path: "J1.json"))
            let loaded = try await SessionStore(directory: directory).load(id: "J1")
            #expect(loaded.messages.map(\.id) == ["other", "m1"])
        }
    }

    @Test func aRetryReplacesTheIncompleteReplyThroughAReplaceLine() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            let prompt = message("p")
            let base = ChatSession(id: "J1", title: "Retry", chatID: "chat", createdAt: start,
                                   messages: [prompt, message("cut", .assistant, incomplete: true)])
            _ = try await store.update(base) { _ in }
            let reply = ChatMessage(id: "full", role: .assistant, content: "whole answer", createdAt: start + 5)
            _ = try await store.update(base) { stored in
                ChatReplyRecord.edits(reply, answering: prompt, complete: true, conversationID: nil, model: nil,
                                      at: start + 5, in: stored)
            }
            let text = try String(contentsOf: journal(directory), encoding: .utf8)
            #expect(text.contains(#"{"op":"replace","replacing":"cut","message":{"id":"full""#))
            let loaded = try await SessionStore(directory: directory).load(id: "J1")
            #expect(loaded.messages.map(\.id) == ["p", "full"])
            #expect(loaded.messages.first?.failed == false)
            #expect(loaded.messages.last?.incomplete == false)
        }
    }

    @Test func aListingShowsTheTitleAndCountFromTheJournal() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await created(store)
            #expect(try await store.list().sessions.map(\.messageCount) == [0])
            _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m1"))
            _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start)) { session in
                var meta = SessionMeta(session)
                meta.title = "Renamed"
                return [.meta(meta)]
            }
            let listed = try await SessionStore(directory: directory).list().sessions
            #expect(listed.map(\.title) == ["Renamed"])
            #expect(listed.map(\.messageCount) == [1])
        }
    }

    @Test func theJournalIsFoldedOnceItReachesItsBound() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await created(store)
            for turn in 0..<SessionJournal.maximumLines {
                _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("m\(turn)"))
            }
            #expect(try String(contentsOf: journal(directory), encoding: .utf8).split(separator: "\n").count
                == SessionJournal.maximumLines)
            _ = try await store.update(ChatSession(id: "J1", title: "", createdAt: start), edits: appending("last"))
            #expect(try Data(contentsOf: journal(directory)).isEmpty)
            let file = try SessionFileReader.session(from: Data(contentsOf: directory.appending(path: "J1.json")))
            #expect(file.messages.count == SessionJournal.maximumLines + 1)
        }
    }

    @Test func leavingASessionFoldsItsJournalIntoTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory),
                                      clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
            let backend = ScriptedChatBackend([.echo, .echo, .echo, .echo])
            func fileContents(_ id: String) throws -> [String] {
                try SessionFileReader.session(from: Data(contentsOf: directory.appending(path: "\(id).json")))
                    .messages.map(\.content)
            }
            _ = try await service.send("first", using: backend)
            let first = try #require(await service.session).id
            _ = try await service.send("second", using: backend)
            #expect(try fileContents(first) == ["first"])   // written whole when new; the rest is in the journal
            try await service.startNew(title: nil)
            #expect(try fileContents(first) == ["first", "echo: first", "second", "echo: second"])
            _ = try await service.send("third", using: backend)
            let second = try #require(await service.session).id
            _ = try await service.open(id: first)
            #expect(try fileContents(second) == ["third", "echo: third"])
            _ = try await service.send("fourth", using: backend)
            try await service.leaveSession()
            #expect(try fileContents(first).suffix(2) == ["fourth", "echo: fourth"])
            #expect(try Data(contentsOf: journal(directory, id: first)).isEmpty)
        }
    }
}
