// Turning index entries into a listing: readable sessions (most recent first), damaged files, and
// the rule for copies — of several files with one id, `<id>.json` wins (else the first name in
// byte order); the others are listed as duplicates and never used or written.
import Foundation

extension SessionStore {
    /// The listing of `entries`; remembers which file holds each id whose file is not `<id>.json`.
    func listing(from entries: [SessionIndexEntry]) -> SessionListing {
        var byID: [String: [SessionIndexEntry]] = [:]
        var problems: [SessionError] = []
        for entry in entries {
            if let summary = entry.summary {
                byID[summary.id, default: []].append(entry)
            } else {
                problems.append(.damagedFile(path: path(of: entry.file), reason: entry.problem ?? "unreadable"))
            }
        }
        var sessions: [SessionSummary] = []
        sessions.reserveCapacity(entries.count)
        for (id, holders) in byID {
            let winner = Self.winner(among: holders, id: id)
            guard let summary = winner.summary else { continue }
            sessions.append(summary)
            if winner.file != id + ".json" { rememberFile(winner.file, for: id) }
            for other in holders where other.file != winner.file {
                problems.append(.duplicateID(path: path(of: other.file), id: id, original: winner.file))
            }
        }
        let order = sessions.indices.sorted { SessionSummary.isListedBefore(sessions[$0], sessions[$1]) }
        sessions = order.map { sessions[$0] }
        problems.sort { ($0.errorDescription ?? "") < ($1.errorDescription ?? "") }
        return SessionListing(sessions: sessions, problems: problems)
    }

    /// The file that holds `id` when several do: `<id>.json`, else the first file name.
    private static func winner(among holders: [SessionIndexEntry], id: String) -> SessionIndexEntry {
        if holders.count == 1 { return holders[0] }
        if let own = holders.first(where: { $0.file == id + ".json" }) { return own }
        return holders.min { Array($0.file.utf8).lexicographicallyPrecedes(Array($1.file.utf8)) } ?? holders[0]
    }

    private nonisolated func path(of file: String) -> String {
        directory.appending(path: file).path
    }
}
