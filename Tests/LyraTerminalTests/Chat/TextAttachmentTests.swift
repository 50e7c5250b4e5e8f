// `/file` and piped input: what is read, what is refused (with which message), and how pending
// attachments join the next message.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct TextAttachmentTests {
    private func write(_ data: Data, _ name: String, in env: TemporaryEnvironment) throws -> URL {
        let url = env.workDirectory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    @Test func aUTF8FileIsReadWithItsSizeAndTildeMeansHome() throws {
        let env = try TemporaryEnvironment()
        let url = try write(Data("привет\nworld\n".utf8), "notes.md", in: env)
        let attachment = try TextAttachment.file(url.path, home: nil)
        #expect(attachment.text == "привет\nworld\n")
        #expect(attachment.byteCount == 19)
        let home = env.workDirectory.path
        #expect(try TextAttachment.file("~/notes.md", home: home).text == "привет\nworld\n")
    }

    @Test func aLinkIsAttachedWithItsTargetNamed() throws {
        let env = try TemporaryEnvironment()
        let target = try write(Data("secret\n".utf8), "secret.txt", in: env)
        let link = env.workDirectory.appendingPathComponent("innocent.md")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let attachment = try TextAttachment.file(link.path, home: nil)
        #expect(attachment.linkTarget.map { URL(filePath: $0).resolvingSymlinksInPath().path }
            == target.resolvingSymlinksInPath().path)
        #expect(try TextAttachment.file(target.path, home: nil).linkTarget == nil)
    }

    @Test func missingDirectoryBinaryAndTooLargeFilesAreRefusedClearly() throws {
        let env = try TemporaryEnvironment()
        let binary = try write(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), "image.png", in: env)
        let invalid = try write(Data([0x61, 0xFF, 0xFE]), "latin1.txt", in: env)
        let big = try write(Data(repeating: 0x61, count: TextAttachment.fileLimit + 1), "big.txt", in: env)
        let exact = try write(Data(repeating: 0x61, count: TextAttachment.fileLimit), "exact.txt", in: env)
        #expect(throws: TextAttachmentError.missing("nope.txt")) { try TextAttachment.file("nope.txt", home: nil) }
        #expect(throws: TextAttachmentError.directory(env.workDirectory.path)) {
            try TextAttachment.file(env.workDirectory.path, home: nil)
        }
        #expect(throws: TextAttachmentError.notText(binary.path)) { try TextAttachment.file(binary.path, home: nil) }
        #expect(throws: TextAttachmentError.notText(invalid.path)) { try TextAttachment.file(invalid.path, home: nil) }
        #expect(throws: TextAttachmentError.tooLarge(big.path, limit: 1 << 20)) {
            try TextAttachment.file(big.path, home: nil)
        }
        #expect(try TextAttachment.file(exact.path, home: nil).byteCount == 1 << 20)
        #expect(TextAttachmentError.tooLarge("big.txt", limit: 1 << 20).errorDescription
            == "cannot attach big.txt: larger than 1 MiB")
        #expect(TextAttachmentError.missing("x").errorDescription == "cannot attach x: no such file")
    }

    @Test @MainActor func pendingAttachmentsFollowTheNextMessageOnceAfterABlankLine() {
        let pending = PendingAttachments()
        #expect(pending.take(appendingTo: "hello") == "hello")
        pending.add("first file")
        pending.add("second")
        #expect(!pending.isEmpty)
        #expect(pending.take(appendingTo: "summarise") == "summarise\n\nfirst file\n\nsecond")
        #expect(pending.isEmpty)
        #expect(pending.take(appendingTo: "again") == "again")
    }
}
