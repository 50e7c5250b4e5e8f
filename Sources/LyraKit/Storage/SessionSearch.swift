// `/sessions search TEXT`: the sessions whose messages contain TEXT (ignoring case), most recent
// first. Damaged files are skipped. For an ASCII text the raw bytes of each file are scanned first
// (SessionTextFilter) and a file that can match is decoded only up to its first matching message;
// the match itself is always Foundation's case-insensitive comparison on the decoded content. Each
// file is read while the directory is listed (its open's `fstat` checks the listing's index entry),
// so a search makes no system call a file beyond grep's: open, fstat, read, close.
import Foundation

/// Finds sessions by what was said in them.
public enum SessionSearch {
    /// Characters of context kept before the match.
    public static let contextBefore = 30
    /// Characters of context kept after the match.
    public static let contextAfter = 100

    /// The sessions in `store` with a message containing `text` (case-insensitive), in listing order.
    /// - Throws: `StorageError` when the directory cannot be read.
    public static func search(_ text: String, in store: SessionStore) async throws -> [SessionSearchHit] {
        guard !text.isEmpty else { return [] }
        return try await store.searchHits(for: text)
    }

    /// `content` cut to a window around `range` and put on one line, with `…` where it was cut.
    public static func excerpt(of content: String, around range: Range<String.Index>) -> String {
        let start = content.index(range.lowerBound, offsetBy: -contextBefore, limitedBy: content.startIndex)
            ?? content.startIndex
        let end = content.index(range.upperBound, offsetBy: contextAfter, limitedBy: content.endIndex)
            ?? content.endIndex
        var line = ChatSession.singleLine(String(content[start..<end]))
        if start > content.startIndex { line = "…" + line }
        if end < content.endIndex { line += "…" }
        return line
    }
}

extension SessionStore {
    /// The listed sessions with a message containing `text` (case-insensitive; `/undo`-removed
    /// messages left out), in listing order, each with a line around its first match; damaged files
    /// are left out. One call for the whole search, on the store's queue: each file is opened by its
    /// name while the directory is read, and the `fstat` of that open gives the stamp the listing
    /// needs (no `fstatat` of its own); a file with a journal is read whole once the scan is done.
    /// - Throws: `StorageError` when the directory cannot be read.
    func searchHits(for text: String) throws -> [SessionSearchHit] {
        let filter = SessionTextFilter(text)
        // Where the message last tried matches (set by `matches`, read for the message it accepted).
        var range: Range<String.Index>?
        let matches = { (message: ChatMessage) -> Bool in
            // A message taken back with `/undo` is no longer part of the conversation.
            if message.removed { return false }
            if let filter {
                range = filter.firstRange(in: message.content)
            } else {
                range = message.content.range(of: text, options: [.caseInsensitive])
            }
            return range != nil
        }
        // The first matching message of each file that has one: who wrote it and a line around the match.
        var found: [String: (role: ChatRole, excerpt: String)] = [:]
        func note(_ message: ChatMessage?, of file: String) {
            guard let message, let range else { return }
            found[file] = (message.role, SessionSearch.excerpt(of: message.content, around: range))
        }
        // The buffer every file's first bytes are read into (one allocation for the whole search).
        var head = [UInt8](repeating: 0, count: Self.searchHeadBytes)
        let scan = try numberedScan { name, directory in
            guard let opened = try? PosixFile.openingRegularFileWithStatus(name, in: directory) else {
                return SessionDirectoryScanner.stamp(of: name, in: directory)
            }
            defer { opened.file.closeFile() }
            note(try? Self.firstMessage(in: opened.file, size: Int(opened.status.st_size), head: &head, filter: filter,
                                        where: matches),
                 of: name)
            return SessionFileStamp(opened.status)
        }
        for file in scan.journaled {
            found[file] = nil
            note(try? firstMessage(inJournaled: file, filter: filter, where: matches), of: file)
        }
        let sessions = listing(from: scan.entries).sessions
        var hits: [SessionSearchHit] = []
        hits.reserveCapacity(found.count)
        for summary in sessions {
            guard let hit = found[summary.fileName] else { continue }
            // The stable number `/sessions` shows for this session (not its place in the list).
            hits.append(SessionSearchHit(number: summary.number, session: summary, role: hit.role, excerpt: hit.excerpt))
        }
        return hits
    }

    /// The first message of the session in `file`, which has a journal (its edits may change any
    /// message), that `matches`: the session is read whole, after `filter` has seen both files.
    private func firstMessage(inJournaled file: String, filter: SessionTextFilter?,
                              where matches: (ChatMessage) -> Bool) throws -> ChatMessage? {
        if let filter, !Self.bytes(of: path(of: file), pass: filter), !Self.bytes(of: journalPath(for: file), pass: filter) {
            return nil
        }
        return try readSession(file)?.messages.first(where: matches)
    }

    /// The first message of the session file `opened` (of `size` bytes) that `matches`: its bytes
    /// are read once (the first into `head`), ruled out by `filter` or decoded up to that message.
    private static func firstMessage(in opened: PosixFile, size: Int, head: inout [UInt8], filter: SessionTextFilter?,
                                     where matches: (ChatMessage) -> Bool) throws -> ChatMessage? {
        // A word said in most sessions is found in the first messages: the file's head is tried
        // alone first, and the rest is read only when no whole message in the head matches (a
        // message cut by the head's end throws, and the whole file decides; the filter looks only
        // at what the head did not rule out). A file no longer than the head is decided by it.
        let got = try opened.readSome(into: &head)
        var cleared = 0
        if got == head.count || got == size {
            let mayMatch = head.withUnsafeBytes { raw in filter?.mayMatch(UnsafeRawBufferPointer(rebasing: raw[..<got])) ?? true }
            if got < head.count { return mayMatch ? firstMessage(in: head[..<got], filter: nil, where: matches) : nil }
            if !mayMatch {
                cleared = got
            } else if let message = firstMessage(in: head[...], filter: nil, where: matches) {
                return message
            }
        }
        guard let bytes = try opened.readBytes(limit: SessionFileLimits.maximumFileBytes, after: head[..<got], size: size)
        else { return nil }
        return firstMessage(in: bytes[...], filter: filter, cleared: cleared, where: matches)
    }

    /// The bytes of a session file read first by a search.
    static let searchHeadBytes = 4096

    /// The first message in `bytes` (a session file or its head) that `matches`; nil when none or
    /// when `bytes` are not whole up to it. `cleared`: how many first bytes `filter` has ruled out.
    private static func firstMessage(in bytes: ArraySlice<UInt8>, filter: SessionTextFilter?, cleared: Int = 0,
                                     where matches: (ChatMessage) -> Bool) -> ChatMessage? {
        bytes.withUnsafeBytes { raw -> ChatMessage? in
            if let filter, !filter.mayMatch(raw, cleared: cleared) { return nil }
            do throws(JSONScanFailure) { return try SessionFileReader.firstMessage(in: raw, where: matches) } catch { return nil }
        }
    }

    /// Whether the file at `path` may hold the filter's text (true when it cannot be read: the full read decides).
    private static func bytes(of path: String, pass filter: SessionTextFilter) -> Bool {
        guard let opened = try? PosixFile.openingRegularFile(path) else { return true }
        defer { opened.closeFile() }
        guard let bytes = try? opened.readBytes(limit: SessionFileLimits.maximumFileBytes) else { return true }
        return bytes.withUnsafeBytes { filter.mayMatch($0) }
    }
}
