// SessionSearch over real session files: case-insensitive matches, most recent first with their
// stable session numbers, one line of context around the first match, damaged files skipped.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionSearchTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func session(_ id: String, minutesLater: Double, _ texts: [String]) -> ChatSession {
        let date = start + minutesLater * 60
        let messages = texts.enumerated().map { index, text in
            ChatMessage(id: "\(id)-\(index)", role: index % 2 == 0 ? .user : .assistant, content: text, createdAt: date)
        }
        return ChatSession(id: id, title: "Title \(id)", chatID: id.lowercased(), createdAt: date, messages: messages)
    }

    @Test func findsSessionsByWhatWasSaidMostRecentFirst() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root.appending(path: "sessions"))
            for item in [session("A", minutesLater: 0, ["Plan a trip to Lisbon", "Sure"]),
                         session("B", minutesLater: 1, ["hello", "The LISBON tram\nis yellow"]),
                         session("C", minutesLater: 2, ["nothing here", "no"])] {
                _ = try await store.update(item) { _ in }
            }
            try Data("{not json".utf8).write(to: root.appending(path: "sessions/broken.json"))
            let hits = try await SessionSearch.search("lisbon", in: store)
            #expect(hits.map(\.session.id) == ["B", "A"])
            // Each hit carries the stable number `/sessions` lists it under (A was created first).
            let listed = try await store.list().sessions
            let number = Dictionary(uniqueKeysWithValues: listed.map { ($0.id, $0.number) })
            #expect(hits.map(\.number) == [2, 1])
            #expect(hits.map(\.number) == hits.map { number[$0.session.id] ?? 0 })
            #expect(hits.map(\.role) == [.assistant, .user])
            #expect(hits.map(\.excerpt) == ["The LISBON tram is yellow", "Plan a trip to Lisbon"])
            #expect(try await SessionSearch.search("absent", in: store).isEmpty)
            #expect(try await SessionSearch.search("", in: store).isEmpty)
        }
    }

    @Test func theExcerptIsAWindowAroundTheMatchMarkedWhereCut() throws {
        let content = String(repeating: "a", count: 100) + " NEEDLE " + String(repeating: "b", count: 200)
        let range = try #require(content.range(of: "needle", options: .caseInsensitive))
        let excerpt = SessionSearch.excerpt(of: content, around: range)
        #expect(excerpt.hasPrefix("…" + String(repeating: "a", count: SessionSearch.contextBefore - 1) + " NEEDLE"))
        #expect(excerpt.hasSuffix("b…"))
        #expect(excerpt.count == 1 + SessionSearch.contextBefore + 6 + SessionSearch.contextAfter + 1)
    }
}
