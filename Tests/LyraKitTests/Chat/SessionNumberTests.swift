// Stable session numbers (SPEC §9): given at creation and kept in the file, never reused after a
// delete, foreign files numbered in the sidecar without being rewritten, clashes resolved oldest
// first, and two stores (two processes' locks) creating at once never sharing a number.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionNumberTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func session(_ id: String, minutesLater: Double = 0) -> ChatSession {
        ChatSession(id: id, title: id, chatID: "c", createdAt: start + minutesLater * 60)
    }

    private func numbers(_ store: SessionStore) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await store.list().sessions.map { ($0.id, $0.number) })
    }

    @Test func numbersAreGivenAtCreationKeptInTheFileAndNeverReused() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            for (index, id) in ["A", "B", "C"].enumerated() {
                #expect(try await store.update(session(id)) { _ in }.number == index + 1)
            }
            _ = try await store.update(session("A")) { $0.title = "renamed and now most recent"; $0.updatedAt += 3600 }
            #expect(try await numbers(store) == ["A": 1, "B": 2, "C": 3])
            let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appending(path: "B.json"))) as? [String: Any]
            #expect(stored?["number"] as? Int == 2)
            try await store.delete(id: "C")
            #expect(try await store.update(session("D")) { _ in }.number == 4)
            #expect(try await store.resolve("4").id == "D")
            #expect(try await store.resolve("1").id == "A")
        }
    }

    @Test func aForeignFileIsNumberedWithoutBeingRewritten() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            _ = try await store.update(session("OWN")) { _ in }
            let foreign = Data(#"{"id": "F", "title": "from elsewhere", "createdAt": "2026-11-29T09:00:00Z"}"#.utf8)
            let file = root.appending(path: "elsewhere.json")
            try foreign.write(to: file)
            #expect(try await numbers(store) == ["OWN": 1, "F": 2])
            #expect(try await numbers(SessionStore(directory: root)) == ["OWN": 1, "F": 2])
            #expect(try Data(contentsOf: file) == foreign)
            #expect(try await store.load(id: "F").number == 2)
            let updated = try await store.update(try await store.load(id: "F")) { $0.title = "now rewritten" }
            #expect(updated.number == 2)
            #expect(try await numbers(SessionStore(directory: root)) == ["OWN": 1, "F": 2])
        }
    }

    @Test func aNumberHeldByTwoFilesStaysWithTheOlderSession() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            _ = try await store.update(session("OLD")) { _ in }
            var younger = session("YOUNG", minutesLater: 5)
            younger.number = 1
            try Data(SessionFileWriter.bytes(of: younger)).write(to: root.appending(path: "YOUNG.json"))
            #expect(try await numbers(store) == ["OLD": 1, "YOUNG": 2])
            #expect(try await store.update(session("NEW")) { _ in }.number == 3)
        }
    }

    @Test func twoStoresCreatingAtOnceNeverShareANumber() async throws {
        try await withTemporaryDirectory { root in
            let first = SessionStore(directory: root)
            let second = SessionStore(directory: root)
            let given = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<40 {
                    let store = index % 2 == 0 ? first : second
                    group.addTask { try await store.update(session("S\(index)")) { _ in }.number }
                }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(Set(given.compactMap { $0 }) == Set(1...40))
        }
    }
}
