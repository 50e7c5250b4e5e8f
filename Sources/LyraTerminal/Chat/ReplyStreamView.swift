// Shows a reply while it streams in (SPEC §8–§9). On a terminal: the spinner stops at the first
// piece, text is rendered from Markdown a finished line at a time, and only the last, unfinished
// line is shown as a live preview that may be redrawn (or the raw text with --plain, wrapped by
// words while stdout is a terminal). In a script: the sanitised text goes to stdout as it arrives
// (wrapped by words too when stdout is a terminal, not for a pipe or a file). Either way the pieces
// come in batches (ReplyStreamPump: at most one a frame), each written with one flush.
// A thinking model's reasoning (SPEC §11): on a terminal a muted `thinking… 12 s · 840 tokens` line
// redrawn in place, left as `thought for 12 s` when the answer starts, or the reasoning text itself
// when asked; in a script only with --reasoning, and then on stderr.
import Foundation
import LyraKit

/// Renders the pieces of one streamed reply, in order.
@MainActor
final class ReplyStreamView {
    private let context: CommandContext
    private let spinner: Spinner
    private var sanitizer = StreamingTextSanitizer()
    private var markdown: MarkdownStreamRenderer?
    /// The word wrap of plain text on a terminal (when there is no Markdown renderer).
    private var plainWrap = WrappedTextStream()
    /// Whether the last character written to stdout ended a line (or nothing was written).
    private var atLineStart = true
    /// When the first piece arrived.
    private(set) var firstPieceAt: ContinuousClock.Instant?
    /// The live preview of the unfinished line as shown now (raw text, tabs as spaces).
    private var preview = ""
    /// The display columns of `preview`, kept as it grows.
    private var previewColumns = 0
    /// Whether the preview stopped growing because the next piece would make it taller than the screen.
    private var previewFull = false
    /// Whether the reasoning text itself is shown.
    private let showsReasoningText: Bool
    /// When the first piece of reasoning arrived, and how many pieces (about a token each) came.
    private var reasoningStartedAt: ContinuousClock.Instant?
    private var reasoningPieces = 0
    /// Whether reasoning output is still open: the live line on screen, or text without its last newline.
    private var reasoningOpen = false
    private var reasoningSanitizer = StreamingTextSanitizer()
    /// The word wrap of shown reasoning text on a terminal (stdout in the REPL, stderr in a script).
    private var reasoningWrap = WrappedTextStream()

    /// A view for a reply in `context`; `spinner` runs until the first piece.
    init(context: CommandContext, spinner: Spinner, render: RenderMode, showReasoning: Bool = false) {
        self.context = context
        self.spinner = spinner
        self.showsReasoningText = showReasoning
        if context.isInteractive && render == .markdown { markdown = Self.renderer(in: context) }
    }

    /// A renderer for a reply's text in `context`: at the terminal's width, keeping the markers
    /// that carry meaning on a terminal without colour.
    private static func renderer(in context: CommandContext) -> MarkdownStreamRenderer {
        var renderer = MarkdownStreamRenderer(width: context.terminal.width, theme: context.theme)
        renderer.keepsMarkers = context.theme.colorLevel == .none
        return renderer
    }

    /// Whether any text of the reply was received.
    var receivedText: Bool { firstPieceAt != nil }

    /// Shows a batch of pieces in the order they came, with one flush at the end: neighbouring
    /// pieces of the answer are rendered as one text (the renderer gives the same lines for any
    /// split), pieces of reasoning as one update of the reasoning line.
    func show(_ batch: [ReplyStreamPiece]) {
        var text = "", reasoning: [String] = []
        func showPending() {
            if !reasoning.isEmpty { showReasoning(reasoning) }
            if !text.isEmpty { show(text) }
            text = ""
            reasoning = []
        }
        for piece in batch {
            switch piece {
            case .text(let piece):
                if !reasoning.isEmpty { showPending() }
                text += piece
            case .reasoning(let piece):
                if !text.isEmpty { showPending() }
                reasoning.append(piece)
            case .interjection(let lines, let shown):
                showPending()
                interject(lines)
                context.console.flush()
                shown.resume()
            }
        }
        showPending()
        context.console.flush()
    }

    /// Shows pieces of the reasoning (each about a token).
    private func showReasoning(_ pieces: [String]) {
        if reasoningStartedAt == nil {
            reasoningStartedAt = .now
            spinner.stop()
        }
        reasoningPieces += pieces.count
        guard firstPieceAt == nil else { return }   // reasoning after the answer began is not shown
        if showsReasoningText {
            let clean = reasoningSanitizer.sanitize(pieces.joined())
            guard !clean.isEmpty else { return }
            writeReasoning(clean)
            reasoningOpen = !clean.hasSuffix("\n")
        } else if context.isInteractive {
            drawReasoningLine("thinking… \(reasoningSeconds) s · \(reasoningPieces) tokens")
            reasoningOpen = true
        }
    }

    /// Writes shown reasoning text, wrapped by words while its output is a terminal: muted on stdout in
    /// the REPL, on stderr in a script. `finished`: the last of it (the word held back is written).
    private func writeReasoning(_ clean: String, finished: Bool = false) {
        let fd: Int32 = context.isInteractive ? 1 : 2
        var text = clean
        if let width = context.console.messageWidth(for: fd) {
            text = reasoningWrap.append(clean, width: width) + (finished ? reasoningWrap.finish(width: width) : "")
        }
        guard !text.isEmpty else { return }
        if context.isInteractive {
            context.console.write(context.theme.paint(text, .muted))
        } else {
            context.console.writeError(text)
        }
    }

    /// Seconds since the reasoning began.
    private var reasoningSeconds: Int {
        reasoningStartedAt.map { Int((ContinuousClock.now - $0).components.seconds) } ?? 0
    }

    /// Redraws the one-line reasoning summary in place, cut to the terminal's width.
    private func drawReasoningLine(_ text: String) {
        let fitted = String(text.prefix(max(1, context.terminal.width - 1)))
        context.console.write("\r\u{1B}[K" + context.theme.paint(fitted, .muted))
    }

    /// Closes the reasoning output before the answer (or the end): the live line becomes
    /// `thought for N s`; reasoning text gets its last newline.
    private func endReasoning() {
        guard reasoningOpen else { return }
        reasoningOpen = false
        if showsReasoningText {
            writeReasoning("", finished: true)
            if context.isInteractive { emit("\n") } else { context.console.writeError("\n") }
        } else {
            drawReasoningLine("thought for \(reasoningSeconds) s")
            emit("\n")
        }
    }

    /// Shows the next text of the reply (one piece or several); the caller flushes.
    private func show(_ piece: String) {
        if firstPieceAt == nil {
            firstPieceAt = .now
            spinner.stop()
            endReasoning()
            // The bubble's label: a line of its own, so that no content line carries a border glyph.
            if context.isInteractive { write([context.theme.paint("╭─ lyra", .assistant)]) }
        }
        if var renderer = markdown {
            // The width is read again for every piece: a resize (SIGWINCH) applies to the next committed line.
            renderer.resize(to: context.terminal.width)
            let lines = renderer.append(piece)
            markdown = renderer
            if !lines.isEmpty {
                erasePreview()
                write(lines)
            }
            if lines.isEmpty, let addition = renderer.unfinishedLineAddition, extendPreview(with: addition) { return }
            updatePreview(renderer.unfinishedLine)
        } else if let width = context.console.messageWidth(for: 1) {
            emit(plainWrap.append(sanitizer.sanitize(piece), width: width))
        } else {
            emit(sanitizer.sanitize(piece))
        }
    }

    /// Writes the word plain text held back at the end of its row (nothing without a terminal).
    private func releasePlainText() {
        guard markdown == nil, let width = context.console.messageWidth(for: 1) else { return }
        emit(plainWrap.finish(width: width))
    }

    /// Shows `lines` (a tool card, SPEC §14) on lines of their own: the spinner stops, the reply so
    /// far is finished as at its end, and text that comes later starts a new paragraph.
    private func interject(_ lines: [String]) {
        spinner.stop()
        endReasoning()
        if var renderer = markdown {
            erasePreview()
            write(renderer.finish())
            markdown = Self.renderer(in: context)
        } else {
            releasePlainText()
            if !atLineStart { emit("\n") }
        }
        write(lines)
    }

    /// Flushes what is left: the last unfinished line, and a newline so that the next output
    /// starts on its own line. A script's reply is its text and exactly one `\n` (also when empty);
    /// a failed turn that showed nothing adds nothing.
    func finish(completed: Bool) {
        spinner.stop()
        endReasoning()
        if var renderer = markdown {
            erasePreview()
            write(renderer.finish())
            markdown = renderer
        } else {
            releasePlainText()
            if context.isInteractive ? !atLineStart : (completed || receivedText) { emit("\n") }
        }
        context.console.flush()
    }

    /// Shows `line` as the preview: only what was added is written while the line grows, and never
    /// more than fits on the screen (a preview that scrolled off could not be erased, and the
    /// rendered line would then appear twice in the scrollback).
    private func updatePreview(_ line: String) {
        let text = line.utf8.contains(9) ? line.replacingOccurrences(of: "\t", with: "    ") : line
        if text.hasPrefix(preview) {
            let addition = String(text.dropFirst(preview.count))
            guard fitsOnScreen(previewColumns + DisplayWidth.columns(of: addition)) else { return }
            emit(addition)
            previewColumns += DisplayWidth.columns(of: addition)
        } else {
            erasePreview()
            let columns = DisplayWidth.columns(of: text)
            guard fitsOnScreen(columns) else { return }
            emit(text)
            previewColumns = columns
        }
        preview = text
    }

    /// Whether a preview of `columns` display columns stays below the screen's height (one row
    /// kept for the line the cursor is on). Once false, the preview waits for its line to be committed.
    private func fitsOnScreen(_ columns: Int) -> Bool {
        guard !previewFull else { return false }
        let width = context.terminal.width
        let rows = (columns + width - 1) / width
        previewFull = rows > max(1, context.terminal.height - 2)
        return !previewFull
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
        let columns = DisplayWidth.columns(of: text)
        guard fitsOnScreen(previewColumns + columns) else { return true }
        emit(text)
        preview += text
        previewColumns += columns
        return true
    }

    /// Removes the preview from the screen: back to its first row, then clear to the end of the screen.
    private func erasePreview() {
        defer { previewFull = false }
        guard !preview.isEmpty else { return }
        let rows = max(1, (previewColumns + context.terminal.width - 1) / context.terminal.width)
        context.console.write("\r" + String(repeating: "\u{1B}[1A", count: rows - 1) + "\u{1B}[J")
        preview = ""
        previewColumns = 0
        atLineStart = true
    }

    /// Buffers `lines` for the next flush.
    private func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        context.console.write(lines.joined(separator: "\n") + "\n")
    }

    /// Buffers `text` for the next flush.
    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        context.console.write(text)
        atLineStart = text.hasSuffix("\n")
    }
}
