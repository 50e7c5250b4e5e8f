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
        for entry in entries {
            if let summary = entry.summary {
                if !Self.isOwnFile(entry.file, of: summary.id) { foreignIDs.insert(summary.id) }
            } else {
                problems.append(.damagedFile(path: path(of: entry.file), reason: entry.problem ?? "unreadable"))
            }
        }
        var sessions: [SessionSummary] = []
        sessions.reserveCapacity(entries.count)
        var shared: [String: [SessionIndexEntry]] = [:]
        for entry in entries {
            guard let summary = entry.summary else { continue }
            if !foreignIDs.isEmpty && foreignIDs.contains(summary.id) {
                shared[summary.id, default: []].append(entry)
            } else {
                sessions.append(summary)
            }
        }
        for (id, holders) in shared {
            let winner = Self.winner(among: holders, id: id)
            guard let summary = winner.summary else { continue }
            sessions.append(summary)
            if !Self.isOwnFile(winner.file, of: id) { rememberFile(winner.file, for: id) }
            for other in holders where other.file != winner.file {
                problems.append(.duplicateID(path: path(of: other.file), id: id, original: winner.file))
            }
        }
        problems.sort { ($0.errorDescription ?? "") < ($1.errorDescription ?? "") }
        return SessionListing(sessions: Self.mostRecentFirst(sessions), problems: problems)
    }

    /// Whether `file` is `<id>.json`.
    static func isOwnFile(_ file: String, of id: String) -> Bool {
        let name = file.utf8
        let stem = id.utf8
        return name.count == stem.count + 5 && name.starts(with: stem) && name.reversed().starts(with: "nosj.".utf8)
    }

    /// `sessions` in listing order (``SessionSummary/isListedBefore(_:_:)``), sorting plain keys.
    private static func mostRecentFirst(_ sessions: [SessionSummary]) -> [SessionSummary] {
        var keys: [(updated: Double, created: Double, index: Int)] = []
        keys.reserveCapacity(sessions.count)
        for (index, session) in sessions.enumerated() {
            keys.append((session.updatedAt.timeIntervalSinceReferenceDate, session.createdAt.timeIntervalSinceReferenceDate, index))
        }
        keys.sort { lhs, rhs in
            if lhs.updated != rhs.updated { return lhs.updated > rhs.updated }
            if lhs.created != rhs.created { return lhs.created > rhs.created }
            return sessions[lhs.index].id < sessions[rhs.index].id
        }
        return keys.map { sessions[$0.index] }
    }

    /// The file that holds `id` when several do: `<id>.json`, else the first file name.
    private static func winner(among holders: [SessionIndexEntry], id: String) -> SessionIndexEntry {
        if holders.count == 1 { return holders[0] }
        if let own = holders.first(where: { isOwnFile($0.file, of: id) }) { return own }
        return holders.min { Array($0.file.utf8).lexicographicallyPrecedes(Array($1.file.utf8)) } ?? holders[0]
    }

    private nonisolated func path(of file: String) -> String {
        directory.appending(path: file).path
    }
}
