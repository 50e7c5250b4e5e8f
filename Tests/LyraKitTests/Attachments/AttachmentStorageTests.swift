// Images are stored once by content, mode 0600, and referenced from the message's `attachments`
// member, which survives a write and a read of the session file and of the journal (SPEC §13).
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct AttachmentStorageTests {
    @Test func anImageIsStoredOnceByContentWithMode0600() throws {
        try withTemporaryDirectory { root in
            let store = AttachmentStore(directories: XDGDirectories(environment: xdgEnvironment(root: root)))
            let bytes = [UInt8](try Fixtures.data("images/red.png"))
            let info = ImageInfo(format: .png, width: 40, height: 30)
            let first = try store.store(bytes, info: info, name: "red.png")
            let second = try store.store(bytes, info: info, name: "copy.png")
            #expect(first.sha256 == second.sha256)
            let path = try #require(store.path(of: first))
            #expect(path == root.appending(path: "data/lyra/attachments/\(first.sha256).png").path)
            #expect(try permissions(of: URL(filePath: path)) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path) == ["\(first.sha256).png"])
            #expect([UInt8](try Data(contentsOf: URL(filePath: path))) == bytes)
            #expect(first == MessageAttachment(sha256: first.sha256, mediaType: "image/png", bytes: 98,
                                               width: 40, height: 30, name: "red.png"))
        }
    }

    @Test func attachmentsRoundTripThroughTheSessionFile() throws {
        var message = ChatMessage(id: "m1", role: .user, content: "look", createdAt: Date(timeIntervalSince1970: 1))
        message.attachments = [
            MessageAttachment(sha256: String(repeating: "a", count: 64), mediaType: "image/png", bytes: 98,
                              width: 40, height: 30, name: "red.png"),
            MessageAttachment(sha256: String(repeating: "b", count: 64), mediaType: "image/jpeg", bytes: 860,
                              width: 64, height: 48, name: "photo \"1\".jpg"),
        ]
        let plain = ChatMessage(id: "m2", role: .assistant, content: "ok", createdAt: Date(timeIntervalSince1970: 2))
        let session = ChatSession(id: "s", title: "t", chatID: "c", createdAt: Date(timeIntervalSince1970: 1),
                                  messages: [message, plain])
        let text = session.fileText
        #expect(text.contains("\"attachments\": [\n        {\n          \"kind\": \"image\",\n"))
        #expect(text.components(separatedBy: "attachments").count == 2)   // left out of the reply
        let read = try SessionFileReader.session(from: Array(text.utf8))
        #expect(read.messages == session.messages)
        var line: [UInt8] = []
        SessionFileWriter.write(message, compact: true, into: &line)
        #expect(!line.contains(UInt8(ascii: "\n")))
        let lineText = "{\"messages\":[" + String(decoding: line, as: UTF8.self) + "]}"
        #expect(try SessionFileReader.session(from: Array(lineText.utf8)).messages == [message])
    }
}
