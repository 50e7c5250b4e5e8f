// The rows of a field table (SessionFileFields.swift): for each stored member its JSON key and how
// it is read, written, defaulted and copied, so that the reader, the writer and the journal are
// driven by one description of each member instead of each spelling out its own.
import Foundation

/// One member of a stored object: its key, and how the reader, the writer and the journal treat it.
/// A class, so that going through a table's rows for each object does not copy their closures.
final class StoredMember<Value>: Sendable {
    /// Gives the member's value.
    typealias Getter<T> = @Sendable (Value) -> T
    /// Sets the member's value.
    typealias Setter<T> = @Sendable (inout Value, T) -> Void
    /// Reads a value at the reader's position (the closure names the place for failures).
    typealias ValueReader<T> = @Sendable (inout SessionFileReader, () -> String) throws(JSONScanFailure) -> T
    /// Writes the member into the object being written (or leaves it out).
    typealias MemberWriter = @Sendable (Value, inout ObjectWriter, inout [UInt8]) -> Void
    /// Settles the member once the whole object is read; `found`: a value was read.
    typealias Settler = @Sendable (inout Value, _ found: Bool) -> Void

    /// The JSON key.
    let key: String
    /// Reads the member's value (the scanner is at it) into the object; false when the value was
    /// `null` or unreadable, so that the member gets its default (``settle``).
    let read: @Sendable (inout SessionFileReader, inout Value, () -> String) throws(JSONScanFailure) -> Bool
    /// Writes the member (or nothing: it is left out); nil for a member its caller writes itself
    /// (a session's `messages`, written last and in pieces), which is no part of a members object.
    let write: MemberWriter?
    /// Gives a missing member its default once the whole object is read (a default may depend on
    /// other members); nil when the table's blank value already holds it.
    let settle: Settler?
    /// Sets the member of the second object to the first one's (applying a journal's members).
    let copy: @Sendable (Value, inout Value) -> Void

    /// A member that `get` and `set` reach; `read` gives its value, or nil when it gets its default.
    init<T>(_ key: String, _ get: @escaping Getter<T>, _ set: @escaping Setter<T>, read: @escaping ValueReader<T?>,
            write: MemberWriter?, settle: Settler? = nil) {
        self.key = key
        self.read = { reader, value, place throws(JSONScanFailure) in
            guard let member = try read(&reader, place) else { return false }
            set(&value, member)
            return true
        }
        self.write = write
        self.settle = settle
        self.copy = { source, target in set(&target, get(source)) }
    }
}

extension StoredMember {
    /// A member that is always written; absent, `null` or unreadable, it gets `fallback(object)`
    /// once the whole object is read.
    static func required<T: StoredValue>(_ key: String, _ get: @escaping Getter<T>, _ set: @escaping Setter<T>,
                                         default fallback: @escaping Getter<T>) -> StoredMember {
        always(key, get, set, default: fallback) { reader, place throws(JSONScanFailure) in
            try T.read(from: &reader, at: place)
        }
    }

    /// An id, always written as a string: like ``required(_:_:_:default:)``, but a number (in a
    /// file from another program) is read as its text.
    static func identifier(_ key: String, _ get: @escaping Getter<String>, _ set: @escaping Setter<String>,
                           default fallback: @escaping Getter<String>) -> StoredMember {
        always(key, get, set, default: fallback) { reader, place throws(JSONScanFailure) in
            try reader.optionalIdentifier(at: place())
        }
    }

    /// A member written only when it is set: nil is left out (written as `null` in a complete
    /// object, see ``ObjectWriter/isComplete``); `null` reads as nil.
    static func optional<T: StoredValue>(_ key: String, _ get: @escaping Getter<T?>,
                                         _ set: @escaping Setter<T?>) -> StoredMember {
        let read: ValueReader<T??> = { reader, place throws(JSONScanFailure) in .some(try T.read(from: &reader, at: place)) }
        return StoredMember(key, get, set, read: read, write: { value, object, output in
            if let member = get(value) {
                object.member(key, member, into: &output)
            } else if object.isComplete {
                object.null(key, into: &output)
            }
        })
    }

    /// A flag written only when true (also when false in a complete object); absent or `null`, false.
    static func flag(_ key: String, _ get: @escaping Getter<Bool>, _ set: @escaping Setter<Bool>) -> StoredMember {
        let read: ValueReader<Bool?> = { reader, place throws(JSONScanFailure) in
            try Bool.read(from: &reader, at: place) ?? false
        }
        return StoredMember(key, get, set, read: read, write: { value, object, output in
            if get(value) || object.isComplete { object.member(key, get(value), into: &output) }
        })
    }

    /// A member always written, read by `read`, given `fallback(object)` when not found.
    private static func always<T: StoredValue>(_ key: String, _ get: @escaping Getter<T>, _ set: @escaping Setter<T>,
                                               default fallback: @escaping Getter<T>,
                                               read: @escaping ValueReader<T?>) -> StoredMember {
        StoredMember(key, get, set, read: read,
                     write: { value, object, output in object.member(key, get(value), into: &output) },
                     settle: { value, found in if !found { set(&value, fallback(value)) } })
    }
}

/// The field table of one kind of stored object: its members in the order they are written.
/// A class, so that the reader and the writer share the one table instead of copying it per object.
final class StoredMembers<Value: Sendable>: Sendable {
    /// The value reading starts from, before any member is read or defaulted.
    let blank: Value
    /// How deep the object's member values are nested in a session file (for the nesting limit).
    let depth: Int
    /// Where members Lyra does not know are kept, in order (nil: they are skipped).
    let unknown: (WritableKeyPath<Value, [JSONMember]> & Sendable)?
    /// The members, in the order they are written (and their defaults settled).
    let members: [StoredMember<Value>]
    /// The rows of the members the table writes (all but those written by their caller).
    let written: StoredRows

    /// A table of `members` (at most 64).
    init(blank: Value, depth: Int, unknown: (WritableKeyPath<Value, [JSONMember]> & Sendable)?,
         members: [StoredMember<Value>]) {
        precondition(members.count <= StoredRows.capacity, "a field table has at most 64 members")
        self.blank = blank
        self.depth = depth
        self.unknown = unknown
        self.members = members
        var written = StoredRows()
        for (row, member) in members.enumerated() where member.write != nil { written.insert(row) }
        self.written = written
    }

    /// The row of `key`, trying `hint` first: members mostly come in the order they are written.
    func row(of key: String, hint: Int) -> Int? {
        if hint < members.count, members[hint].key == key { return hint }
        return members.firstIndex { $0.key == key }
    }

    /// Sets the members in `rows` of `target` to those of `source`.
    func copy(_ rows: StoredRows, from source: Value, to target: inout Value) {
        for (row, member) in members.enumerated() where rows.contains(row) { member.copy(source, &target) }
    }
}

/// A set of rows of a field table, by position.
struct StoredRows: Equatable, Sendable {
    /// The most rows a set can hold.
    static let capacity = 64
    private var bits: UInt64 = 0

    /// Whether row `row` is in the set.
    func contains(_ row: Int) -> Bool { bits & (1 << UInt64(row)) != 0 }

    /// Adds row `row`.
    mutating func insert(_ row: Int) { bits |= 1 << UInt64(row) }

    /// The rows in both sets.
    func intersection(_ other: StoredRows) -> StoredRows {
        var both = StoredRows()
        both.bits = bits & other.bits
        return both
    }

    /// Whether the set is empty.
    var isEmpty: Bool { bits == 0 }
}
