// The interactive line editor: libedit (through CLineEdit) on one dedicated thread, handing lines
// to async callers. Policy (history path, completion) lives in pure types beside it.
import CLineEdit
import Foundation
import LyraKit
import Synchronization

/// How one read from the line editor ended.
public enum LineEditorEvent: Sendable, Equatable {
    /// A line was entered (without its trailing newline).
    case line(String)
    /// Ctrl-D on an empty line, or the terminal went away.
    case endOfInput
    /// Ctrl-C at the prompt: the line was discarded.
    case interrupted
}

/// A libedit-backed line editor with persistent history and Tab completion.
///
/// libedit is not thread-safe and blocks, so every `el_*` call runs on one `WorkerThread`;
/// async callers wait for its answers without blocking the cooperative pool.
public final class LineEditor: Sendable {
    // The only thread that takes SIGINT, so Ctrl-C interrupts libedit's read.
    private let thread = WorkerThread(name: "lyra.line-editor") { cle_block_interrupts(0) }
    private let history: HistoryFile
    /// Whether the in-memory history holds a line the file does not. The file is rewritten (with
    /// its fsyncs) before the next prompt or on close, not on Enter: the line's request leaves first.
    private let historyUnsaved = Atomic<Bool>(false)

    /// Starts libedit on the terminal.
    /// - Parameters:
    ///   - programName: the name libedit uses to look up `~/.editrc` settings.
    ///   - history: where history is kept (or nothing, when disabled).
    ///   - completer: computes Tab completions from the text before the cursor.
    ///   - externalEditor: the editor Ctrl-X Ctrl-E opens the line in.
    public init(programName: String, history: HistoryFile, externalEditor: ExternalEditor,
                completer: @escaping CompletionProvider) async {
        self.history = history
        CompletionBridge.shared.install(completer)
        EditorKeyBridge.shared.install(externalEditor)
        await thread.run {
            cle_setup_locale()
            _ = cle_init(programName, Int32(history.maxEntries), CompletionBridge.callback, EditorKeyBridge.callback)
            history.load()
        }
    }

    /// Reads one line with the given prompt (`\u{1}` brackets invisible escape sequences).
    public func readLine(prompt: String) async -> LineEditorEvent {
        await thread.run { [self] in
            if historyUnsaved.exchange(false, ordering: .relaxed) { history.save() }
            WideString.withWide(prompt) { cle_set_prompt($0) }
            _ = cle_take_interrupt()
            var count: Int32 = 0
            var errorNumber: Int32 = 0
            guard let pointer = cle_gets(&count, &errorNumber) else {
                if count == -1 && errorNumber == EINTR {
                    _ = cle_take_interrupt()
                    cle_reset_line()
                    return .interrupted
                }
                return .endOfInput
            }
            return .line(WideString.decode(pointer, count: Int(count)).trimmingTrailingNewline())
        }
    }

    /// Adds a line to history; the file is saved before the next prompt or on close.
    public func remember(_ line: String) async {
        await thread.run { [self] in
            WideString.withWide(line) { cle_history_enter($0) }
            historyUnsaved.store(true, ordering: .relaxed)
        }
    }

    /// Reads a line without echoing it (for secrets such as the backend token).
    public func readHiddenLine(prompt: String, console writePrompt: @escaping @Sendable (String) -> Void) async -> String? {
        await thread.run {
            // Echo goes off before the prompt appears: what is typed after the prompt is never shown.
            // Canonical mode on: the terminal handles Backspace, even while a line holds type-ahead.
            var saved = termios()
            let changed = cle_begin_secret_input(&saved) == 0
            defer { if changed { cle_end_terminal_mode(&saved) } }
            writePrompt(prompt)
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while Foundation.read(0, &byte, 1) == 1 {
                if byte == 10 || byte == 13 { writePrompt("\n"); return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
            }
            writePrompt("\n")
            return nil
        }
    }

    /// Restores the terminal and frees libedit.
    public func close() async {
        await thread.run { [self] in
            if historyUnsaved.exchange(false, ordering: .relaxed) { history.save() }
            cle_end()
        }
    }
}

// MARK: - Wide strings

/// Conversion between Swift strings and libedit's `wchar_t` (UTF-32 on Linux) strings.
enum WideString {
    static func decode(_ pointer: UnsafePointer<wchar_t>, count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for index in 0..<max(count, 0) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: pointer[index])) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    static func withWide<T>(_ string: String, _ body: (UnsafePointer<wchar_t>) -> T) -> T {
        var wide = string.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        return body(wide)
    }
}

extension String {
    func trimmingTrailingNewline() -> String {
        var result = self
        while result.hasSuffix("\n") || result.hasSuffix("\r") { result.removeLast() }
        return result
    }
}
