// Opens a checkout URL (or a saved video) with `xdg-open`, only when `xdg-open` is on the PATH, in an
// environment without Lyra's secrets; never waits for it and never lets it write to Lyra's terminal.
import Foundation
import LyraKit

/// Launches the desktop's URL opener.
struct CheckoutOpener: Sendable {
    /// The environment whose `PATH` is searched.
    let environment: [String: String]

    /// The `xdg-open` executable on `PATH`, if any.
    var executable: URL? {
        let path = environment["PATH"] ?? ""
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = URL(filePath: String(directory)).appending(path: "xdg-open")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Starts `xdg-open URL` with its output discarded; returns whether it started.
    @discardableResult
    func open(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else { return false }
        return launch(url.absoluteString)
    }

    /// Starts `xdg-open FILE` for a local file; returns whether it started.
    @discardableResult
    func open(file: URL) -> Bool {
        file.isFileURL && launch(file.path)
    }

    private func launch(_ argument: String) -> Bool {
        guard let executable else { return false }
        let process = Process()
        process.executableURL = executable
        process.arguments = [argument]
        process.environment = SecretText.environmentWithoutSecrets(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
