// ReplyPieceQueue: every piece reaches the consumer once and in order, pieces that wait are taken
// together with one wake-up, and nothing appended after closing is shown or wakes anyone.
import Synchronization
import Testing
@testable import LyraTerminal

@Suite struct ReplyPieceQueueTests {
    @Test func piecesWaitingTogetherAreTakenInOneBatchAfterOneWakeUp() {
        let wakeUps = Mutex(0)
        let queue = ReplyPieceQueue { _ in wakeUps.withLock { $0 += 1 } }
        queue.append("This")
        queue.append(" is")
        queue.append(" a reply")
        #expect(wakeUps.withLock { $0 } == 1)
        #expect(queue.takeAll() == ["This", " is", " a reply"])
        #expect(queue.takeAll().isEmpty)
        queue.append(" more")
        #expect(wakeUps.withLock { $0 } == 2)
        #expect(queue.takeAll() == [" more"])
    }

    @Test func piecesFromAnotherThreadArriveOnceAndInOrder() async {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self)
        let queue = ReplyPieceQueue { _ in wake.yield() }
        let expected = (1...5_000).map { " word\($0)" }
        let producer = Task.detached {
            for piece in expected { queue.append(piece) }
            wake.finish()
        }
        var received: [String] = []
        var wakeUps = 0
        for await _ in wakes {
            wakeUps += 1
            received += queue.takeAll()
        }
        received += queue.takeAll()
        await producer.value
        #expect(received == expected)
        #expect(wakeUps >= 1 && wakeUps <= expected.count)
    }

    @Test func closingHandsOverWhatWaitsAndDropsLaterPiecesWithoutWakingAnyone() {
        let wakeUps = Mutex(0)
        let queue = ReplyPieceQueue { _ in wakeUps.withLock { $0 += 1 } }
        queue.append("shown")
        queue.append(" by the closer")
        #expect(queue.close() == ["shown", " by the closer"])
        queue.append(" too late")
        #expect(queue.takeAll().isEmpty)
        #expect(wakeUps.withLock { $0 } == 1)
    }
}
