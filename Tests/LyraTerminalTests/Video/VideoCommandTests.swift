// /video's argument parsing, its template listing in each output form, and the text of its
// progress line (labels, sizes, throttling).
import Foundation
import LyraKit
@testable import LyraTerminal
import Synchronization
import Testing

@Suite struct VideoCommandTests {
    private func arguments(_ raw: String) throws -> CommandArguments {
        CommandArguments(words: try ArgumentSplitter.split(raw), raw: raw)
    }

    @Test func parsesTemplatePhotosPromptAndOut() throws {
        let command = VideoCommand(home: "/home/u")
        let request = try command.parse(try arguments("slide a.jpg '~/b c.jpg' --prompt 'sunny day' --out=~/clips/"))
        #expect(request == VideoRequest(template: "slide", photos: ["a.jpg", "~/b c.jpg"], prompt: "sunny day", output: "/home/u/clips/"))
        let expanded = try command.parse(try arguments("1 ~/a.jpg"))
        #expect(expanded.photos == ["/home/u/a.jpg"])
    }

    @Test func refusesMissingPhotosAndUnknownOptions() throws {
        let command = VideoCommand(home: nil)
        #expect(throws: CommandError.self) { try command.parse(try arguments("1")) }
        #expect(throws: CommandError.usage("unknown option '--fast' for /video")) { try command.parse(try arguments("1 a.jpg --fast")) }
        #expect(throws: CommandError.usage("--out needs a value")) { try command.parse(try arguments("1 a.jpg --out")) }
    }

    @Test func listsTemplatesPlainAsTableAndAsJSON() throws {
        let templates = [VideoTemplateDTO(id: 1, name: "Slideshow", description: "Each photo for two seconds"),
                         VideoTemplateDTO(id: "x12", name: "Evil\u{1B}[2J\tName")]
        #expect(VideoTemplateListing.plain(templates) == "1\tSlideshow\nx12\tEvil Name\n")
        #expect(VideoTemplateListing.table(templates, theme: .plain)
            == "1    Slideshow — Each photo for two seconds\nx12  Evil Name\n")
        let json = try VideoTemplateListing.json(templates)
        #expect(json.hasSuffix("}\n"))
        #expect(!json.contains("\u{1B}") && json.contains("\\u001b"), "the data is kept, its controls escaped")
        let decoded = try JSONDecoder().decode(TemplateListDTO.self, from: Data(json.utf8))
        #expect(decoded.templates.last?.name == "Evil\u{1B}[2J\tName")
        #expect(decoded.templates.map(\.id) == [1, "x12"])
        #expect(decoded.templates.first?.description == "Each photo for two seconds")
    }

    @Test func progressLabelsNameTheVideoStatusAndPoll() {
        let line = VideoProgressLine(spinner: Spinner(console: discardingConsole(), theme: .plain, enabled: false),
                                     console: discardingConsole(), theme: .plain, enabled: true)
        line.show(.started(videoID: "1001"))
        #expect(line.label(for: .status(poll: 2, maxPolls: 40, status: "processing")).text
            == "video 1001 · processing · poll 2/40")
        #expect(line.label(for: .retrying(poll: 3, maxPolls: 40, reason: "server error 503", delay: 6)).text
            == "video 1001 · server error 503 · retrying in 6.0s · poll 3/40")
        #expect(VideoProgressLine.amount(1_258_291, of: 2 << 20) == "1.2 MiB of 2.0 MiB (59%)")
        #expect(VideoProgressLine.amount(512, of: nil) == "512 B")
        #expect(VideoProgressLine.bytes(12_595) == "12.3 KiB")
    }

    @Test func progressLineDrawsOnStderrAndClearsIt() {
        let sink = CollectingSink()
        let console = Console(standardOutput: sink, standardError: sink)
        let spinner = Spinner(console: console, theme: .plain, enabled: true, frameInterval: .seconds(3600))
        let line = VideoProgressLine(spinner: spinner, console: console, theme: .plain, enabled: true)
        line.show(.uploading(photos: 2, templateName: "Slideshow"))
        line.show(.started(videoID: "7"))
        line.show(.polling(.status(poll: 1, maxPolls: 3, status: "pending")))
        line.show(.downloading(received: 10, expected: 20))
        line.show(.downloading(received: 10, expected: 20))
        #expect(!sink.text.contains("✓"))
        line.succeed()
        let text = sink.text
        #expect(text.contains("uploading · Slideshow · 2 photos"))
        #expect(text.contains("video 7 · Slideshow · 2 photos · pending · poll 1/3"))
        #expect(text.contains("video 7 ready after 1 poll · downloading 10 B of 20 B (50%)"))
        #expect(text.components(separatedBy: "downloading 10 B of 20 B (50%)").count == 2)
        #expect(text.hasSuffix(Spinner.clearLine + "✓ video 7 ready after 1 poll\n"))
    }

    @Test func aCancelledDownloadLeavesNoReadyLine() {
        let sink = CollectingSink()
        let console = Console(standardOutput: sink, standardError: sink)
        let spinner = Spinner(console: console, theme: .plain, enabled: true, frameInterval: .seconds(3600))
        let line = VideoProgressLine(spinner: spinner, console: console, theme: .plain, enabled: true)
        line.show(.started(videoID: "7"))
        line.show(.downloading(received: 0, expected: nil))
        line.finish()
        line.succeed()
        #expect(!sink.text.contains("✓"))
    }
}

/// Collects everything written, for assertions.
final class CollectingSink: OutputSink, Sendable {
    private let bytes = Mutex<[UInt8]>([])
    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
    func write(_ buffer: UnsafeRawBufferPointer) { bytes.withLock { $0.append(contentsOf: buffer) } }
}

private func discardingConsole() -> Console {
    Console(standardOutput: CollectingSink(), standardError: CollectingSink())
}
