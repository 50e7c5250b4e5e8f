// CredentialStore (the Keychain's counterpart): 0600 files, refusal of group/other-readable files
// naming `chmod 600`, and secrets never inside error messages.
import Foundation
import Testing
@testable import LyraKit

@Suite struct CredentialStoreTests {
    @Test func storesTokenWithMode0600InA0700Directory() throws {
        try withTemporaryDirectory { root in
            let directories = XDGDirectories(environment: xdgEnvironment(root: root))
            let store = CredentialStore(directories: directories)
            #expect(try store.token == nil)
            try store.setToken("tok-123456789")
            try store.setApphudAPIKey("app_key_xyz")
            #expect(try store.token == "tok-123456789")
            #expect(try store.apphudAPIKey == "app_key_xyz")
            #expect(try permissions(of: directories.credentialsFile) == 0o600)
            #expect(try permissions(of: directories.configDirectory) == 0o700)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directories.credentialsFile)) as? [String: String]
            #expect(json == ["token": "tok-123456789", "apphudAPIKey": "app_key_xyz"])
            try store.removeToken()
            #expect(try store.token == nil)
            #expect(try store.apphudAPIKey == "app_key_xyz")
        }
    }

    @Test func refusesAGroupReadableFileNamingChmod600WithoutTheSecret() throws {
        try withTemporaryDirectory { root in
            let file = root.appending(path: "credentials.json")
            try Data(#"{"token": "super-secret-token"}"#.utf8).write(to: file)
            try setPermissions(0o644, of: file)
            let store = CredentialStore(fileURL: file)
            do {
                _ = try store.token
                Issue.record("expected a refusal")
            } catch let error as StorageError {
                #expect(error == .insecurePermissions(path: file.path, mode: error.mode))
                let message = error.localizedDescription
                #expect(message.contains("chmod 600 \(file.path)"))
                #expect(message.contains("644"))
                #expect(!message.contains("super-secret-token"))
            }
        }
    }

    @Test func malformedFileErrorNamesThePathButNotItsContent() throws {
        try withTemporaryDirectory { root in
            let file = root.appending(path: "credentials.json")
            try Data(#"{"token": "leaky-secret-value""#.utf8).write(to: file)
            try setPermissions(0o600, of: file)
            do {
                _ = try CredentialStore(fileURL: file).token
                Issue.record("expected an error")
            } catch let error as StorageError {
                #expect(error.localizedDescription.contains(file.path))
                #expect(!error.localizedDescription.contains("leaky-secret-value"))
            }
        }
    }
}

extension StorageError {
    /// The mode carried by `.insecurePermissions`, for comparisons.
    var mode: UInt32 {
        if case let .insecurePermissions(_, mode) = self { return mode }
        return 0
    }
}
