// The listing's session numbers cached in the index (issue 17): while no session file changed and
// the numbers sidecar is the very file the index recorded (same stamp), its 100,000 lines are not
// read again; any change gives the numbers anew and rewrites the index with the sidecar's stamp.
import Foundation

extension SessionStore {
    /// Every entry with the number it is listed under (``numbered(_:)``), from the index while
    /// nothing it was computed from has changed.
    /// - Throws: `StorageError` when the directory cannot be read or the sidecar cannot be written.
    func numberedEntries() throws -> [SessionIndexEntry] {
        let scan = try scanned(locked: false)
        var entries = scan.entries
        if !scan.changed, let recorded = scan.numbersStamp, recorded == SessionNumberFile.stamp(in: directory) {
            for index in entries.indices {
                let listed = entries[index].listed
                if listed > 0 { entries[index].summary?.number = listed }
            }
            return entries
        }
        let result = try numbered(entries)
        guard scan.changed || (result.numbersStamp != nil && result.numbersStamp != scan.numbersStamp) else {
            return result.entries
        }
        for index in entries.indices {
            entries[index].listed = result.entries[index].summary?.number ?? 0
        }
        writeIndex(entries, numbersStamp: result.numbersStamp)
        return result.entries
    }
}
