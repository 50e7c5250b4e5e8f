// After a video is saved on a terminal: its first frame inline when the terminal announces an image
// protocol, and `--open` / `/video open [ID]` to play it with `xdg-open`.
import Foundation
import LyraKit

extension VideoCommand {
    /// Shows the first frame of `file` inline, on an interactive terminal that announces a protocol.
    @MainActor func showPreview(of file: URL, context: CommandContext) throws {
        guard context.isInteractive, !context.quiet, context.terminal.stdoutIsTTY,
              let imageProtocol = InlineImageProtocol.detect(environment: context.services.environment),
              let frame = MotionJPEGFrame.first(inFileAt: file) else { return }
        context.console.write(imageProtocol.sequence(for: frame, cells: min(40, context.terminal.width / 2)))
    }

    /// `/video open [ID]`: plays the saved video (the latest when no id is given) with `xdg-open`.
    /// - Throws: `CommandError.usage` when no saved video matches or nothing can open it.
    @MainActor func openVideo(_ arguments: CommandArguments, context: CommandContext) throws {
        let words = arguments.texts
        guard words.count <= 2 else { throw CommandError.usage("usage: /video open [ID]") }
        let saved = context.services.videoJournal.entries().filter { $0.savedPath != nil }
        let entry = words.count == 2 ? saved.last { $0.videoID == words[1] } : saved.last
        guard let path = entry?.savedPath else {
            throw CommandError.usage(words.count == 2 ? "no saved video \(TextSanitizer.sanitize(words[1])) (see /video list)"
                                                      : "no saved video yet (see /video list)")
        }
        try open(URL(filePath: path), context: context)
    }

    /// Opens `file` with `xdg-open` in a clean environment.
    /// - Throws: `CommandError.usage` when `xdg-open` is missing or fails to start.
    @MainActor func open(_ file: URL, context: CommandContext) throws {
        guard CheckoutOpener(environment: context.services.environment).open(file: file) else {
            throw CommandError.usage("cannot open \(file.path): xdg-open is not available")
        }
        context.hint("opening \(file.lastPathComponent)")
    }
}
