// The Keychain's counterpart: the backend token and the Apphud API key in
// `<config>/lyra/credentials.json`, mode 0600, refused when group or others can access it.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes `credentials.json` (`{"token": …, "apphudAPIKey": …}`).
///
/// The file is written atomically with mode 0600 inside a 0700 directory. Errors name the path
/// and never contain a secret.
public struct CredentialStore: Sendable {
    /// The secrets kept in the file.
    public struct Credentials: Codable, Equatable, Sendable {
        /// The app backend's bearer token.
        public var token: String?
        /// The Apphud API key.
        public var apphudAPIKey: String?
        /// Model providers' keys: `{"providers": {"work": {"apiKey": "…"}}}` (SPEC §8).
        public var providers: [String: ProviderKey]?

        /// One provider's entry.
        public struct ProviderKey: Codable, Equatable, Sendable {
            /// The API key.
            public var apiKey: String?

            /// Creates an entry.
            public init(apiKey: String?) { self.apiKey = apiKey }
        }

        /// Creates a credentials value.
        public init(token: String? = nil, apphudAPIKey: String? = nil, providers: [String: ProviderKey]? = nil) {
            self.token = token
            self.apphudAPIKey = apphudAPIKey
            self.providers = providers
        }

        /// The non-empty provider keys, by lower-case provider name.
        public var providerKeys: [String: String] {
            var keys: [String: String] = [:]
            for (name, entry) in providers ?? [:] {
                if let key = entry.apiKey?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
                    keys[name.lowercased()] = key
                }
            }
            return keys
        }
    }

    /// The credentials file.
    public let fileURL: URL

    /// A store over `directories.credentialsFile`.
    public init(directories: XDGDirectories) {
        fileURL = directories.credentialsFile
    }

    /// A store over an explicit file.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The stored backend token, or nil.
    /// - Throws: `StorageError` (insecure mode, unreadable or malformed file).
    public var token: String? {
        get throws { try load().token }
    }

    /// The stored Apphud API key, or nil.
    /// - Throws: `StorageError` (insecure mode, unreadable or malformed file).
    public var apphudAPIKey: String? {
        get throws { try load().apphudAPIKey }
    }

    /// Reads the file; a missing file means no credentials.
    /// - Throws: `StorageError.insecurePermissions` when group or others have any access,
    ///   `.malformedFile` when it is not the expected JSON.
    public func load() throws -> Credentials {
        let path = fileURL.standardizedFileURL.path
        guard let file = try PosixFile.openingRegularFile(path) else { return Credentials() }
        defer { file.closeFile() }
        let mode = UInt32(try file.status().st_mode)
        guard mode & 0o077 == 0 else { throw StorageError.insecurePermissions(path: path, mode: mode) }
        let data = try file.readToEnd(limit: 1 << 20)
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return Credentials() }
        do {
            return try JSONDecoder().decode(Credentials.self, from: data)
        } catch {
            // The decoder's message could quote the file's content: keep it out of the error.
            throw StorageError.malformedFile(path: path, reason: "expected a JSON object with string values")
        }
    }

    /// Stores `token`, keeping the other secrets.
    public func setToken(_ token: String) throws {
        var credentials = try load()
        credentials.token = token
        try save(credentials)
    }

    /// Removes the stored token, keeping the other secrets.
    public func removeToken() throws {
        var credentials = try load()
        guard credentials.token != nil else { return }
        credentials.token = nil
        try save(credentials)
    }

    /// Stores the Apphud API key, keeping the other secrets.
    public func setApphudAPIKey(_ key: String) throws {
        var credentials = try load()
        credentials.apphudAPIKey = key
        try save(credentials)
    }

    /// Writes `credentials` atomically with mode 0600, creating the directory (0700) if needed.
    public func save(_ credentials: Credentials) throws {
        let directory = fileURL.deletingLastPathComponent()
        try XDGDirectories.ensureDirectory(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(credentials)
        } catch {
            throw StorageError.malformedFile(path: fileURL.path, reason: "cannot encode credentials")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: fileURL, mode: 0o600)
    }
}
