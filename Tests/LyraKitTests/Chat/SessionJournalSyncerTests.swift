// SessionJournalSyncer: a prompt's fdatasync waits for the jobs already queued on the store's thread
// (the turn sending its request), unless its reply streams in (then it runs beside), a reply's lingering fdatasync is shared with the next append to
// the same journal, appends to different journals are synced each, a flush ends a linger at once, a
// linger with nothing after it still syncs, and a failed fdatasync reaches whoever waits for it.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

@Suite struct SessionJournalSyncerTests {
    /// Appends `line` to the journal `name` in `directory` and returns what syncs it.
    private func append(_ line: String, to name: String, in directory: URL) throws -> SessionJournalSync {
        let path = directory.appendingPathComponent(name).path
        return try SessionJournal.append(Array((line + "\n").utf8), to: path, keeping: .max)
    }

    /// A lingering reply's sync is shared with the next append to the same journal (one
    /// `fdatasync`); an append to another journal is synced on its own (two).
    @Test(.timeLimit(.minutes(1)), arguments: [(".s.journal", 1), (".b.journal", 2)])
    func aLingeringSyncIsSharedOnlyWithTheSameJournal(nextJournal: String, fdatasyncs: Int) async throws {
        try await withTemporaryDirectory { directory in
            // Long enough that only the next append (or a flush) can end the wait.
            let syncer = SessionJournalSyncer(worker: WorkerThread(name: "test.sync"), lingerLimit: .seconds(600))
            let reply = syncer.start(try append("reply", to: ".s.journal", in: directory), .lingering)
            let prompt = syncer.start(try append("prompt", to: nextJournal, in: directory), .whenIdle)
            try await reply.value
            try await prompt.value
            #expect(syncer.fdatasyncCount == fdatasyncs)
            let text = try String(contentsOf: directory.appendingPathComponent(".s.journal"), encoding: .utf8)
            #expect(text == (nextJournal == ".s.journal" ? "reply\nprompt\n" : "reply\n"))
        }
    }

    /// On the worker's own thread (as a chat turn runs), the prompt's fdatasync is not run by
    /// `start` but after the jobs queued behind it: the turn goes on to send its request first.
    @Test(.timeLimit(.minutes(1))) func aPromptsSyncRunsOnceTheThreadIsIdle() async throws {
        try await withTemporaryDirectory { directory in
            let worker = WorkerThread(name: "test.sync")
            let syncer = SessionJournalSyncer(worker: worker)
            let sync = try append("prompt", to: ".s.journal", in: directory)
            let beforeIdle = Mutex<Int?>(nil)
            let prompt = await worker.run { () -> Task<Void, any Error> in
                let prompt = syncer.start(sync, .whenIdle)
                worker.add { beforeIdle.withLock { $0 = syncer.fdatasyncCount } }   // "the request is sent"
                return prompt
            }
            try await prompt.value
            #expect(beforeIdle.withLock { $0 } == 0)
            #expect(syncer.fdatasyncCount == 1)
        }
    }

    /// A prompt whose reply streams in is synced beside the store's thread: its fdatasync ends while
    /// that thread is busy (showing the reply's pieces).
    @Test(.timeLimit(.minutes(2))) func aStreamedPromptsSyncDoesNotWaitForTheStoresThread() async throws {
        try await withTemporaryDirectory { directory in
            let worker = WorkerThread(name: "test.sync")
            let syncer = SessionJournalSyncer(worker: worker)
            let sync = try append("prompt", to: ".s.journal", in: directory)
            let gate = DispatchSemaphore(value: 0)
            let prompt = await worker.run { () -> Task<Void, any Error> in
                let prompt = syncer.start(sync, .alongside)
                worker.add { gate.wait() }   // the store's thread stays busy until the gate opens
                return prompt
            }
            // A watchdog, not a timing assertion: the fdatasync is waited for as an event.
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while syncer.fdatasyncCount == 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(syncer.fdatasyncCount == 1, "synced while the store's thread was busy")
            gate.signal()
            try await prompt.value
        }
    }

    @Test(.timeLimit(.minutes(1))) func aFlushEndsALingerAtOnce() async throws {
        try await withTemporaryDirectory { directory in
            let syncer = SessionJournalSyncer(worker: WorkerThread(name: "test.sync"), lingerLimit: .seconds(600))
            let reply = syncer.start(try append("reply", to: ".s.journal", in: directory), .lingering)
            syncer.flush()
            try await reply.value
            #expect(syncer.fdatasyncCount == 1)
        }
    }

    @Test func aLingerWithNothingAfterItEndsWithItsOwnSync() async throws {
        try await withTemporaryDirectory { directory in
            let syncer = SessionJournalSyncer(worker: WorkerThread(name: "test.sync"), lingerLimit: .milliseconds(1))
            try await syncer.start(try append("reply", to: ".s.journal", in: directory), .lingering).value
            try await syncer.start(try append("later", to: ".s.journal", in: directory), .whenIdle).value
            #expect(syncer.fdatasyncCount == 2)
        }
    }

    @Test func aFailedSyncIsThrownToWhoeverWaits() async {
        let syncer = SessionJournalSyncer(worker: WorkerThread(name: "test.sync"))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        // fdatasync on a pipe fails (EINVAL), as it does on a disk that reports an error.
        let broken = SessionJournalSync(file: PosixFile(descriptor: ends[1], path: "a pipe"), syncsDirectory: false)
        await #expect(throws: StorageError.self) { try await syncer.start(broken, .whenIdle).value }
    }
}
