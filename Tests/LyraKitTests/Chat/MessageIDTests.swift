// Message ids are kept compactly in memory when they are UUIDs in one case (issue 34); every
// id, of any form, must still read back and be written back exactly as it was.
import Foundation
import Testing
@testable import LyraKit

@Suite struct MessageIDTests {
    private static let ids = [
        "0f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5a6b", "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-ffffffffffff", "0F9A2C3E-7B41-4D5E-9A8B-1C2D3E4F5A6B",
        "0f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5a6B", "01234567-8901-2345-6789-012345678901", "0f9a2c3e07b41-4d5e-9a8b-1c2d3e4f5a6b",
        "0f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5a6", "0f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5a6bc",
        "g f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5a6", "0f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5aé",
        "m1", "", "msg_01XFDUDYJgAACzvnptvVoYEL", "сообщение-1",
    ]

    @Test(arguments: ids) func anIdReadsBackExactly(_ id: String) {
        var message = ChatMessage(id: id, role: .user, content: "hi", createdAt: Date(timeIntervalSince1970: 0))
        #expect(message.id == id)
        message.id = id + "x"
        #expect(message.id == id + "x")
    }

    @Test func aSessionFileKeepsEveryIdAsItWasAndMessagesCompareByIt() throws {
        let messages = Self.ids.map { ChatMessage(id: $0, role: .user, content: $0, createdAt: Date(timeIntervalSince1970: 0)) }
        let session = ChatSession(title: "ids", createdAt: Date(timeIntervalSince1970: 0), messages: messages)
        let read = try SessionFileReader.session(from: SessionFileWriter.bytes(of: session))
        #expect(read.messages.map(\.id) == Self.ids)
        #expect(read.messages == messages)
        var other = messages[0]
        other.id = "0f9a2c3e-7b41-4d5e-9a8b-1c2d3e4f5a6c"
        #expect(other != messages[0])
    }

    @Test func newIdsAreDistinctLowercaseUUIDs() {
        let ids = (0..<1000).map { _ in ChatMessage(role: .user, content: "", createdAt: Date()).id }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
    }
}
