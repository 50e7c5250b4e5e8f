// The store remembers the session it last wrote only when reading the file back would give the same
// value; otherwise a load returns what is on disk (what any other process would see).
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionStoreMemoryTests {
    private let whole = Date(timeIntervalSince1970: 1_795_946_400.123)

    @Test func aLoadAfterSavingSubMillisecondTimesReturnsWhatTheFileHolds() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            let precise = Date(timeIntervalSince1970: 1_795_946_400.123_456)
            let base = ChatSession(id: "M1", title: "t", chatID: "c", createdAt: precise, messages: [
                ChatMessage(id: "m", role: .user, content: "hi", createdAt: precise),
            ])
            _ = try await store.update(base) { _ in }
            let loaded = try await store.load(id: "M1")
            #expect(loaded.createdAt == whole)
            #expect(loaded.messages.first?.createdAt == whole)
        }
    }

    @Test func aLoadAfterSavingAUserMessageWithoutFailedReturnsItAsFalse() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            var message = ChatMessage(id: "m", role: .user, content: "hi", createdAt: whole)
            message.failed = nil
            let session = ChatSession(id: "M2", title: "t", chatID: "c", createdAt: whole, messages: [message])
            _ = try await store.update(session) { _ in }
            #expect(try await store.load(id: "M2").messages.first?.failed == false)
        }
    }

    @Test func aSessionThatReadsBackUnchangedIsDetectedAsSuch() {
        let session = ChatSession(id: "M3", title: "t", chatID: "c", createdAt: whole, messages: [
            ChatMessage(id: "m", role: .user, content: "hi", createdAt: whole),
            ChatMessage(id: "r", role: .assistant, content: "yo", createdAt: whole, usage: TokenUsage(promptTokens: 1)),
        ])
        #expect(SessionStore.readsBackUnchanged(session))
        var noID = session
        noID.id = ""
        #expect(!SessionStore.readsBackUnchanged(noID))
    }
}
