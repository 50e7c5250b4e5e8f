// Writes the members of one JSON object into a caller's buffer, pretty-printed (session files) or
// compact (journal lines); a stored object's members go through its field table (`members(of:)`).
import Foundation

/// Writes the members of one JSON object: pretty-printed, one per line, or compact (no indent: one
/// line without spaces, for the session journal).
struct ObjectWriter {
    private let indent: Int?
    /// Whether every member of a field table is written, unset ones as `null` (and flags as
    /// `false`), so that applying the object read back sets them all (a journal's members object).
    let isComplete: Bool
    private var isEmpty = true

    /// Starts an object (its `{`) at the end of `output`; its members go at `indent` levels (nil:
    /// compact); `complete`: see ``isComplete``.
    init(indent: Int?, complete: Bool = false, into output: inout [UInt8]) {
        self.indent = indent
        self.isComplete = complete
        output.append(UInt8(ascii: "{"))
    }

    /// Starts a member: separator, newline, indent, `"key": `; the caller writes the value.
    mutating func key(_ key: String, into output: inout [UInt8]) {
        defer { isEmpty = false }
        guard let indent else {
            if !isEmpty { output.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            return
        }
        output.append(contentsOf: (isEmpty ? "\n" : ",\n").utf8)
        JSONText.appendIndent(indent, to: &output)
        JSONText.appendString(key, to: &output)
        output.append(contentsOf: ": ".utf8)
    }

    /// A member holding a stored value (a nested object's members one level deeper).
    mutating func member(_ key: String, _ value: some StoredValue, into output: inout [UInt8]) {
        self.key(key, into: &output)
        value.write(into: &output, indent: indent.map { $0 + 1 })
    }

    /// The members of `value` in its field table's order (each left out or not as its row says;
    /// with `rows`, only those), then the members Lyra does not know, as they were read.
    mutating func members<Value: StoredObject>(of value: Value, rows: StoredRows? = nil, into output: inout [UInt8]) {
        let table = Value.storedMembers
        // Indexing a table held alive spares a retain of each row and its closure per object.
        withExtendedLifetime(table) {
            for row in table.members.indices where rows?.contains(row) ?? true {
                table.members[row].write?(value, &self, &output)
            }
        }
        guard let unknown = table.unknown else { return }
        for member in value[keyPath: unknown] { raw(member.key, member.json, into: &output) }
    }

    /// A string member.
    mutating func string(_ key: String, _ value: String, into output: inout [UInt8]) {
        member(key, value, into: &output)
    }

    /// An integer member.
    mutating func integer(_ key: String, _ value: Int, into output: inout [UInt8]) {
        member(key, value, into: &output)
    }

    /// A boolean member.
    mutating func boolean(_ key: String, _ value: Bool, into output: inout [UInt8]) {
        member(key, value, into: &output)
    }

    /// A member whose value is JSON text kept as it was read (a member Lyra does not know).
    /// Compact: its line breaks (whitespace between tokens; JSON strings hold none) become spaces.
    mutating func raw(_ key: String, _ json: String, into output: inout [UInt8]) {
        self.key(key, into: &output)
        guard indent == nil else { return output.append(contentsOf: json.utf8) }
        for byte in json.utf8 { output.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
    }

    /// A member whose value is `null`.
    mutating func null(_ key: String, into output: inout [UInt8]) {
        self.key(key, into: &output)
        output.append(contentsOf: "null".utf8)
    }

    /// Closes the object: `}` on its own line at the enclosing indent, or `{}` when it is empty.
    func close(into output: inout [UInt8]) {
        if !isEmpty, let indent {
            output.append(UInt8(ascii: "\n"))
            JSONText.appendIndent(indent - 1, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}
