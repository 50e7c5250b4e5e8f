// Reading and writing one session file: decode with a short reason on failure (a damaged file is
// reported, never rewritten), encode in the documented field order, write through `AtomicFile`.
import Foundation

/// Turns session files into `ChatSession`s and back.
enum SessionFileCodec {
    /// The session in `fileName` inside `directory`, or nil when there is no such file.
    /// An empty id in the file is filled in from the file name.
    /// - Throws: `SessionError.damagedFile` naming the file, or `StorageError` when it cannot be read.
    static func read(_ fileName: String, in directory: URL) throws -> ChatSession? {
        try readStamped(fileName, in: directory)?.session
    }

    /// The session in `fileName` and the stamp of the file it was read from, or nil when there is
    /// no such file. The stamp is nil when the file changed while it was being read.
    /// - Throws: `SessionError.damagedFile` naming the file, or `StorageError` when it cannot be read.
    static func readStamped(_ fileName: String, in directory: URL)
        throws -> (session: ChatSession, stamp: SessionFileStamp?)? {
        let path = directory.appending(path: fileName).path
        let opened: PosixFile?
        do { opened = try PosixFile.openingRegularFile(path) } catch .malformedFile(_, let reason) {
            throw SessionError.damagedFile(path: path, reason: reason)
        }
        guard let file = opened else { return nil }
        defer { file.closeFile() }
        let before = try file.status()
        // One buffer sized from fstat, decoded in place (no copy of a large file); nil past the limit.
        guard let data = try file.readBytes(limit: SessionFileLimits.maximumFileBytes) else {
            throw SessionError.damagedFile(path: path, reason: "larger than \(SessionFileLimits.maximumFileBytes >> 20) MiB")
        }
        let stamp = SessionFileStamp(before)
        let session = try decode(data, fileName: fileName, path: path)
        return (session, stamp == SessionFileStamp(try file.status()) ? stamp : nil)
    }

    /// Decodes a session file's bytes.
    /// - Throws: `SessionError.damagedFile`.
    static func decode(_ data: some ContiguousBytes, fileName: String, path: String) throws -> ChatSession {
        var session: ChatSession
        do throws(JSONScanFailure) {
            session = try SessionFileReader.session(from: data)
        } catch {
            throw SessionError.damagedFile(path: path, reason: error.reason)
        }
        if session.id.isEmpty { session.id = String(fileName.dropLast(".json".count)) }
        return session
    }

    /// Writes `session` to `fileName` in `directory` atomically (temp file, fsync, rename, directory fsync), mode 0600.
    /// - Throws: `SessionError.tooLarge` (nothing written) or `StorageError`.
    static func write(_ session: ChatSession, to fileName: String, in directory: URL) throws {
        try SessionFileLimits.checkMessages(of: session)
        var written = 0
        // Written in 64 KiB pieces: a large session's text is never held whole, and the piece itself
        // adds little to a long turn's peak memory (issue 34: 1 MiB pieces grew to 2 MiB at the fold).
        try AtomicFile.write(to: directory.appending(path: fileName), mode: 0o600) { file in
            try SessionFileWriter.write(session, pieceSize: 64 << 10) { piece in
                written += piece.count
                try SessionFileLimits.checkFileSize(written)
                try file.writeAll(piece)
            }
        }
    }
}
