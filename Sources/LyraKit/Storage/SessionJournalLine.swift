// One line of a session journal (docs/JOURNAL.md): the edits of one save, written as one compact JSON
// object ending with `\n`, so a save is atomic. A line applies to whatever session file is there:
// its edits name messages by id, so it never goes stale.
import Foundation

/// The edits of one save.
struct SessionJournalLine: Equatable, Sendable {
    /// The edits, applied in order.
    var edits: [SessionEdit]

    /// The line's bytes: `{"edits":[…]}` and `\n`.
    func bytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256 + edits.reduce(0) { $0 + ($1.message?.content.utf8.count ?? 0) })
        output.append(contentsOf: "{\"edits\":[".utf8)
        for (position, edit) in edits.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            Self.write(edit, into: &output)
        }
        output.append(contentsOf: "]}\n".utf8)
        return output
    }

    /// One edit as a compact object with its `op` first.
    private static func write(_ edit: SessionEdit, into output: inout [UInt8]) {
        var object = ObjectWriter(indent: nil, into: &output)
        switch edit {
        case .append(let message):
            object.string("op", "append", into: &output)
            object.key("message", into: &output)
            SessionFileWriter.write(message, compact: true, into: &output)
        case .insert(let message, let after):
            placed("insert", "after", after, message: message, object: &object, into: &output)
        case .replace(let old, let message):
            placed("replace", "replacing", old, message: message, object: &object, into: &output)
        case .failed(let id, let failed):
            object.string("op", "failed", into: &output)
            object.string("id", id, into: &output)
            object.boolean("failed", failed, into: &output)
        case .meta(let meta):
            object.string("op", "meta", into: &output)
            object.key("session", into: &output)
            SessionFileWriter.writeMembers(of: meta.members, rows: meta.rows, into: &output)
        }
        object.close(into: &output)
    }

    /// The members of an edit placed relative to another message: `op`, the other message's id, `message`.
    private static func placed(_ operation: String, _ key: String, _ id: String, message: ChatMessage,
                               object: inout ObjectWriter, into output: inout [UInt8]) {
        object.string("op", operation, into: &output)
        object.string(key, id, into: &output)
        object.key("message", into: &output)
        SessionFileWriter.write(message, compact: true, into: &output)
    }
}
