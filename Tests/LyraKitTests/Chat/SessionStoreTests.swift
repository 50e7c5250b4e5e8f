// SessionStore against real files in a temporary directory: atomic writes and modes, the lock and
// the re-read under it, damaged files left untouched, the index cache, deletion.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionStoreTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func session(_ id: String, title: String, minutesLater: Double = 0, messages: Int = 0) -> ChatSession {
        let date = start + minutesLater * 60
        let list = (0..<messages).map { ChatMessage(id: "\(id)-\($0)", role: $0 % 2 == 0 ? .user : .assistant,
                                                    content: "message \($0)", createdAt: date) }
        return ChatSession(id: id, title: title, chatID: id.lowercased(), createdAt: date, messages: list)
    }

    private func appending(_ text: String) -> @Sendable (inout ChatSession) -> Void {
        { $0.messages.append(ChatMessage(id: text, role: .user, content: text, createdAt: Date(timeIntervalSince1970: 0))) }
    }

    private func directoryEntries(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    @Test func writesOneFilePerSessionAtomicallyWithPrivateModes() async throws {
        try await withTemporaryDirectory { root in
            let directory = root.appending(path: "data/lyra/sessions")
            let store = SessionStore(directory: directory)
            let saved = try await store.update(session("S1", title: "First"), appending("hello"))
            let file = directory.appending(path: "S1.json")
            #expect(try permissions(of: file) == 0o600)
            #expect(try permissions(of: directory) == 0o700)
            #expect(try directoryEntries(directory) == [".lock", ".numbers.tsv", "S1.json"])
            let stored = try SessionFileReader.session(from: Data(contentsOf: file))
            #expect(stored == saved)
            #expect(stored.messages.map(\.content) == ["hello"])
        }
    }

    @Test func anUpdateReReadsTheFileSoAnotherWritersMessagesSurvive() async throws {
        try await withTemporaryDirectory { directory in
            let first = SessionStore(directory: directory)
            let second = SessionStore(directory: directory)
            let stale = session("S1", title: "Shared")
            _ = try await first.update(stale, appending("from first"))
            let result = try await second.update(stale, appending("from second"))
            #expect(result.messages.map(\.content) == ["from first", "from second"])
            #expect(try await first.load(id: "S1").messages.count == 2)
        }
    }

    @Test func concurrentWritersThroughSeparateLocksLoseNothing() async throws {
        try await withTemporaryDirectory { directory in
            let stores = [SessionStore(directory: directory), SessionStore(directory: directory)]
            let base = session("S1", title: "Busy")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        for turn in 0..<40 { _ = try await store.update(base, appending("w\(index)-\(turn)")) }
                    }
                }
                try await group.waitForAll()
            }
            let contents = try await stores[0].load(id: "S1").messages.map(\.content)
            #expect(contents.count == 80)
            #expect(Set(contents).count == 80)
            #expect(contents.filter { $0.hasPrefix("w0-") } == (0..<40).map { "w0-\($0)" })
        }
    }

    @Test func aDamagedFileIsReportedByNameAndNeverOverwritten() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await store.update(session("GOOD", title: "Fine"), appending("x"))
            let damaged = directory.appending(path: "BAD.json")
            let bytes = Data("{\"id\": \"BAD\", \"messages\": [".utf8)
            try bytes.write(to: damaged)
            let listing = try await store.list()
            #expect(listing.sessions.map(\.id) == ["GOOD"])
            #expect(listing.problems == [.damagedFile(path: damaged.path, reason: "not valid JSON at byte 27")])
            #expect(listing.problems.first?.errorDescription?.contains(damaged.path) == true)
            await #expect(throws: SessionError.damagedFile(path: damaged.path, reason: "not valid JSON at byte 27")) {
                _ = try await store.update(session("BAD", title: "Overwrite?"), appending("lost?"))
            }
            await #expect(throws: SessionError.self) { _ = try await store.load(id: "BAD") }
            #expect(try Data(contentsOf: damaged) == bytes)
        }
    }

    @Test func theIndexIsRebuiltWhenMissingOrGarbledAndPicksUpOtherProgramsFiles() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            for (index, title) in ["Old", "Middle", "New"].enumerated() {
                _ = try await store.update(session("S\(index)", title: title, minutesLater: Double(index)), appending("hi"))
            }
            #expect(try await store.list().sessions.map(\.title) == ["New", "Middle", "Old"])
            let index = directory.appending(path: ".index.tsv")
            #expect(FileManager.default.fileExists(atPath: index.path))
            try FileManager.default.removeItem(at: index)
            #expect(try await store.list().sessions.map(\.title) == ["New", "Middle", "Old"])
            try Data("garbage".utf8).write(to: index)
            #expect(try await store.list().sessions.map(\.title) == ["New", "Middle", "Old"])

            let external = """
                {"id": "EXT-1", "title": "From elsewhere", "chatID": "c", "createdAt": "2026-11-29T11:00:00Z",
                 "updatedAt": "2026-11-29T11:00:00Z", "messages": [{"id": "1", "role": "user", "content": "yo",
                 "createdAt": "2026-11-29T11:00:00Z", "failed": false}]}
                """
            try Data(external.utf8).write(to: directory.appending(path: "imported.json"))
            let listing = try await store.list()
            #expect(listing.sessions.first?.title == "From elsewhere")
            #expect(listing.sessions.first?.fileName == "imported.json")
            let opened = try await store.load(id: "EXT-1")
            #expect(opened.messages.map(\.content) == ["yo"])
            let updated = try await store.update(opened, appending("more"))
            #expect(updated.messages.count == 2)
            #expect(try directoryEntries(directory).filter { !$0.hasPrefix(".") } == ["S0.json", "S1.json", "S2.json", "imported.json"])
        }
    }

    @Test func listingTrustsTheIndexOnlyWhileTheFileIsUnchanged() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await store.update(session("S1", title: "Real title"), appending("hi"))
            _ = try await store.list()
            let index = directory.appending(path: ".index.tsv")
            let doctored = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(of: "Real title", with: "Cached title")
            try Data(doctored.utf8).write(to: index)
            #expect(try await store.list().sessions.map(\.title) == ["Cached title"])

            let file = directory.appending(path: "S1.json")
            var edited = try SessionFileReader.session(from: Data(contentsOf: file))
            edited.title = "Edited by hand"
            try Data(edited.fileText.utf8).write(to: file)
            let listing = try await store.list()
            #expect(listing.sessions.map(\.title) == ["Edited by hand"])
            #expect(listing.sessions.map(\.messageCount) == [1])
        }
    }

    @Test func deleteRemovesTheFileAndThenReportsNotFound() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await store.update(session("S1", title: "Doomed"), appending("x"))
            try await store.delete(id: "S1")
            #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "S1.json").path))
            #expect(try await store.list().sessions.isEmpty)
            await #expect(throws: SessionError.notFound(reference: "S1")) { try await store.delete(id: "S1") }
        }
    }

    @Test func listingAnAbsentDirectoryCreatesNothing() async throws {
        try await withTemporaryDirectory { root in
            let directory = root.appending(path: "sessions")
            let store = SessionStore(directory: directory)
            let listing = try await store.list()
            let mostRecent = try await store.mostRecent()
            #expect(listing == SessionListing(sessions: []))
            #expect(mostRecent == nil)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test func manySessionsListFromTheIndexWithoutRereadingFiles() async throws {
        // 10,000 sessions list in about 50 ms in a release build (see the report); 1,000 keep this test quick.
        let count = 1_000
        try await withTemporaryDirectory { directory in
            for number in 0..<count {
                let id = String(format: "ID%05d", number)
                let text = """
                    {"id": "\(id)", "title": "Session \(number)", "chatID": "c", "createdAt": "2026-11-29T10:00:00.000Z",
                     "updatedAt": "\(ChatTimestamp.string(from: start + Double(number)))",
                     "messages": [{"id": "a", "role": "user", "content": "hi", "createdAt": "2026-11-29T10:00:00.000Z"}]}
                    """
                try Data(text.utf8).write(to: directory.appending(path: id + ".json"))
            }
            let store = SessionStore(directory: directory)
            let built = try await store.list()
            // Rewrite one file in place with a title of the same length and put its modification time
            // back: its stamp is unchanged, so a listing that shows the old title did not read the file.
            try Self.rewriteKeepingStamp(directory.appending(path: "ID00005.json"), "Session 5\"", "Changed 5\"")
            let listing = try await SessionStore(directory: directory).list()
            #expect(listing == built)
            #expect(listing.sessions.count == count)
            #expect(listing.sessions.first?.title == "Session \(count - 1)")
            #expect(listing.sessions.contains { $0.title == "Session 5" })
            #expect(listing.sessions.last?.messageCount == 1)
        }
    }

    /// Replaces `old` by `new` (same length) in `file` in place (same inode, same size) and restores
    /// its modification time to the nanosecond.
    private static func rewriteKeepingStamp(_ file: URL, _ old: String, _ new: String) throws {
        var status = stat()
        try #require(stat(file.path, &status) == 0)
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: old, with: new)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        try #require(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
    }

    @Test func temporaryFilesOfKilledWritersAreRemovedUnderTheLock() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            _ = try await store.update(session("S1", title: "Kept"), appending("x"))
            let leftover = directory.appending(path: ".S1.json.tmp-12345")
            try Data("{\"half".utf8).write(to: leftover)
            #expect(try await store.list().sessions.map(\.title) == ["Kept"])
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(try directoryEntries(directory).filter { $0.contains("tmp") }.isEmpty)
        }
    }
}
