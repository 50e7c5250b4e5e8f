// config.json: a JSON object of user settings in `<config>/lyra/`, written atomically. Settings are
// scalars; `providers`, `roles` (SPEC §8) and `models` (SPEC §12) hold objects and are kept as they
// are on rewrite.
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

    /// The members whose values are objects rather than scalars.
    public static let structuredKeys: Set<String> = ["providers", "roles", "models", "mcpServers", "allowTools"]

    /// All scalar values in the file; a missing or blank file is empty. JSON `null` values and the
    /// structured members (`providers`, `roles`) are skipped.
    /// - Throws: `StorageError.malformedFile` naming the path (and the key, when one is at fault).
    public func read() throws -> [String: ConfigValue] {
        guard let data = try contents() else { return [:] }
        do {
            let members = try JSONDecoder().decode([String: Member].self, from: data)
            var values: [String: ConfigValue] = [:]
            for (key, member) in members {
                switch member {
                case .value(let value): values[key] = value
                case .null: continue
                case .structured:
                    guard Self.structuredKeys.contains(key) else {
                        throw StorageError.malformedFile(
                            path: fileURL.path, reason: "the value of '\(key)' must be a string, number or boolean")
                    }
                }
            }
            return values
        } catch let error as StorageError {
            throw error
        } catch let DecodingError.typeMismatch(_, context) {
            throw malformed(context, fallback: "expected a JSON object of strings, numbers and booleans")
        } catch let DecodingError.dataCorrupted(context) {
            throw malformed(context, fallback: "not valid JSON")
        } catch {
            throw StorageError.malformedFile(path: fileURL.path, reason: "not valid JSON")
        }
    }

    /// The `providers`, `roles` and `models` objects (empty when absent).
    /// - Throws: `StorageError.malformedFile` when one of them does not have the documented shape.
    public func readStructured() throws -> ConfigStructure {
        guard let data = try contents() else { return ConfigStructure() }
        do {
            return try JSONDecoder().decode(ConfigStructure.self, from: data)
        } catch {
            let reason = "'providers' must be an object like {\"work\": {\"kind\": \"openai\", \"baseURL\": \"https://…\"}} "
                + "'roles' an object of names and prompts, and 'models' an object like "
                + "{\"MODEL\": {\"contextWindow\": 32768, \"price\": {\"input\": 0.15, \"output\": 0.6}}}"
            throw StorageError.malformedFile(path: fileURL.path, reason: reason)
        }
    }

    /// Replaces the settings with `values` (sorted keys, pretty-printed), keeping the structured
    /// members as they are, creating the directory (0700).
    public func write(_ values: [String: ConfigValue]) throws {
        try XDGDirectories.ensureDirectory(fileURL.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data: Data
        do {
            data = try encoder.encode(values)
            if let kept = try keptStructuredMembers(), !kept.isEmpty {
                var merged = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                merged.merge(kept) { _, structured in structured }
                data = try JSONSerialization.data(
                    withJSONObject: merged, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            }
        } catch let error as StorageError {
            throw error
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

    /// The file's bytes; nil when it is missing or blank.
    private func contents() throws -> Data? {
        guard let data = try AtomicFile.readIfPresent(fileURL) else { return nil }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return nil }
        return data
    }

    /// The structured members of the current file, as parsed JSON, to write back unchanged.
    private func keptStructuredMembers() throws -> [String: Any]? {
        guard let data = try contents(),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object.filter { Self.structuredKeys.contains($0.key) }
    }

    /// One member of the file: a scalar setting, null, or an object/array.
    private enum Member: Decodable {
        case value(ConfigValue)
        case null
        case structured

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(ConfigValue.self) {
                self = .value(value)
            } else {
                self = .structured
            }
        }
    }

    private func malformed(_ context: DecodingError.Context, fallback: String) -> StorageError {
        if let key = context.codingPath.first?.stringValue, !key.isEmpty, Int(key) == nil {
            return .malformedFile(path: fileURL.path, reason: "the value of '\(key)' must be a string, number or boolean")
        }
        return .malformedFile(path: fileURL.path, reason: fallback)
    }
}
