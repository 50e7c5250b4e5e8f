// Renders a session file's text straight into bytes (SPEC §3, §8): pretty JSON, two-space indent,
// the members in their field table's order (SessionFileFields.swift), then `\n`; and a session's
// members as one compact object for the journal.
import Foundation

/// Writes `ChatSession`s in the session file layout of SPEC §3.
enum SessionFileWriter {
    /// The file's bytes: pretty JSON (two-space indent) in the documented field order, then `\n`.
    static func bytes(of session: ChatSession) -> [UInt8] {
        var whole: [UInt8] = []
        whole.reserveCapacity(512 + session.messages.reduce(0) { $0 + $1.content.utf8.count + 160 })
        write(session, pieceSize: .max) { whole.append(contentsOf: $0) }
        return whole
    }

    /// The file's bytes handed to `sink` in pieces of about `pieceSize` bytes (the last one smaller),
    /// so that a large session is written without holding its whole text.
    /// - Throws: what `sink` throws (then nothing more is encoded).
    static func write(_ session: ChatSession, pieceSize: Int, to sink: ([UInt8]) throws -> Void) rethrows {
        var output: [UInt8] = []
        output.reserveCapacity(min(pieceSize, 512 + session.messages.reduce(0) { $0 + $1.content.utf8.count + 160 }))
        var object = ObjectWriter(indent: 1, into: &output)
        object.members(of: session, into: &output)
        object.key(ChatSession.messagesKey, into: &output)
        if session.messages.isEmpty {
            output.append(contentsOf: "[]".utf8)
        } else {
            output.append(contentsOf: "[\n".utf8)
            let last = session.messages.count - 1
            for (index, message) in session.messages.enumerated() {
                output.append(contentsOf: "    ".utf8)
                write(message, into: &output)
                output.append(contentsOf: (index < last ? ",\n" : "\n").utf8)
                if output.count >= pieceSize {
                    try sink(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            output.append(contentsOf: "  ]".utf8)
        }
        object.close(into: &output)
        output.append(UInt8(ascii: "\n"))
        try sink(output)
    }

    /// One message as an object at indent level 2 (its members at level 3), no separator after it;
    /// `compact`: on one line without spaces (a journal line).
    static func write(_ message: ChatMessage, compact: Bool = false, into output: inout [UInt8]) {
        message.write(into: &output, indent: compact ? nil : 3)
    }

    /// The members of `session` but its messages, as one compact object for the journal: every
    /// member of the field table is written, unset ones as `null`, so that reading the object back
    /// (``SessionFileReader/readMembers(at:)``) gives them all; then the members Lyra does not know.
    static func writeMembers(of session: ChatSession, into output: inout [UInt8]) {
        writeMembers(of: session, rows: ChatSession.storedMembers.written, into: &output)
    }

    /// Like ``writeMembers(of:into:)``, only the members of `rows` of the field table.
    static func writeMembers(of session: ChatSession, rows: StoredRows, into output: inout [UInt8]) {
        var object = ObjectWriter(indent: nil, complete: true, into: &output)
        object.members(of: session, rows: rows, into: &output)
        object.close(into: &output)
    }
}

extension ChatSession {
    /// The session file's text: pretty JSON in the documented order, ending with a newline.
    public var fileText: String { String(decoding: SessionFileWriter.bytes(of: self), as: UTF8.self) }
}
