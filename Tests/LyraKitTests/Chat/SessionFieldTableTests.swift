// The field tables of the session format: every member of a table reaches the file and the
// journal's members object in table order and reads back; a member added to a table by one row
// round-trips through both forms; an older table keeps it; the journal's earlier meta form reads.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionFieldTableTests {
    private let date = Date(timeIntervalSince1970: 1_795_946_400.123)

    /// A session with every member of the tables set to something other than its default.
    private func fullSession() -> ChatSession {
        var reply = ChatMessage(id: "m2", role: .assistant, content: "Hel", createdAt: date + 1, model: "ollama:qwen3",
                                incomplete: true, finishReason: "length",
                                usage: TokenUsage(promptTokens: 12, completionTokens: 3, reasoningTokens: 2))
        reply.reasoning = "Let me think."
        reply.toolCalls = [ToolCall(id: "call_1", name: "time__now", arguments: "{}")]
        reply.toolCallId = "call_0"
        reply.allowed = true
        reply.tokens = 3
        reply.compacted = true
        reply.removed = true
        reply.alternatives = [ChatAlternative(content: "Hello", createdAt: date)]
        reply.unknownMembers = [JSONMember(key: "mood", json: #""ok""#)]
        var session = ChatSession(id: "S1", title: "Full", chatID: "c1", createdAt: date, updatedAt: date + 2, messages: [
            ChatMessage(id: "m1", role: .user, content: "Hi", createdAt: date, failed: true), reply,
        ], system: "Be brief.", model: "ollama:qwen3", number: 7)
        session.unknownMembers = [JSONMember(key: "extra", json: "[1, 2]")]
        session.think = "high"
        session.parameters = ChatParameters(temperature: 0.5)
        return session
    }

    /// The keys of the top-level object in `bytes`, in order.
    private func keys(_ bytes: [UInt8]) throws -> [String] {
        var keys: [String] = []
        try bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(bytes: raw)
            try scanner.readObject { scanner, key throws(JSONScanFailure) in
                keys.append(key)
                try scanner.skipValue(depth: 1)
            }
        }
        return keys
    }

    private func written<Value: Sendable>(_ table: StoredMembers<Value>) -> [String] {
        table.members.filter { $0.write != nil }.map(\.key)
    }

    @Test func everyMemberOfTheTablesIsWrittenInTableOrderAndReadsBack() throws {
        let session = fullSession()
        let file = SessionFileWriter.bytes(of: session)
        #expect(try keys(file) == written(ChatSession.storedMembers) + ["extra", ChatSession.messagesKey])
        var message: [UInt8] = []
        SessionFileWriter.write(session.messages[1], compact: true, into: &message)
        #expect(try keys(message) == written(ChatMessage.storedMembers).filter { $0 != "failed" } + ["mood"])
        #expect(try SessionFileReader.session(from: file) == session)
    }

    @Test func everyMemberButTheMessagesGoesThroughTheJournal() throws {
        let session = fullSession()
        var members: [UInt8] = []
        SessionFileWriter.writeMembers(of: session, into: &members)
        #expect(try keys(members) == written(ChatSession.storedMembers) + ["extra"])

        // Through a journal line, applied to a session whose every member differs.
        let line = SessionJournalLine(edits: [.meta(SessionMeta(session))]).bytes()
        let parsed = try line.dropLast().withUnsafeBytes { try SessionFileReader.journalLine(from: $0) }
        let other = ChatMessage(id: "o", role: .user, content: "other", createdAt: date)
        var target = ChatSession(id: "S1", title: "Old", chatID: "c0", createdAt: date - 9, updatedAt: date - 9,
                                 messages: [other], system: nil, model: "app", number: nil)
        for edit in parsed.edits { edit.apply(to: &target) }
        var expected = session
        expected.messages = [other]   // left alone
        expected.unknownMembers = []   // a meta does not repeat the members Lyra does not know
        #expect(target == expected)
    }

    @Test func theMembersObjectSetsWhatItHoldsClearsItsNullsAndLeavesTheRest() throws {
        var session = fullSession()
        let text = Array(#"{"title":"New","system":null,"messages":[{"content":"ignored"}],"later":{"a":1}}"#.utf8)
        try text.withUnsafeBytes { raw in
            var reader = SessionFileReader(scanner: JSONScanner(bytes: raw))
            try reader.readMembers(into: &session, at: "")
        }
        var expected = fullSession()
        expected.title = "New"
        expected.system = nil
        expected.unknownMembers.append(JSONMember(key: "later", json: #"{"a":1}"#))
        #expect(session == expected)
    }

    @Test func aMetaEditOfTheEarlierFormStillReads() throws {
        let text = #"{"base":[1,3,2],"edits":[{"op":"meta","title":"T","chatID":"c","#
            + #""updatedAt":"2026-11-29T10:00:00.000Z","model":null,"system":"be brief"}]}"#
        let line = try Array(text.utf8).withUnsafeBytes { try SessionFileReader.journalLine(from: $0) }
        var session = fullSession()
        for edit in line.edits { edit.apply(to: &session) }
        var expected = fullSession()
        expected.title = "T"
        expected.chatID = "c"
        expected.updatedAt = Date(timeIntervalSince1970: 1_795_946_400)
        expected.model = nil
        expected.system = "be brief"
        #expect(session == expected)   // id, number, createdAt untouched
        let empty = #"{"base":[1,3,2],"edits":[{"op":"meta"}]}"#
        #expect(throws: JSONScanFailure.self) {
            try Array(empty.utf8).withUnsafeBytes { try SessionFileReader.journalLine(from: $0) }
        }
    }

    // MARK: - A member added to a table

    @Test func aMemberAddedByOneRowRoundTripsThroughTheFileFormAndTheMembersObject() throws {
        let card = NotedCard(title: "Plan", pinned: true, note: "by Friday")
        #expect(try read(NotedCard.self, pretty(card)) == card)
        #expect(try read(NotedCard.self, pretty(NotedCard(title: "Plan"))).note == nil)

        // The members object of the journal: written complete, applied to another value.
        var target = NotedCard(title: "Old", note: "stale")
        try apply(complete(card), to: &target)
        #expect(target == card)
        try apply(complete(NotedCard(title: "Plan")), to: &target)
        #expect(target == NotedCard(title: "Plan"))   // nil written as null and false as false: applied too
    }

    @Test func aTableWithoutTheAddedMemberKeepsItAndWritesItBack() throws {
        let text = pretty(NotedCard(title: "Plan", pinned: true, note: "by Friday"))
        let older = try read(Card.self, text)
        #expect(older.title == "Plan" && older.pinned)
        #expect(older.extra == [JSONMember(key: "note", json: #""by Friday""#)])
        #expect(try read(NotedCard.self, pretty(older)) == NotedCard(title: "Plan", pinned: true, note: "by Friday"))
    }

    private func pretty(_ value: some StoredObject) -> [UInt8] {
        var output: [UInt8] = []
        value.write(into: &output, indent: 1)
        return output
    }

    private func complete(_ value: some StoredObject) -> [UInt8] {
        var output: [UInt8] = []
        var object = ObjectWriter(indent: nil, complete: true, into: &output)
        object.members(of: value, into: &output)
        object.close(into: &output)
        return output
    }

    private func read<Value: StoredObject>(_ type: Value.Type, _ bytes: [UInt8]) throws -> Value {
        try bytes.withUnsafeBytes { raw in
            var reader = SessionFileReader(scanner: JSONScanner(bytes: raw))
            var reading = StoredObjectReading<Value>()
            try reader.readObject(into: &reading, at: { "" })
            return reading.settled()
        }
    }

    private func apply<Value: StoredObject>(_ bytes: [UInt8], to target: inout Value) throws {
        try bytes.withUnsafeBytes { raw in
            var reader = SessionFileReader(scanner: JSONScanner(bytes: raw))
            var reading = StoredObjectReading<Value>(membersOnly: true)
            try reader.readObject(into: &reading, at: { "" })
            let rows = reading.present
            Value.storedMembers.copy(rows, from: reading.settled(), to: &target)
        }
    }
}

/// A stored object as a table describes it today.
private struct Card: StoredObject, Equatable {
    var title = "", pinned = false, extra: [JSONMember] = []

    static let storedMembers = StoredMembers<Card>(blank: Card(), depth: 1, unknown: \Card.extra, members: [
        .required("title", \.title, { $0.title = $1 }, default: { _ in "untitled" }),
        .flag("pinned", \.pinned, { $0.pinned = $1 }),
    ])
}

/// The same object with a member added: the property and one row, nothing else.
private struct NotedCard: StoredObject, Equatable {
    var title = "", pinned = false, note: String?, extra: [JSONMember] = []

    static let storedMembers = StoredMembers<NotedCard>(blank: NotedCard(), depth: 1, unknown: \NotedCard.extra, members: [
        .required("title", \.title, { $0.title = $1 }, default: { _ in "untitled" }),
        .flag("pinned", \.pinned, { $0.pinned = $1 }),
        .optional("note", \.note, { $0.note = $1 }),
    ])
}
