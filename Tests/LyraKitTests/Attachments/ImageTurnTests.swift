// A turn with images at the service level (SPEC §13): an image another Lyra removed as unused
// between the attach and the send is stored again once the message is saved; a session's deletion
// keeps an image a second session uses and removes the others; unsent images are removed at exit.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct ImageTurnTests {
    private let finished = ScriptedChatProvider.Reply(events: [.text("seen"), .finished(ChatCompletionInfo())])

    private func staged(_ name: String, _ format: ImageFormat, in store: AttachmentStore) throws -> StagedImage {
        let bytes = [UInt8](try Fixtures.data("images/" + name))
        let info = try #require(try ImageHeaderReader.info(of: bytes))
        #expect(info.format == format)
        return StagedImage(attachment: try store.store(bytes, info: info, name: name), bytes: bytes)
    }

    @Test func anImageRemovedBeforeTheSendIsStoredAgainAndDeletionKeepsSharedImages() async throws {
        try await withTemporaryDirectory { root in
            let store = AttachmentStore(directory: root.appending(path: "attachments"))
            let chat = ChatService(store: SessionStore(directory: root.appending(path: "sessions")),
                                   clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007), attachments: store)
            let provider = ScriptedChatProvider([finished, finished])
            var options = ChatTurnOptions(provider: provider)
            options.attachmentStore = store
            let red = try staged("red.png", .png, in: store)
            let photo = try staged("photo.jpg", .jpeg, in: store)
            // A concurrent Lyra deleted its last session using red.png meanwhile.
            store.remove(digests: [red.attachment.sha256])
            #expect(!store.contains(red.attachment))
            let first = try await chat.send("one", images: [red, photo], options: options)
            #expect(store.contains(red.attachment))
            #expect(provider.requests.first?.images == [red.attachment, photo.attachment])
            #expect(first.prompt.attachments == [red.attachment, photo.attachment])

            try await chat.startNew(title: nil)
            _ = try await chat.send("two", images: [red], options: options)
            #expect(provider.requests.last?.images == [red.attachment])

            try await chat.delete(id: first.session.id)
            #expect(store.contains(red.attachment))
            #expect(!store.contains(photo.attachment))
        }
    }

    @Test func unsentImagesAreRemovedUnlessASessionUsesThem() async throws {
        try await withTemporaryDirectory { root in
            let store = AttachmentStore(directory: root.appending(path: "attachments"))
            let chat = ChatService(store: SessionStore(directory: root.appending(path: "sessions")),
                                   clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007), attachments: store)
            var options = ChatTurnOptions(provider: ScriptedChatProvider([finished]))
            options.attachmentStore = store
            let red = try staged("red.png", .png, in: store)
            _ = try await chat.send("one", images: [red], options: options)
            let gif = try staged("pixel.gif", .gif, in: store)
            await chat.removeUnsent([red, gif])
            #expect(store.contains(red.attachment))
            #expect(!store.contains(gif.attachment))
        }
    }
}
