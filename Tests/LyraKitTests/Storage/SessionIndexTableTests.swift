// The listing cache (issue 17): lines written by `SessionIndex.write` read back
// exactly (escaped names and titles, damaged files), looked up in and out of order, by moved or
// hard-linked files; any damaged line, a foreign header or a huge file makes the index ignored.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionIndexTableTests {
    private let created = Date(timeIntervalSince1970: 1_795_946_400.125)

    private func entry(_ file: String, inode: UInt64, title: String = "Trip", number: Int = 3) -> SessionIndexEntry {
        let stamp = SessionFileStamp(inode: inode, modified: 1_795_946_400_123_456_789, size: 4096)
        return SessionIndexEntry(file: file, stamp: stamp, summary: SessionSummary(
            id: String(file.dropLast(5)), title: title, messageCount: 12, createdAt: created,
            updatedAt: created + 60, fileName: file, number: number))
    }

    private func table(of entries: [SessionIndexEntry], in root: URL) throws -> SessionIndexTable {
        SessionIndex.write(entries, in: root)
        let bytes = try Data(contentsOf: root.appending(path: SessionIndex.fileName))
        return try #require(SessionIndexTable(bytes: Array(bytes)))
    }

    private func lookUp(_ table: inout SessionIndexTable, _ file: String, _ stamp: SessionFileStamp) -> SessionIndexEntry? {
        table.entry(named: file, stamp: stamp)
    }

    @Test func everyEntryReadsBackExactlyInAnyOrder() throws {
        try withTemporaryDirectory { root in
            let damaged = SessionIndexEntry(file: "bad\tname.json", stamp: SessionFileStamp(inode: 9, modified: -5, size: 0),
                                            problem: "line 1: not JSON\\n")
            let entries = [entry("A.json", inode: 1, title: "tab\there, new\nline, back\\slash, 日本"),
                           entry("B\\x.json", inode: 2, number: 0), damaged, entry("C.json", inode: UInt64.max)]
            var table = try table(of: entries, in: root)
            #expect(table.count == 4)
            for entry in entries.reversed() + entries {
                #expect(lookUp(&table, entry.file, entry.stamp) == entry)
            }
        }
    }

    @Test func aChangedStampOrAnUnknownNameIsNotFound() throws {
        try withTemporaryDirectory { root in
            let original = entry("A.json", inode: 1)
            var table = try table(of: [original], in: root)
            var touched = original.stamp
            touched.size += 1
            #expect(lookUp(&table, "A.json", touched) == nil)
            #expect(lookUp(&table, "A2.json", original.stamp) == nil)
            #expect(lookUp(&table, "A.jso", original.stamp) == nil)
            #expect(lookUp(&table, "A.json", original.stamp) == original)
        }
    }

    @Test func hardLinkedFilesSharingAnInodeAreBothFound() throws {
        try withTemporaryDirectory { root in
            let entries = [entry("A.json", inode: 7), entry("B.json", inode: 8), entry("C.json", inode: 7)]
            var table = try table(of: entries, in: root)
            #expect(lookUp(&table, "C.json", entries[2].stamp) == entries[2])
            #expect(lookUp(&table, "A.json", entries[0].stamp) == entries[0])
            #expect(lookUp(&table, "B.json", entries[1].stamp) == entries[1])
        }
    }

    /// The header line.
    private let start = SessionIndex.header + "\n"

    @Test(arguments: [
        "A.json\t1\t2\t3\tA\t4\t5\t6\t-\tTitle",              // ten fields
        "A.json\t1\t2\t3\tA\t4\t5\t6\t-\tTitle\t7\textra",    // twelve
        "A.json\tone\t2\t3\tA\t4\t5\t6\t-\tTitle\t7",         // a word for the inode
        "A.json\t1\t2\t3\tA\t4\t5\t6\t-\tTitle\t99999999999999999999", // overflow
        "A.json\t1\t2\t3\tA\t-\t5\t6\t-\tTitle\t7",           // a lone minus
        "A.json\t1\t2\t3\tA\t4\t5\t\t-\tTitle\t7",            // an empty number
    ])
    func aMalformedLineDiscardsTheWholeIndex(line: String) {
        let good = "B.json\t1\t2\t3\tB\t4\t5\t6\t-\tTitle\t7"
        #expect(SessionIndexTable(bytes: Array((start + good + "\n" + line + "\n").utf8)) == nil)
        #expect(SessionIndexTable(bytes: Array((start + good + "\n\n").utf8))?.count == 1)
    }

    @Test(arguments: [
        "lyra-session-index 3\nnumbers\t0\t0\t0\nB.json\t1\t2\t3\tB\t4\t5\t6\t-\tTitle\t7\t7\n", // the previous version
        "lyra-session-index 4 \nB.json\t1\t2\t3\tB\t4\t5\t6\t-\tTitle\t7\n",                   // another header
        "",
    ])
    func anotherHeaderIsIgnored(text: String) {
        #expect(SessionIndexTable(bytes: Array(text.utf8)) == nil)
    }

    @Test func aDamagedIndexIsRebuiltAndTheListingStaysRight() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            for id in ["S1", "S2", "S3"] {
                _ = try await store.update(ChatSession(id: id, title: id, chatID: "c", createdAt: created)) { _ in }
            }
            let before = try await store.list().sessions.map(\.id)
            let index = root.appending(path: SessionIndex.fileName)
            var text = try String(contentsOf: index, encoding: .utf8)
            text += "S9.json\t1\tgarbage\n"
            try Data(text.utf8).write(to: index)
            #expect(try await store.list().sessions.map(\.id) == before)
            let rebuilt = try Data(contentsOf: index)
            #expect(SessionIndexTable(bytes: Array(rebuilt))?.count == 3)
        }
    }

    @Test func aRenamedFileIsListedUnderItsNewName() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            _ = try await store.update(ChatSession(id: "R1", title: "kept", chatID: "c", createdAt: created)) { _ in }
            _ = try await store.list()
            try FileManager.default.moveItem(at: root.appending(path: "R1.json"), to: root.appending(path: "copy.json"))
            let listing = try await SessionStore(directory: root).list()
            #expect(listing.sessions.map(\.fileName) == ["copy.json"])
            #expect(listing.sessions.map(\.title) == ["kept"])
        }
    }
}
