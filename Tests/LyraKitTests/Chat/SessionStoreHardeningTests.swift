// Hostile and odd session directories (issue 16): invalid UTF-8 and deep nesting reported and left
// byte-identical, limits that keep Lyra from writing what it cannot read, copies with the same id,
// a damaged newest session never skipped silently, FIFOs and a sparse index, the store's own queue.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionStoreHardeningTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func session(_ id: String, title: String = "t", minutesLater: Double = 0) -> ChatSession {
        ChatSession(id: id, title: title, chatID: "c", createdAt: start + minutesLater * 60, messages: [
            ChatMessage(id: "\(id)-1", role: .user, content: "hello", createdAt: start + minutesLater * 60),
        ])
    }

    private func addMessage(_ session: inout ChatSession) {
        session.messages.append(ChatMessage(id: "new", role: .user, content: "more", createdAt: Date(timeIntervalSince1970: 0)))
    }

    /// One reference time for every file of a test: a stall between two `setModified` calls (a
    /// loaded parallel run stalls for a minute) must not reorder the files.
    private let reference = Date()

    private func setModified(_ url: URL, secondsAgo: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: reference - secondsAgo], ofItemAtPath: url.path)
    }

    @Test(arguments: ["utf8", "deep"])
    func aDamagedFileIsListedReportedAndLeftByteIdentical(kind: String) async throws {
        try await withTemporaryDirectory { root in
            let file = root.appending(path: "D1.json")
            let bytes = kind == "utf8"
                ? Array(#"{"id":"D1","title":"caf"#.utf8) + [0xC3, 0x28] + Array(#"","messages":[]}"#.utf8)
                : Array(#"{"id":"D1","x":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 400_000)
            try Data(bytes).write(to: file)
            let store = SessionStore(directory: root)
            let listing = try await store.list()
            #expect(listing.sessions.isEmpty)
            #expect(listing.problems.count == 1)
            #expect(listing.problems.first?.errorDescription?.contains("D1.json is damaged") == true)
            await #expect(throws: SessionError.self) { try await store.load(id: "D1") }
            await #expect(throws: SessionError.self) { try await store.update(session("D1"), addMessage) }
            await #expect(throws: SessionError.self) { try await store.mostRecent() }
            #expect(try Data(contentsOf: file) == Data(bytes))
        }
    }

    @Test func aMessageOverTheLimitIsRefusedBeforeAnythingIsSaved() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            let saved = try await store.update(session("L1")) { _ in }
            let before = try Data(contentsOf: root.appending(path: "L1.json"))
            let huge = String(repeating: "x", count: SessionFileLimits.maximumMessageBytes + 1)
            let error = await #expect(throws: SessionError.self) {
                try await store.update(saved) { $0.messages.append(ChatMessage(role: .user, content: huge, createdAt: start)) }
            }
            #expect(error?.errorDescription?.contains("8 MiB per message") == true)
            #expect(try Data(contentsOf: root.appending(path: "L1.json")) == before)
            // The worst case of one message at the limit (every byte escaped as \u00XX) still fits a file.
            #expect(SessionFileLimits.maximumMessageBytes * 6 + 4096 < SessionFileLimits.maximumFileBytes)
            await #expect(throws: SessionError.tooLarge(what: "the session file would be \(65 << 20) bytes",
                                                       limit: "64 MiB per session; start a new one with /new")) {
                try SessionFileLimits.checkFileSize(65 << 20)
            }
        }
    }

    @Test func aDamagedNewestSessionIsReportedInsteadOfAnOlderOne() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            _ = try await store.update(session("OLD")) { _ in }
            try setModified(root.appending(path: "OLD.json"), secondsAgo: 60)
            #expect(try await store.mostRecent()?.id == "OLD")
            try Data("{not json".utf8).write(to: root.appending(path: "NEW.json"))
            let error = await #expect(throws: SessionError.self) { try await store.mostRecent() }
            #expect(error?.errorDescription?.contains("NEW.json is damaged") == true)
            try setModified(root.appending(path: "NEW.json"), secondsAgo: 120)
            #expect(try await store.mostRecent()?.id == "OLD")
        }
    }

    @Test func aCopyWithTheSameIDIsListedAsADuplicateAndNeverWritten() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            let original = try await store.update(session("C1", title: "Original")) { _ in }
            var copy = original
            copy.title = "Copy"
            let copyBytes = Data(SessionFileWriter.bytes(of: copy))
            try copyBytes.write(to: root.appending(path: "a-copy.json"))
            let listing = try await store.list()
            #expect(listing.sessions.map(\.title) == ["Original"])
            #expect(listing.problems == [.duplicateID(path: root.appending(path: "a-copy.json").path, id: "C1",
                                                      original: "C1.json")])
            _ = try await store.update(original, addMessage)
            #expect(try await store.load(id: "C1").messages.count == 2)
            #expect(try Data(contentsOf: root.appending(path: "a-copy.json")) == copyBytes)
            #expect(try await store.list().sessions.map(\.messageCount) == [2])
        }
    }

    @Test func aFIFOOrSparseIndexNeitherBlocksNorCostsMemory() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            _ = try await store.update(session("F1")) { _ in }
            let index = root.appending(path: SessionIndex.fileName)
            try? FileManager.default.removeItem(at: index)
            #expect(mkfifo(index.path, 0o600) == 0)
            #expect(try await store.list().sessions.map(\.id) == ["F1"])
            try FileManager.default.removeItem(at: index)
            #expect(FileManager.default.createFile(atPath: index.path, contents: Data(SessionIndex.header.utf8)))
            let handle = try FileHandle(forWritingTo: index)
            try handle.truncate(atOffset: 1 << 30)
            try handle.close()
            #expect(try await store.list().sessions.map(\.id) == ["F1"])
            let size = try FileManager.default.attributesOfItem(atPath: index.path)[.size] as? Int
            #expect((size ?? .max) < 4096)
        }
    }

    @Test func aFIFOAtTheLockFileIsRefusedNotWaitedOn() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root)
            #expect(mkfifo(root.appending(path: SessionDirectoryLock.fileName).path, 0o600) == 0)
            let error = await #expect(throws: StorageError.self) { try await store.update(session("P1")) { _ in } }
            #expect(error?.errorDescription?.contains("not a regular file") == true)
        }
    }

    @Test func aSessionsDirectoryRemovedWhileTheStoreLivesIsMadeAgainAndLocked() async throws {
        try await withTemporaryDirectory { root in
            let sessions = root.appending(path: "sessions")
            let store = SessionStore(directory: sessions)
            _ = try await store.update(session("R1")) { _ in }
            try FileManager.default.removeItem(at: sessions)
            _ = try await store.update(session("R2")) { _ in }
            let names = try FileManager.default.contentsOfDirectory(atPath: sessions.path)
            #expect(names.contains("R2.json") && names.contains(SessionDirectoryLock.fileName))
            #expect(try await store.list().sessions.map(\.id) == ["R2"])
        }
    }
}
