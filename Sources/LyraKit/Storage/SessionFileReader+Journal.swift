// Reading one session journal line (docs/JOURNAL.md) with the session file's reader, so a message
// or a session's members in the journal are read exactly like those in the file (through the field
// tables); any line that is not exactly right is refused.
import Foundation

extension SessionFileReader {
    /// The journal line in `bytes` (one line without its `\n`).
    /// - Throws: `JSONScanFailure` when it is not a well-formed journal line.
    static func journalLine(from bytes: UnsafeRawBufferPointer) throws(JSONScanFailure) -> SessionJournalLine {
        var reader = SessionFileReader(scanner: JSONScanner(bytes: bytes))
        guard reader.scanner.peek() == UInt8(ascii: "{") else { throw JSONScanFailure(reason: "not a journal line") }
        var edits: [SessionEdit]?
        try reader.scanner.readObject { scanner, key throws(JSONScanFailure) in
            var inner = SessionFileReader(scanner: scanner)
            if key == "edits" { edits = try inner.readEdits() } else { try inner.scanner.skipValue(depth: 1) }
            scanner = inner.scanner
        }
        guard reader.scanner.isAtEnd(), let edits else { throw JSONScanFailure(reason: "not a journal line") }
        return SessionJournalLine(edits: edits)
    }

    private mutating func readEdits() throws(JSONScanFailure) -> [SessionEdit] {
        guard scanner.peek() == UInt8(ascii: "[") else { throw unexpected(at: { "edits" }) }
        var edits: [SessionEdit] = []
        try scanner.readArray { scanner throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            edits.append(try reader.readEdit())
            scanner = reader.scanner
        }
        return edits
    }

    /// One edit object: its members in any order, checked once all are read.
    private mutating func readEdit() throws(JSONScanFailure) -> SessionEdit {
        guard scanner.peek() == UInt8(ascii: "{") else { throw unexpected(at: { "edits" }) }
        var fields = EditFields()
        try scanner.readObject { scanner, key throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            try reader.readEditMember(key, into: &fields)
            scanner = reader.scanner
        }
        guard let edit = fields.edit() else { throw JSONScanFailure(reason: "bad journal edit") }
        return edit
    }

    private mutating func readEditMember(_ key: String, into fields: inout EditFields) throws(JSONScanFailure) {
        switch key {
        case "op": fields.operation = try optionalString(at: key)
        case "id", "after", "replacing": fields.ids[key] = try optionalString(at: key)
        case "message": fields.message = try readMessage(at: key)
        case "failed": fields.failed = try optionalBool(at: key)
        case "session": fields.meta = try readMembers(at: key)
        default:
            // A meta edit of the earlier form holds the session's members beside its `op`.
            if try !readMember(key, into: &fields.members, at: { "" }) { try scanner.skipValue(depth: 3) }
        }
    }
}

/// An edit's members as read, before they are checked.
private struct EditFields {
    var operation: String?, ids: [String: String] = [:], message: ChatMessage?, failed: Bool?, meta: SessionMeta?
    /// The session's members beside `op` (a meta edit of the earlier form).
    var members = StoredObjectReading<ChatSession>(membersOnly: true)

    /// The edit, or nil when a member it needs is missing (so is an edit of the first journal
    /// format, which named messages by position).
    func edit() -> SessionEdit? {
        switch operation {
        case "append": return message.map(SessionEdit.append)
        case "insert": return ids["after"].flatMap { after in message.map { .insert($0, after: after) } }
        case "replace": return ids["replacing"].flatMap { old in message.map { .replace(old, with: $0) } }
        case "failed": return ids["id"].flatMap { id in failed.map { .failed(id: id, failed: $0) } }
        case "meta":
            if let meta { return .meta(meta) }
            guard !members.present.isEmpty else { return nil }
            return .meta(SessionMeta(members: members.settled(), rows: members.present))
        default: return nil
        }
    }
}
