// Lists of stored objects (a message's `attachments`): a JSON array (StoredValue+Array.swift) whose
// elements go through their own field table, left out of the file while empty.
import Foundation

extension StoredMember {
    /// A list of stored objects, written only when it has elements (also when empty in a complete
    /// object); absent or `null`, empty.
    static func list<T: StoredObject>(_ key: String, _ get: @escaping Getter<[T]>,
                                      _ set: @escaping Setter<[T]>) -> StoredMember {
        let read: ValueReader<[T]?> = { reader, place throws(JSONScanFailure) in try [T].read(from: &reader, at: place) }
        return StoredMember(key, get, set, read: read, write: { value, object, output in
            let list = get(value)
            if !list.isEmpty || object.isComplete { object.member(key, list, into: &output) }
        })
    }
}
