// Fresh temporary directories for tests (never $HOME), removed when the test's body ends.
import Foundation

/// Runs `body` with a new empty directory under the system temporary directory, then removes it.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// The async form of `withTemporaryDirectory(_:)`.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

private func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appending(path: "lyra-kit-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The POSIX permission bits of the file at `url`.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
}

/// Sets the POSIX permission bits of the file at `url`.
func setPermissions(_ mode: Int, of url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
}

/// An environment whose XDG homes live under `root`.
func xdgEnvironment(root: URL, extra: [String: String] = [:]) -> [String: String] {
    var environment = [
        "HOME": root.appending(path: "home").path,
        "XDG_DATA_HOME": root.appending(path: "data").path,
        "XDG_CONFIG_HOME": root.appending(path: "config").path,
        "XDG_STATE_HOME": root.appending(path: "state").path,
    ]
    environment.merge(extra) { _, new in new }
    return environment
}
