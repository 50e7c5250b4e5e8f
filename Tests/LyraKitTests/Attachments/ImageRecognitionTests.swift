// Images are recognised by their bytes (SPEC §13): each format with its size from the header, a
// text file named .png stays text, binary data that is no image is refused, limits name the file.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit

@Suite struct ImageRecognitionTests {
    private func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Fixtures.data("images/" + name)) }

    @Test(arguments: [
        ("red.png", ImageInfo(format: .png, width: 40, height: 30)),
        ("photo.jpg", ImageInfo(format: .jpeg, width: 64, height: 48)),
        ("pixel.gif", ImageInfo(format: .gif, width: 1, height: 1)),
        ("lossy.webp", ImageInfo(format: .webp, width: 1, height: 1)),
        ("lossless.webp", ImageInfo(format: .webp, width: 1, height: 1)),
    ])
    func eachFormatIsRecognisedByItsBytes(_ name: String, _ expected: ImageInfo) throws {
        let content = try AttachmentReader.classify(try bytes(name), name: name)
        guard case .image(let info, let data) = content else { Issue.record("\(name) read as \(content)"); return }
        #expect(info == expected)
        #expect(data == (try bytes(name)))
    }

    @Test func aTextFileNamedPNGIsText() throws {
        let content = try AttachmentReader.classify(try bytes("notes.png"), name: "notes.png")
        #expect(content == .text("These are notes, not a picture.\nA text file named .png stays text.\n"))
    }

    @Test func binaryDataThatIsNoImageIsRefusedNamingTheFile() throws {
        #expect(throws: AttachmentError.notImageOrText("noise.bin")) {
            try AttachmentReader.classify(try bytes("noise.bin"), name: "noise.bin")
        }
        #expect(AttachmentError.notImageOrText("noise.bin").localizedDescription
            == "cannot attach noise.bin: neither an image (PNG, JPEG, WebP, GIF) nor UTF-8 text")
    }

    @Test func aCutPNGHeaderIsADamagedImage() throws {
        let cut = Array(try bytes("red.png").prefix(14))
        #expect(throws: AttachmentError.damagedImage("cut.png", .png)) {
            try AttachmentReader.classify(cut, name: "cut.png")
        }
    }

    @Test func limitsAreCheckedWhenTheFileIsRead() throws {
        try withTemporaryDirectory { directory in
            let big = directory.appending(path: "big.png")
            var data = Data(try bytes("red.png"))
            data.append(Data(count: AttachmentReader.imageLimit))
            try data.write(to: big)
            #expect(throws: AttachmentError.tooLarge("big.png", limit: 20 << 20)) {
                try AttachmentReader.readFile(big.path, name: "big.png")
            }
            #expect(AttachmentError.tooLarge("big.png", limit: 20 << 20).localizedDescription
                == "cannot attach big.png: larger than 20 MiB")
            #expect(throws: AttachmentError.missing("nope.png")) {
                try AttachmentReader.readFile(directory.appending(path: "nope.png").path, name: "nope.png")
            }
            #expect(throws: AttachmentError.directory("dir")) { try AttachmentReader.readFile(directory.path, name: "dir") }
        }
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: AttachmentReader.textLimit + 1)
        #expect(throws: AttachmentError.tooLarge("long.txt", limit: 1 << 20)) {
            try AttachmentReader.classify(text, name: "long.txt")
        }
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hexDigest(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(of: Array("abc".utf8))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
