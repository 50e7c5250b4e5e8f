// The anonymous user id: a UUID made on first need and kept in `<state>/lyra/user-id`,
// so every run (and every process) sends the same id.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads, or creates once, the stored user id.
struct UserIDFile {
    /// The state directories.
    let directories: XDGDirectories

    /// The stored id; when there is none, a new lowercase UUID is stored (0600) and returned.
    /// Two processes starting together agree on one id: the file is created exclusively.
    func userID() throws -> String {
        let url = directories.userIDFile
        if let existing = try read(url) { return existing }
        try directories.ensure(directories.stateDirectory)
        let fresh = UUID().uuidString.lowercased()
        let path = url.standardizedFileURL.path
        do {
            let file = try PosixFile.opening(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
            defer { file.closeFile() }
            try file.writeAll(Data((fresh + "\n").utf8))
            try file.sync()
            return fresh
        } catch StorageError.fileSystem {
            if let winner = try read(url) { return winner }
            try AtomicFile.write(Data((fresh + "\n").utf8), to: url)
            return fresh
        }
    }

    private func read(_ url: URL) throws -> String? {
        guard let data = try AtomicFile.readIfPresent(url) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= 200, !text.contains(where: \.isNewline) else { return nil }
        return text
    }
}
