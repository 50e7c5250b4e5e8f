// The listing's numbers cached in the index (issue 17): used while the session files and the
// numbers sidecar are unchanged; a changed sidecar is read again, and an index of the previous
// format is rebuilt with the sidecar's stamp.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionListedNumbersTests {
    private let created = Date(timeIntervalSince1970: 1_795_946_400)

    /// A session file written by another program: no number of its own, so the sidecar numbers it.
    private let foreign = """
        {"id": "EXT-1", "title": "From elsewhere", "chatID": "c", "createdAt": "2026-11-29T11:00:00Z",
         "updatedAt": "2026-11-29T11:00:00Z", "messages": []}
        """

    /// Two numbered sessions and `imported.json` (numbered 3 by the sidecar), listed once.
    private func populated(_ root: URL) async throws -> SessionStore {
        let store = SessionStore(directory: root)
        for id in ["S1", "S2"] {
            _ = try await store.update(ChatSession(id: id, title: id, chatID: "c", createdAt: created)) { _ in }
        }
        try Data(foreign.utf8).write(to: root.appending(path: "imported.json"))
        #expect(try await numbers(store) == ["EXT-1": 3, "S1": 1, "S2": 2])
        return store
    }

    private func numbers(_ store: SessionStore) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await store.list().sessions.map { ($0.id, $0.number) })
    }

    /// The index with the listed number (the last field) of `file`'s line replaced by `number`.
    private func doctorListedNumber(of file: String, to number: Int, in root: URL) throws {
        let index = root.appending(path: SessionIndex.fileName)
        let lines = try String(contentsOf: index, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let doctored = lines.map { line in
            guard line.hasPrefix(file + "\t") else { return String(line) }
            return line.split(separator: "\t", omittingEmptySubsequences: false).dropLast().joined(separator: "\t") + "\t\(number)"
        }
        try Data(doctored.joined(separator: "\n").utf8).write(to: index)
    }

    @Test func theIndexNumbersAreUsedUntilTheSidecarChanges() async throws {
        try await withTemporaryDirectory { root in
            let store = try await populated(root)
            let index = try #require(SessionIndexTable(bytes: Array(Data(contentsOf: root.appending(path: SessionIndex.fileName)))))
            #expect(index.numbersStamp != nil && index.numbersStamp == SessionNumberFile.stamp(in: root))

            try doctorListedNumber(of: "imported.json", to: 8, in: root)
            #expect(try await numbers(store)["EXT-1"] == 8)   // the sidecar was not read

            let sidecar = try #require(SessionNumberFile.read(in: root))
            try sidecar.write(in: root)                        // the same numbers, a new file
            #expect(try await numbers(store) == ["EXT-1": 3, "S1": 1, "S2": 2])

            try SessionNumberFile(next: 10, byFile: ["imported.json": 9]).write(in: root)
            #expect(try await numbers(store) == ["EXT-1": 9, "S1": 1, "S2": 2])
            #expect(try await numbers(SessionStore(directory: root)) == ["EXT-1": 9, "S1": 1, "S2": 2])
        }
    }

    @Test func aChangedSessionFileGivesTheNumbersAgain() async throws {
        try await withTemporaryDirectory { root in
            let store = try await populated(root)
            try doctorListedNumber(of: "imported.json", to: 8, in: root)
            _ = try await store.update(ChatSession(id: "S3", title: "S3", chatID: "c", createdAt: created)) { _ in }
            #expect(try await numbers(store) == ["EXT-1": 3, "S1": 1, "S2": 2, "S3": 4])
        }
    }

    @Test func anIndexOfThePreviousFormatIsRebuiltWithTheSidecarStamp() async throws {
        try await withTemporaryDirectory { root in
            let store = try await populated(root)
            let path = root.appending(path: SessionIndex.fileName)
            let current = try String(contentsOf: path, encoding: .utf8)
            let rows = current.split(separator: "\n").dropFirst(2).map { line in
                line.split(separator: "\t", omittingEmptySubsequences: false).dropLast().joined(separator: "\t")
                    .replacingOccurrences(of: "From elsewhere", with: "Stale title")
            }
            try Data((["lyra-session-index 2"] + rows).joined(separator: "\n").utf8).write(to: path)
            let listing = try await store.list()
            #expect(listing.sessions.map(\.title).sorted() == ["From elsewhere", "S1", "S2"])
            #expect(listing.sessions.map(\.number).sorted() == [1, 2, 3])
            let rebuilt = try #require(SessionIndexTable(bytes: Array(Data(contentsOf: path))))
            #expect(rebuilt.count == 3)
            #expect(rebuilt.numbersStamp == SessionNumberFile.stamp(in: root))
        }
    }
}
