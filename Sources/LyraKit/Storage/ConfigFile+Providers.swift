// Adding an OpenAI-compatible provider entry to config.json's `providers` object (used by the
// first-run onboarding for a local llama.cpp server), keeping every other member as it is.
import Foundation

extension ConfigFile {
    /// Sets `providers.NAME` to `{"kind": "openai", "baseURL": URL, "model": MODEL}`.
    /// - Throws: `StorageError` when the file is malformed or cannot be written.
    public func setProvider(_ name: String, baseURL: URL, model: String) throws {
        var object: [String: Any] = [:]
        if let data = try AtomicFile.readIfPresent(fileURL), !data.isEmpty {
            guard let parsed = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw StorageError.malformedFile(path: fileURL.path, reason: "not a JSON object")
            }
            object = parsed
        }
        var providers = object["providers"] as? [String: Any] ?? [:]
        providers[name] = ["kind": "openai", "baseURL": baseURL.absoluteString, "model": model]
        object["providers"] = providers
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw StorageError.malformedFile(path: fileURL.path, reason: "cannot encode settings")
        }
        try XDGDirectories.ensureDirectory(fileURL.deletingLastPathComponent())
        try AtomicFile.write(data + Data("\n".utf8), to: fileURL, mode: 0o600)
    }
}
