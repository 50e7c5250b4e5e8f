// Ctrl-X Ctrl-E between libedit's C callback and Swift: the callback takes the whole line, hands it
// to the user's editor and puts the saved text in its place.
import CLineEdit
import Foundation
import Synchronization
import LyraKit

/// Holds the process's external editor for libedit's Ctrl-X Ctrl-E binding.
final class EditorKeyBridge: Sendable {
    static let shared = EditorKeyBridge()
    private let editor = Mutex<ExternalEditor?>(nil)

    func install(_ external: ExternalEditor) {
        editor.withLock { $0 = external }
    }

    /// The C entry point libedit calls on Ctrl-X Ctrl-E (on the editor thread, terminal in normal mode).
    static let callback: cle_complete_fn = { EditorKeyBridge.shared.editLine() }

    private func editLine() -> UInt8 {
        guard let external = editor.withLock({ $0 }) else { return UInt8(CLE_CC_ERROR) }
        var length: Int32 = 0
        guard let buffer = cle_line(&length) else { return UInt8(CLE_CC_ERROR) }
        let text = WideString.decode(buffer, count: Int(length))
        do {
            let edited = try external.edit(text)
            cle_reset_line()
            _ = WideString.withWide(edited) { cle_insert($0) }
        } catch {
            let message = "\nlyra: " + TextSanitizer.sanitize(error.localizedDescription) + "\n"
            Array(message.utf8).withUnsafeBytes { FileDescriptorSink(fd: 2).write($0) }
        }
        return UInt8(CLE_CC_REDISPLAY)
    }
}
