// Turning index entries into a listing: readable sessions (most recent first), damaged files, and
// the rule for copies — of several files with one id, `<id>.json` wins (else the first name in
// byte order); the others are listed as duplicates and never used or written. Files named after
// their own id cannot share it with each other, so only ids of other files are looked up.
import Foundation

extension SessionStore {
    /// The listing of `entries`; remembers which file holds each id whose file is not `<id>.json`.
    func listing(from entries: [SessionIndexEntry]) -> SessionListing {
        var problems: [SessionError] = []
        var foreignIDs = Set<String>()
        for index in entries.indices {
            if let id = entries[index].summary?.id {
                if !Self.isOwnFile(entries[index].file, of: id) { foreignIDs.insert(id) }
            } else {
                problems.append(.damagedFile(path: path(of: entries[index].file),
                                             reason: entries[index].problem ?? "unreadable"))
            }
        }
        var listed: [Int] = []
        var shared: [String: [Int]] = [:]
        for index in entries.indices where entries[index].summary != nil {
            if let id = foreignIDs.isEmpty ? nil : entries[index].summary?.id, foreignIDs.contains(id) {
                shared[id, default: []].append(index)
            } else {
                listed.append(index)
            }
        }
        for (id, holders) in shared {
            let winner = Self.winner(among: holders.map { entries[$0] }, id: id)
            guard let position = holders.first(where: { entries[$0].file == winner.file }) else { continue }
            listed.append(position)
            if !Self.isOwnFile(winner.file, of: id) { rememberFile(winner.file, for: id) }
            for other in holders where entries[other].file != winner.file {
                problems.append(.duplicateID(path: path(of: entries[other].file), id: id, original: winner.file))
            }
        }
        problems.sort { ($0.errorDescription ?? "") < ($1.errorDescription ?? "") }
        // Most recently updated first; ties by creation, then id, so the order is stable.
        let sessions = listed.compactMap { entries[$0].summary }.sorted { lhs, rhs in
            if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
            if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
            return lhs.id < rhs.id
        }
        return SessionListing(sessions: sessions, problems: problems)
    }

    /// Whether `file` is `<id>.json` (compared as bytes).
    static func isOwnFile(_ file: String, of id: String) -> Bool {
        file.utf8.elementsEqual((id + ".json").utf8)
    }

    /// The file that holds `id` when several do: `<id>.json`, else the first file name.
    private static func winner(among holders: [SessionIndexEntry], id: String) -> SessionIndexEntry {
        if holders.count == 1 { return holders[0] }
        if let own = holders.first(where: { isOwnFile($0.file, of: id) }) { return own }
        return holders.min { Array($0.file.utf8).lexicographicallyPrecedes(Array($1.file.utf8)) } ?? holders[0]
    }
}
