// Turning index entries into a listing: readable sessions (most recent first), damaged files, and
// the rule for copies — of several files with one id, `<id>.json` wins (else the first name in
// byte order); the others are listed as duplicates and never used or written. Files named after
// their own id cannot share it with each other, so only ids of other files are looked up.
import Foundation

extension SessionStore {
    /// The listing of `entries`; remembers which file holds each id whose file is not `<id>.json`.
    /// The summaries are moved out of `entries` into their listing order (no copies).
    func listing(from entries: consuming [SessionIndexEntry]) -> SessionListing {
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
        listed.reserveCapacity(entries.count)
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
        var sessions: [SessionSummary] = []
        sessions.reserveCapacity(listed.count)
        for index in Self.mostRecentFirst(listed, in: entries) {
            if let summary = entries[index].summary.take() { sessions.append(summary) }
        }
        return SessionListing(sessions: sessions, problems: problems)
    }

    /// Whether `file` is `<id>.json` (compared as bytes).
    static func isOwnFile(_ file: String, of id: String) -> Bool {
        let contiguous = file.utf8.withContiguousStorageIfAvailable { name in
            id.utf8.withContiguousStorageIfAvailable { stem in
                name.count == stem.count + 5 && name.prefix(stem.count).elementsEqual(stem)
                    && name.suffix(5).elementsEqual(".json".utf8)
            }
        }
        if let contiguous = contiguous ?? nil { return contiguous }
        return file.utf8.elementsEqual((id + ".json").utf8)
    }

    /// The positions `listed` in listing order (``SessionSummary/isListedBefore(_:_:)``), sorting plain keys.
    private static func mostRecentFirst(_ listed: [Int], in entries: [SessionIndexEntry]) -> [Int] {
        var keys: [(updated: Double, created: Double, index: Int)] = []
        keys.reserveCapacity(listed.count)
        for index in listed {
            guard let updated = entries[index].summary?.updatedAt, let created = entries[index].summary?.createdAt
            else { continue }
            keys.append((updated.timeIntervalSinceReferenceDate, created.timeIntervalSinceReferenceDate, index))
        }
        keys.sort { lhs, rhs in
            if lhs.updated != rhs.updated { return lhs.updated > rhs.updated }
            if lhs.created != rhs.created { return lhs.created > rhs.created }
            return (entries[lhs.index].summary?.id ?? "") < (entries[rhs.index].summary?.id ?? "")
        }
        return keys.map(\.index)
    }

    /// The file that holds `id` when several do: `<id>.json`, else the first file name.
    private static func winner(among holders: [SessionIndexEntry], id: String) -> SessionIndexEntry {
        if holders.count == 1 { return holders[0] }
        if let own = holders.first(where: { isOwnFile($0.file, of: id) }) { return own }
        return holders.min { Array($0.file.utf8).lexicographicallyPrecedes(Array($1.file.utf8)) } ?? holders[0]
    }
}
