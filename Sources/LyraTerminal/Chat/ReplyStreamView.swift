// Shows a reply while it streams in (SPEC §8–§9). On a terminal: the spinner stops at the first
// piece, text is rendered from Markdown a finished line at a time, and only the last, unfinished
// line is shown as a live preview that may be redrawn (or the raw text with --plain).
// In a script: the sanitised text goes to stdout as it arrives, flushed per piece.
import Foundation
import LyraKit

/// Renders the pieces of one streamed reply, in order.
@MainActor
final class ReplyStreamView {
    private let context: CommandContext
    private let spinner: Spinner
    private var sanitizer = StreamingTextSanitizer()
    private var markdown: MarkdownStreamRenderer?
    /// Whether the last character written to stdout ended a line (or nothing was written).
    private var atLineStart = true
    /// When the first piece arrived.
    private(set) var firstPieceAt: ContinuousClock.Instant?
    /// The live preview of the unfinished line as shown now (raw text, tabs as spaces).
    private var preview = ""

    /// A view for a reply in `context`; `spinner` runs until the first piece.
    init(context: CommandContext, spinner: Spinner, render: RenderMode) {
        self.context = context
        self.spinner = spinner
        if context.isInteractive && render == .markdown {
            markdown = MarkdownStreamRenderer(width: context.terminal.width, theme: context.theme)
        }
    }

    /// Whether any text of the reply was received.
    var receivedText: Bool { firstPieceAt != nil }

    /// Shows one piece of the reply.
    func show(_ piece: String) {
        if firstPieceAt == nil {
            firstPieceAt = .now
            spinner.stop()
            // The bubble's label: a line of its own, so that no content line carries a border glyph.
            if context.isInteractive { write([context.theme.paint("╭─ lyra", .assistant)]) }
        }
        if var renderer = markdown {
            let lines = renderer.append(piece)
            markdown = renderer
            if !lines.isEmpty {
                erasePreview()
                write(lines)
            }
            if lines.isEmpty, let addition = renderer.unfinishedLineAddition, extendPreview(with: addition) { return }
            updatePreview(renderer.unfinishedLine)
        } else {
            emit(sanitizer.sanitize(piece))
        }
    }

    /// Flushes what is left: the last unfinished line, and a newline so that the next output
    /// starts on its own line. A script's reply is its text and exactly one `\n` (also when empty);
    /// a failed turn that showed nothing adds nothing.
    func finish(completed: Bool) {
        spinner.stop()
        if var renderer = markdown {
            erasePreview()
            write(renderer.finish())
            markdown = renderer
        } else if context.isInteractive ? !atLineStart : (completed || receivedText) {
            emit("\n")
        }
        context.console.flush()
    }

    /// Shows `line` as the preview: only what was added is written while the line grows.
    private func updatePreview(_ line: String) {
        let text = line.replacingOccurrences(of: "\t", with: "    ")
        if text.hasPrefix(preview) {
            emit(String(text.dropFirst(preview.count)))
        } else {
            erasePreview()
            emit(text)
        }
        preview = text
    }

    /// Shows `addition` after the preview when it only adds to its last character (a grapheme
    /// boundary in between): then what `updatePreview` would write, without re-reading the whole
    /// line (a long paragraph would cost time growing with its length for every piece).
    /// False when the whole line must be compared.
    private func extendPreview(with addition: String) -> Bool {
        let text = addition.utf8.contains(9) ? addition.replacingOccurrences(of: "\t", with: "    ") : addition
        guard let first = text.first else { return true }
        if let last = preview.last {
            guard (String(last) + String(first)).count == 2 else { return false }
        }
        emit(text)
        preview += text
        return true
    }

    /// Removes the preview from the screen: back to its first row, then clear to the end of the screen.
    private func erasePreview() {
        guard !preview.isEmpty else { return }
        let rows = max(1, (DisplayWidth.columns(of: preview) + context.terminal.width - 1) / context.terminal.width)
        context.console.write("\r" + String(repeating: "\u{1B}[1A", count: rows - 1) + "\u{1B}[J")
        preview = ""
        atLineStart = true
    }

    private func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        context.console.write(lines.joined(separator: "\n") + "\n")
        context.console.flush()
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        context.console.write(text)
        context.console.flush()
        atLineStart = text.hasSuffix("\n")
    }
}
