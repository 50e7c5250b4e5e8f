// ChatService.record when the prompt vanished from the stored session while its request was in
// flight (another process edited the file): the prompt is put back, no longer failed, before the reply.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatServiceRecordTests {
    /// A backend that, while "waiting for the server", rewrites the session file without any message.
    private final class PromptRemovingBackend: ChatBackend {
        let directory: URL

        init(directory: URL) { self.directory = directory }

        func sendChatMessage(chatID: String, message: String) async throws -> ChatReplyDTO {
            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
            for file in files {
                var session = try SessionFileReader.session(from: Data(contentsOf: file))
                session.messages.removeAll()
                try Data(SessionFileWriter.bytes(of: session)).write(to: file)
            }
            return ChatReplyDTO(chatID: FlexibleID(chatID), assistantMessage: "answer to \(message)")
        }
    }

    @Test func aPromptRemovedMeanwhileIsRestoredBeforeItsReply() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory), clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
            let turn = try await service.send("where did it go?", using: PromptRemovingBackend(directory: directory))
            let sessions = try await storedSessions(in: directory)
            try #require(sessions.count == 1)
            let stored = sessions[0]
            #expect(stored.messages.map(\.content) == ["where did it go?", "answer to where did it go?"])
            #expect(stored.messages.map(\.failed) == [false, nil])
            #expect(stored.messages.first?.id == turn.prompt.id)
        }
    }
}
