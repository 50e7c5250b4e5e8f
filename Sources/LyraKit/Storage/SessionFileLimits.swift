// The size limits of session files, shared by the reader and the writer so that Lyra never writes
// a file it would refuse to read (issue 16): checked before saving, with a clear error.
import Foundation

/// How large a session file and one message may be.
public enum SessionFileLimits {
    /// The largest session file read or written, in bytes (64 MiB).
    public static let maximumFileBytes = 64 << 20
    /// The largest message content, in UTF-8 bytes (8 MiB; escaped, even control characters fit the file limit).
    public static let maximumMessageBytes = 8 << 20

    /// Refuses a session with a message over ``maximumMessageBytes`` (checked before encoding).
    /// - Throws: `SessionError.tooLarge`.
    static func checkMessages(of session: ChatSession) throws(SessionError) {
        if let message = session.messages.first(where: { $0.content.utf8.count > maximumMessageBytes }) {
            throw .tooLarge(what: "a message of \(message.content.utf8.count) bytes",
                            limit: "\(maximumMessageBytes >> 20) MiB per message")
        }
    }

    /// Refuses a session file of `bytes` bytes over ``maximumFileBytes``.
    /// - Throws: `SessionError.tooLarge`.
    static func checkFileSize(_ bytes: Int) throws(SessionError) {
        if bytes > maximumFileBytes {
            throw .tooLarge(what: "the session file would be \(bytes) bytes",
                            limit: "\(maximumFileBytes >> 20) MiB per session; start a new one with /new")
        }
    }
}
