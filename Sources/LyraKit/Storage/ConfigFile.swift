// config.json: a flat JSON object of user settings in `<config>/lyra/`, written atomically.
import Foundation

/// Reads and writes `config.json`.
public struct ConfigFile: Sendable {
    /// The file.
    public let fileURL: URL

    /// The config file of `directories`.
    public init(directories: XDGDirectories) {
        fileURL = directories.configFile
    }

    /// A config file at an explicit location.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// All values in the file; a missing or blank file is empty. JSON `null` values are skipped.
    /// - Throws: `StorageError.malformedFile` naming the path (and the key, when one is at fault).
    public func read() throws -> [String: ConfigValue] {
        guard let data = try AtomicFile.readIfPresent(fileURL) else { return [:] }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return [:] }
        do {
            return try JSONDecoder().decode([String: ConfigValue?].self, from: data).compactMapValues { $0 }
        } catch let DecodingError.typeMismatch(_, context) {
            throw malformed(context, fallback: "expected a JSON object of strings, numbers and booleans")
        } catch let DecodingError.dataCorrupted(context) {
            throw malformed(context, fallback: "not valid JSON")
        } catch {
            throw StorageError.malformedFile(path: fileURL.path, reason: "not valid JSON")
        }
    }

    /// Replaces the file with `values` (sorted keys, pretty-printed), creating the directory (0700).
    public func write(_ values: [String: ConfigValue]) throws {
        try XDGDirectories.ensureDirectory(fileURL.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(values)
        } catch {
            throw StorageError.malformedFile(path: fileURL.path, reason: "cannot encode settings")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: fileURL, mode: 0o600)
    }

    /// Sets one key (nil removes it), keeping the others.
    public func setValue(_ value: ConfigValue?, forKey key: String) throws {
        var values = try read()
        values[key] = value
        try write(values)
    }

    private func malformed(_ context: DecodingError.Context, fallback: String) -> StorageError {
        if let key = context.codingPath.first?.stringValue, !key.isEmpty, Int(key) == nil {
            return .malformedFile(path: fileURL.path, reason: "the value of '\(key)' must be a string, number or boolean")
        }
        return .malformedFile(path: fileURL.path, reason: fallback)
    }
}
