// One line of a session journal (docs/JOURNAL.md): the stamp of the session file it applies to and
// the edits of one save, written as one compact JSON object ending with `\n`, so a save is atomic.
import Foundation

/// The edits of one save and the file they apply to.
struct SessionJournalLine: Equatable, Sendable {
    /// The stamp of `<id>.json` when the line was written; a line with another stamp is stale.
    var base: SessionFileStamp
    /// The edits, applied in order.
    var edits: [SessionEdit]

    /// The line's bytes: `{"base":[INODE,SIZE,MTIME_NS],"edits":[…]}` and `\n`.
    func bytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256 + edits.reduce(0) { $0 + ($1.message?.content.utf8.count ?? 0) })
        output.append(contentsOf: "{\"base\":[\(base.inode),\(base.size),\(base.modified)],\"edits\":[".utf8)
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
        case .insert(let index, let message):
            placed("insert", index: index, message: message, object: &object, into: &output)
        case .set(let index, let message):
            placed("set", index: index, message: message, object: &object, into: &output)
        case .failed(let index, let failed):
            object.string("op", "failed", into: &output)
            object.integer("index", index, into: &output)
            object.boolean("failed", failed, into: &output)
        case .meta(let meta):
            object.string("op", "meta", into: &output)
            object.key("session", into: &output)
            SessionFileWriter.writeMembers(of: meta.members, rows: meta.rows, into: &output)
        }
        object.close(into: &output)
    }

    /// The members of an edit at a position: `op`, `index`, `message`.
    private static func placed(_ operation: String, index: Int, message: ChatMessage, object: inout ObjectWriter,
                               into output: inout [UInt8]) {
        object.string("op", operation, into: &output)
        object.integer("index", index, into: &output)
        object.key("message", into: &output)
        SessionFileWriter.write(message, compact: true, into: &output)
    }
}
