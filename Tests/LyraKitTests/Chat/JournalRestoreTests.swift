// What users rely on from the journal (docs/JOURNAL.md): a touched, copied-back or restored
// `<id>.json` loses nothing; an odd journal path is reported and the session still opens; a line
// that cannot be applied is kept aside, never deleted; and a turn's saves are on disk when promised.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

@Suite struct JournalRestoreTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func service(_ directory: URL, sync: SessionFileSync = .system,
                         warnings: Warnings = Warnings()) -> ChatService {
        ChatService(store: SessionStore(directory: directory, fileSync: sync, warn: warnings.record),
                    clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
    }

    /// Runs `turns` echo turns in a new session of a new service; returns the session's id.
    private func chat(_ turns: Int, in directory: URL) async throws -> String {
        let chat = service(directory)
        let backend = ScriptedChatBackend(Array(repeating: .echo, count: turns))
        for turn in 0..<turns { _ = try await chat.send("turn \(turn)", using: backend) }
        return try #require(await chat.session).id   // never left: no fold, like a killed process
    }

    private func contents(_ id: String, in directory: URL) async throws -> [String] {
        try await SessionStore(directory: directory).load(id: id).messages.map(\.content)
    }

    private func expected(_ turns: Int) -> [String] {
        (0..<turns).flatMap { ["turn \($0)", "echo: turn \($0)"] }
    }

    @Test func touchingTheSessionFileLosesNoMessage() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(10, in: directory)
            let file = directory.appending(path: "\(id).json").path
            try FileManager.default.setAttributes([.modificationDate: Date() + 3600], ofItemAtPath: file)
            #expect(try await contents(id, in: directory) == expected(10))
            // And the next saves, and the fold, keep them too.
            let chat = service(directory)
            _ = try await chat.open(id: id)
            _ = try await chat.send("after", using: ScriptedChatBackend([.echo]))
            try await chat.leaveSession()
            let folded = try SessionFileReader.session(from: Data(contentsOf: URL(filePath: file)))
            #expect(folded.messages.map(\.content) == expected(10) + ["after", "echo: after"])
        }
    }

    @Test func copyingTheFileOutAndBackWithItsTimesLosesNoMessage() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(6, in: directory)
            let file = directory.appending(path: "\(id).json")
            let copy = directory.appending(path: "backup.copy")
            try FileManager.default.copyItem(at: file, to: copy)   // cp -p: content and times
            try FileManager.default.removeItem(at: file)
            try FileManager.default.copyItem(at: copy, to: file)   // a new inode
            #expect(try await contents(id, in: directory) == expected(6))
        }
    }

    @Test func anRsyncStyleRestoreWithTheOldTimeLosesNoMessage() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(6, in: directory)
            let file = directory.appending(path: "\(id).json")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            let bytes = try Data(contentsOf: file)
            let temporary = directory.appending(path: ".\(id).json.rsync")
            try bytes.write(to: temporary)
            try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate] ?? start],
                                                  ofItemAtPath: temporary.path)
            #expect(rename(temporary.path, file.path) == 0)
            #expect(try await contents(id, in: directory) == expected(6))
        }
    }

    @Test func aFoldThatStoppedBeforeEmptyingTheJournalAppliesNothingTwice() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(4, in: directory)
            let journal = directory.appending(path: ".\(id).journal")
            let lines = try Data(contentsOf: journal)
            try await SessionStore(directory: directory).fold(id: id)
            try lines.write(to: journal)   // as if killed after the rename, before the journal was emptied
            #expect(try await contents(id, in: directory) == expected(4))
        }
    }

    @Test func oddJournalPathsAreReportedAndTheSessionOpensFromItsFile() async throws {
        let odd: [(String, (String) throws -> Void)] = [
            ("a FIFO", { path in #expect(mkfifo(path, 0o600) == 0) }),
            ("a directory", { path in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }),
            ("a dangling link", { path in #expect(symlink("/nonexistent/journal", path) == 0) }),
            ("a 10 GB sparse file", { path in
                #expect(FileManager.default.createFile(atPath: path, contents: nil))
                #expect(truncate(path, 10 << 30) == 0)
            }),
        ]
        for (name, make) in odd {
            try await withTemporaryDirectory { directory in
                let id = try await chat(1, in: directory)
                try await SessionStore(directory: directory).fold(id: id)
                let journal = directory.appending(path: ".\(id).journal").path
                try FileManager.default.removeItem(atPath: journal)
                try make(journal)
                let warnings = Warnings()
                let chat = service(directory, warnings: warnings)
                let listed = try await chat.listSessions()
                #expect(listed.sessions.map(\.id) == [id], "\(name)")
                #expect(listed.problems.isEmpty, "\(name)")
                _ = try await chat.open(id: id)
                #expect(await chat.session?.messages.map(\.content) == expected(1), "\(name)")
                #expect(warnings.lines.contains { $0.contains(journal) }, "\(name): \(warnings.lines)")
                // A save moves it aside (never deleting it) and the session goes on.
                _ = try await chat.send("more", using: ScriptedChatBackend([.echo]))
                #expect(try await contents(id, in: directory) == expected(1) + ["more", "echo: more"], "\(name)")
                let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                #expect(names.contains { $0.hasPrefix(".\(id).journal.unapplied-") }, "\(name)")
            }
        }
    }

    @Test func aLineThatCannotBeAppliedIsKeptAsideAndReported() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(2, in: directory)
            let journal = directory.appending(path: ".\(id).journal")
            let damaged = #"{"edits":[{"op":"from-the-future","x":1}]}"# + "\n"
            let handle = try FileHandle(forWritingTo: journal)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(damaged.utf8))
            try handle.close()
            let warnings = Warnings()
            let chat = service(directory, warnings: warnings)
            _ = try await chat.open(id: id)
            #expect(await chat.session?.messages.map(\.content) == expected(2))
            try await chat.leaveSession()
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            let aside = try #require(names.first { $0.hasPrefix(".\(id).journal.unapplied-") })
            #expect(try String(contentsOf: directory.appending(path: aside), encoding: .utf8) == damaged)
            #expect(try permissions(of: directory.appending(path: aside)) == 0o600)
            #expect(warnings.lines.contains { $0.contains(aside) })
            #expect(try Data(contentsOf: journal).isEmpty)
        }
    }

    @Test func aWholeWriteThatFailsLeavesTheSessionAsStored() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(2, in: directory)
            let handle = try FileHandle(forWritingTo: directory.appending(path: ".\(id).journal"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"edits":[{"op":"unknown"}]}"#.utf8 + [0x0A]))
            try handle.close()
            // The unreadable line makes the next save a whole write, which fails keeping it aside.
            let store = SessionStore(directory: directory, fileSync: SessionFileSync { _ in errno = EIO; return -1 })
            let stored = try await store.load(id: id)
            await #expect(throws: StorageError.self) {
                _ = try await store.update(stored) { _ in [.append(ChatMessage(role: .user, content: "x", createdAt: start))] }
            }
            #expect(try await store.load(id: id).messages.map(\.content) == expected(2))
        }
    }

    @Test func aPromptWhoseFdatasyncFailsIsNotSentAndTheTurnSaysWhy() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(1, in: directory)
            let failing = SessionFileSync { _ in errno = EIO; return -1 }
            let chat = service(directory, sync: failing)
            _ = try await chat.open(id: id)
            let backend = ScriptedChatBackend([])
            await #expect {
                _ = try await chat.send("not durable", using: backend)
            } throws: { error in
                let text = (error as? any LocalizedError)?.errorDescription ?? ""
                return text.contains("fdatasync") && text.contains(".\(id).journal")
            }
            #expect(backend.calls.isEmpty)
        }
    }

    @Test func thePromptIsOnDiskBeforeItsRequestAndTheReplyBeforeTheTurnReturns() async throws {
        try await withTemporaryDirectory { directory in
            let id = try await chat(1, in: directory)
            let synced = SyncedBytes()
            let chat = service(directory, sync: SessionFileSync { descriptor in synced.record(descriptor) })
            _ = try await chat.open(id: id)
            let provider = ProbingProvider { request in
                // When the request leaves, the last fdatasync covered the prompt.
                synced.last.contains(request.message)
            }
            let turn = try await chat.send("durable prompt", options: ChatTurnOptions(provider: provider))
            #expect(provider.sawDurablePrompt.withLock { $0 } == true)
            #expect(synced.last.contains(turn.reply.id))
        }
    }
}

/// Warnings a store reported.
final class Warnings: Sendable {
    private let recorded = Mutex<[String]>([])
    var lines: [String] { recorded.withLock { $0 } }
    var record: @Sendable (String) -> Void { { line in self.recorded.withLock { $0.append(line) } } }
}

/// What each fdatasync covered: the whole file's bytes at that moment.
final class SyncedBytes: Sendable {
    private let snapshots = Mutex<[String]>([])
    var last: String { snapshots.withLock { $0.last ?? "" } }

    func record(_ descriptor: Int32) -> Int32 {
        // The journal is open for appending only: read it through another descriptor.
        let reading = open("/proc/self/fd/\(descriptor)", O_RDONLY)
        defer { close(reading) }
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        let count = pread(reading, &bytes, bytes.count, 0)
        guard count >= 0 else { return -1 }
        snapshots.withLock { $0.append(String(decoding: bytes.prefix(count), as: UTF8.self)) }
        return fdatasync(descriptor)
    }
}

/// A provider that checks something when the request leaves, then answers "ok".
final class ProbingProvider: ChatProvider {
    let probe: @Sendable (ChatProviderRequest) -> Bool
    let sawDurablePrompt = Mutex<Bool?>(nil)
    init(probe: @escaping @Sendable (ChatProviderRequest) -> Bool) { self.probe = probe }
    var name: String { "probe" }
    var keepsHistoryServerSide: Bool { false }

    func streamReply(to request: ChatProviderRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let seen = probe(request)
        sawDurablePrompt.withLock { $0 = seen }
        return AsyncThrowingStream { continuation in
            continuation.yield(.text("ok"))
            continuation.yield(.finished(ChatCompletionInfo(finishReason: "stop")))
            continuation.finish()
        }
    }
}
