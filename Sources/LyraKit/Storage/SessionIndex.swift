// The listing cache `<sessions>/.index.json`: per session file its stamp and summary, so listing
// 10,000 sessions decodes no message. Only a cache: rebuilt per file whenever a stamp differs.
import Foundation

/// One file's cached summary (or the reason it could not be read).
struct SessionIndexEntry: Codable, Equatable, Sendable {
    /// The file's name in the sessions directory.
    var file: String
    /// The stamp the summary was computed from.
    var stamp: SessionFileStamp
    /// The session's id.
    var id: String
    /// Its title.
    var title: String
    /// Its message count.
    var messages: Int
    /// Creation time, milliseconds since 1970.
    var createdAt: Int64
    /// Last update, milliseconds since 1970.
    var updatedAt: Int64
    /// Why the file is not a valid session; nil when it is.
    var problem: String?

    /// The entry for a readable session.
    init(file: String, stamp: SessionFileStamp, summary: SessionSummary) {
        self.file = file
        self.stamp = stamp
        id = summary.id
        title = summary.title
        messages = summary.messageCount
        createdAt = Int64((summary.createdAt.timeIntervalSince1970 * 1000).rounded())
        updatedAt = Int64((summary.updatedAt.timeIntervalSince1970 * 1000).rounded())
        problem = nil
    }

    /// The entry for a damaged file.
    init(file: String, stamp: SessionFileStamp, problem: String) {
        self.file = file
        self.stamp = stamp
        id = ""
        title = ""
        messages = 0
        createdAt = 0
        updatedAt = 0
        self.problem = problem
    }

    /// The summary this entry caches.
    var summary: SessionSummary {
        SessionSummary(id: id, title: title, messageCount: messages,
                       createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1000),
                       updatedAt: Date(timeIntervalSince1970: Double(updatedAt) / 1000), fileName: file)
    }
}

/// Reads and writes the index file.
enum SessionIndex {
    /// The index file's name inside the sessions directory.
    static let fileName = ".index.json"
    /// The format version; an index of another version is ignored (and rebuilt).
    static let version = 1

    private struct Document: Codable {
        var version: Int
        var entries: [SessionIndexEntry]
    }

    /// The cached entries by file name; empty when the index is missing, unreadable or of another version.
    static func read(in directory: URL) -> [String: SessionIndexEntry] {
        let url = directory.appending(path: fileName)
        guard let data = try? AtomicFile.readIfPresent(url),
              let document = try? JSONDecoder().decode(Document.self, from: data),
              document.version == version else { return [:] }
        var entries: [String: SessionIndexEntry] = [:]
        entries.reserveCapacity(document.entries.count)
        for entry in document.entries { entries[entry.file] = entry }
        return entries
    }

    /// Replaces the index atomically. Failures are ignored: the index is only a cache.
    static func write(_ entries: [SessionIndexEntry], in directory: URL) {
        let document = Document(version: version, entries: entries.sorted { $0.file < $1.file })
        guard let data = try? JSONEncoder().encode(document) else { return }
        try? AtomicFile.write(data, to: directory.appending(path: fileName), mode: 0o600)
    }
}
