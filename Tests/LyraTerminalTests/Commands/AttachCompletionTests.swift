// `/attach` completes file paths for every argument, and `--clear` (SPEC §13); the prompt's chip
// counts what waits.
import Foundation
import LyraKit
@testable import LyraTerminal
import Testing

@Suite struct AttachCompletionTests {
    @Test func everyArgumentCompletesPathsAndTheFlag() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "lyra-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["shot.png", "shot.txt", "photo.jpg"] { try Data([0x89]).write(to: root.appending(path: file)) }
        let command = AttachCommand(home: root.path)
        let base = root.path + "/"
        #expect(command.completions(arguments: [], partial: base + "sh", data: CompletionData())
            == [base + "shot.png", base + "shot.txt"])
        #expect(command.completions(arguments: [base + "shot.png"], partial: "~/ph", data: CompletionData()) == ["~/photo.jpg"])
        #expect(command.completions(arguments: [], partial: "--c", data: CompletionData()) == ["--clear"])
    }

    @MainActor
    @Test func thePromptChipCountsImagesAndTexts() throws {
        let pending = PendingAttachments()
        #expect(pending.chip == nil)
        let image = StagedImage(attachment: MessageAttachment(sha256: String(repeating: "a", count: 64), mediaType: "image/png",
                                                              bytes: 245_760, width: 1280, height: 720, name: "photo.png"),
                                bytes: [])
        try pending.add(image: image)
        try pending.add(image: image)
        #expect(pending.chip == "[2 images]")
        pending.add("notes", name: "notes.txt")
        #expect(pending.chip == "[2 images, 1 text]")
        #expect(pending.listing == ["image  photo.png · 1280×720 · 240 KB", "image  photo.png · 1280×720 · 240 KB",
                                    "text   notes.txt · 5 B"])
        for _ in 2 ..< 8 { try pending.add(image: image) }
        #expect(throws: AttachmentError.tooManyImages("photo.png", limit: 8)) { try pending.add(image: image) }
    }
}
