// The last videos this user started, kept in `<state>/lyra/videos.json` (atomic, 0600) so that a
// generation interrupted by Ctrl-C, a closed terminal or a crash can be picked up with `/video download ID`.
import Foundation

/// A small file of the most recent video ids, their template, status and saved path.
public struct VideoJournal: Sendable {
    /// One remembered video.
    public struct Entry: Codable, Sendable, Equatable {
        /// The backend's video id (already cleaned with `ServerText`).
        public var videoID: String
        /// The template's name.
        public var template: String
        /// How many photos were uploaded.
        public var photos: Int
        /// `started`, `saved`, `failed` or `cancelled`.
        public var status: String
        /// Where the video was saved, once it was.
        public var savedPath: String?
    }

    /// How many entries are kept (the oldest are dropped).
    public static let capacity = 20
    /// The journal file.
    public let fileURL: URL

    /// A journal over `<state>/lyra/videos.json`.
    public init(directories: XDGDirectories) {
        fileURL = directories.stateDirectory.appending(path: "videos.json")
    }

    /// A journal over an explicit file.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The entries, oldest first; a missing or unreadable file counts as empty.
    public func entries() -> [Entry] {
        guard let data = try? AtomicFile.readIfPresent(fileURL),
              let entries = try? JSONDecoder().decode([Entry].self, from: data) else { return [] }
        return entries
    }

    /// The entry of `videoID`, when remembered.
    public func entry(_ videoID: String) -> Entry? {
        entries().last { $0.videoID == videoID }
    }

    /// Records (or updates) the entry of `videoID`; `template` and `photos` are kept when nil.
    /// - Throws: `StorageError` when the file cannot be written.
    public func record(_ videoID: String, status: String, template: String? = nil, photos: Int? = nil,
                       savedPath: String? = nil) throws {
        var all = entries()
        var entry = all.last { $0.videoID == videoID } ?? Entry(videoID: videoID, template: "", photos: 0, status: status)
        all.removeAll { $0.videoID == videoID }
        entry.status = status
        if let template { entry.template = template }
        if let photos { entry.photos = photos }
        if let savedPath { entry.savedPath = savedPath }
        all.append(entry)
        try save(Array(all.suffix(Self.capacity)))
    }

    private func save(_ entries: [Entry]) throws {
        try AtomicFile.writeJSON(entries, to: fileURL, what: "the video list", pretty: true)
    }
}
