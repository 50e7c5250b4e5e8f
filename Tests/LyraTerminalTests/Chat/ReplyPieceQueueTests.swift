// ReplyPieceQueue: every piece reaches the renderer once and in order, pieces that wait are taken
// together, and the arrivals end after finish.
import Testing
@testable import LyraTerminal

@Suite struct ReplyPieceQueueTests {
    @Test func piecesWaitingTogetherAreTakenInOneBatch() async {
        let queue = ReplyPieceQueue()
        queue.append("This")
        queue.append(" is")
        queue.append(" a reply")
        queue.finish()
        var batches: [[String]] = []
        for await _ in queue.arrivals { batches.append(queue.takeAll()) }
        #expect(batches == [["This", " is", " a reply"]])
        #expect(queue.takeAll().isEmpty)
    }

    @Test func piecesFromAnotherThreadArriveOnceAndInOrder() async {
        let queue = ReplyPieceQueue()
        let expected = (1...5_000).map { " word\($0)" }
        let producer = Task.detached {
            for piece in expected { queue.append(piece) }
            queue.finish()
        }
        var received: [String] = []
        var wakeUps = 0
        for await _ in queue.arrivals {
            wakeUps += 1
            received += queue.takeAll()
        }
        received += queue.takeAll()
        await producer.value
        #expect(received == expected)
        #expect(wakeUps <= expected.count)
    }

    @Test func aWakeUpAfterEverythingWasTakenFindsNothing() async {
        let queue = ReplyPieceQueue()
        queue.append("one")
        #expect(queue.takeAll() == ["one"])
        queue.finish()
        var batches: [[String]] = []
        for await _ in queue.arrivals { batches.append(queue.takeAll()) }
        #expect(batches == [[]])
    }

    @Test func closingHandsOverWhatWaitsAndDropsLaterPieces() async {
        let queue = ReplyPieceQueue()
        queue.append("shown")
        queue.append(" by the closer")
        #expect(queue.close() == ["shown", " by the closer"])
        queue.append(" too late")
        var batches: [[String]] = []
        for await _ in queue.arrivals { batches.append(queue.takeAll()) }
        #expect(batches == [[]])
        #expect(queue.takeAll().isEmpty)
    }
}
