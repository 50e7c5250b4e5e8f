// Small state files as JSON: encode with sorted keys, create the directory, write atomically (0600).
import Foundation

extension AtomicFile {
    /// Writes `value` as JSON (sorted keys, a final newline) to `url`, creating its directory.
    /// - Parameter what: names the content in the error, e.g. `the video list`.
    /// - Throws: `StorageError`.
    public static func writeJSON<Value: Encodable>(_ value: Value, to url: URL, what: String,
                                                   pretty: Bool = false) throws {
        try XDGDirectories.ensureDirectory(url.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw StorageError.malformedFile(path: url.path, reason: "cannot encode \(what)")
        }
        try write(data + Data("\n".utf8), to: url, mode: 0o600)
    }
}
