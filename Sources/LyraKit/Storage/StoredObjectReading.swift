// An object being read through its field table: its value so far and which members came, so that
// once the object ends the members missing (or `null`) get their defaults from the table.
import Foundation

/// The state of reading one stored object.
struct StoredObjectReading<Value: StoredObject> {
    /// The value so far; it starts as the table's blank value.
    var value = Value.storedMembers.blank
    /// Whether this is a session's members object (journal): members the table does not write
    /// (`messages`) are skipped, and defaults settle only for the members present.
    let membersOnly: Bool
    /// The rows whose member was present.
    var present = StoredRows()
    /// The rows whose member had a value (not `null`, not unreadable).
    var found = StoredRows()
    /// The row the next member probably has.
    var next = 0

    /// Reading a whole object (`membersOnly` false) or a session's members object.
    init(membersOnly: Bool = false) { self.membersOnly = membersOnly }

    /// The value, every row settled (missing members get their defaults) in table order; or, for
    /// a members object, only the rows present (a member present as `null` gets its default).
    consuming func settled() -> Value {
        let table = Value.storedMembers
        withExtendedLifetime(table) {
            for row in table.members.indices where !membersOnly || present.contains(row) {
                table.members[row].settle?(&value, found.contains(row))
            }
        }
        return value
    }
}
