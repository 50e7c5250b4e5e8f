// FailedTurnError: a chat error that left a failed message mentions /retry and keeps its exit
// status; cancellations and turns without a failed message are left as they are.
import Foundation
import LyraKit
@testable import LyraTerminal
import Testing

@Suite struct FailedTurnErrorTests {
    private func session(lastFailed: Bool) -> ChatSession {
        let message = ChatMessage(role: .user, content: "hi", createdAt: Date(timeIntervalSince1970: 0), failed: lastFailed)
        return ChatSession(title: "hi", createdAt: Date(timeIntervalSince1970: 0), messages: [message])
    }

    @Test func aFailedMessageGetsTheRetryHintAndKeepsTheStatus() {
        let wrapped = FailedTurnError.wrapping(APIError.missingBaseURL, session: session(lastFailed: true))
        #expect(ErrorText.describe(wrapped) == ErrorText.describe(APIError.missingBaseURL) + " (/retry sends it again)")
        #expect(ExitStatus.forFailure(wrapped) == ExitStatus.forFailure(APIError.missingBaseURL))
    }

    @Test func cancellationsAndKeptMessagesAreNotWrapped() {
        #expect(FailedTurnError.wrapping(CancellationError(), session: session(lastFailed: true)) is CancellationError)
        #expect(!(FailedTurnError.wrapping(APIError.subscriptionRequired, session: session(lastFailed: false)) is FailedTurnError))
        #expect(!(FailedTurnError.wrapping(APIError.subscriptionRequired, session: nil) is FailedTurnError))
    }
}
