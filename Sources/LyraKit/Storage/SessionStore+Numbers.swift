// Stable session numbers (SPEC §9): a new session gets the next number under the directory lock
// (two processes never get the same one; numbers are never reused); a listed session keeps the
// number in its file, else the sidecar's; files with neither, or whose number another (older)
// session already holds, are numbered in the sidecar without being rewritten.
import Foundation

extension SessionStore {
    /// Gives the new session `session` (to be written to `file`) the next number, unless it has one.
    /// Called under the directory lock, just before `file` is written (whose directory fsync also
    /// makes the sidecar's rename durable: one directory fsync fewer for a new session).
    /// - Throws: `StorageError` when the sidecar cannot be written.
    func giveNumber(to session: inout ChatSession, file: String) throws {
        var numbers = try currentNumbers()
        numbers.byFile[file] = nil
        if let own = session.number { numbers.reserve(upTo: own) } else { session.number = numbers.allocate() }
        try numbers.write(in: directory, syncingDirectory: false)
    }

    /// The sidecar, rebuilt from the numbers in the session files when it is missing (under the lock).
    private func currentNumbers() throws -> SessionNumberFile {
        if let numbers = SessionNumberFile.read(in: directory) { return numbers }
        var numbers = SessionNumberFile()
        for entry in try scanned(locked: true).entries { numbers.reserve(upTo: entry.summary?.number ?? 0) }
        return numbers
    }

    /// `entries` (in the same order) with every session's number set; numbers missing or held twice
    /// are given now (and the sidecar written) under the lock.
    func numbered(_ entries: [SessionIndexEntry]) throws -> [SessionIndexEntry] {
        guard entries.contains(where: { $0.summary != nil }) else { return entries }
        if let numbers = SessionNumberFile.read(in: directory),
           let done = Self.assign(entries, numbers, allocating: false) {
            return done.entries
        }
        return try withDirectoryLock {
            var numbers = SessionNumberFile.read(in: directory) ?? SessionNumberFile()
            let files = Set(entries.map(\.file))
            numbers.byFile = numbers.byFile.filter { files.contains($0.key) }
            guard let done = Self.assign(entries, numbers, allocating: true) else { return entries }
            try done.numbers.write(in: directory)
            return done.entries
        }
    }

    /// Assigns numbers oldest session first: the sidecar's for the file, else the file's own, unless
    /// an older session holds it. Nil when something is missing and `allocating` is false.
    private static func assign(_ entries: [SessionIndexEntry], _ start: SessionNumberFile, allocating: Bool)
        -> (entries: [SessionIndexEntry], numbers: SessionNumberFile)? {
        var numbers = start
        var result = entries
        var used = Set<Int>()
        for index in oldestFirst(entries) {
            guard var summary = result[index].summary else { continue }
            let file = result[index].file
            let candidate = numbers.byFile[file] ?? (SessionNumberFile.isValid(summary.number) ? summary.number : nil)
            if let candidate, !used.contains(candidate) {
                summary.number = candidate
                if candidate >= numbers.next { guard allocating else { return nil } }
            } else {
                guard allocating else { return nil }
                var fresh = numbers.allocate()
                while used.contains(fresh) { fresh = numbers.allocate() }
                summary.number = fresh
                numbers.byFile[file] = fresh
            }
            numbers.reserve(upTo: summary.number)
            used.insert(summary.number)
            result[index].summary = summary
        }
        return (result, numbers)
    }

    /// The positions of the sessions among `entries`, oldest first (ties by file name).
    private static func oldestFirst(_ entries: [SessionIndexEntry]) -> [Int] {
        var keys: [(created: Double, index: Int)] = []
        keys.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let summary = entry.summary { keys.append((summary.createdAt.timeIntervalSinceReferenceDate, index)) }
        }
        keys.sort { lhs, rhs in
            lhs.created != rhs.created ? lhs.created < rhs.created : entries[lhs.index].file < entries[rhs.index].file
        }
        return keys.map(\.index)
    }
}
