// When the first-run welcome is offered: the first interactive start with no configuration at all.
// Pure policy over the options, settings flags, environment and which files exist.
import Foundation
import LyraKit

/// Decides whether the REPL starts with the onboarding welcome.
public struct OnboardingGate: Sendable {
    /// The marker file that records that the welcome was shown: `<state>/lyra/onboarding-shown`.
    public static func markerFile(in directories: XDGDirectories) -> URL {
        directories.stateDirectory.appending(path: "onboarding-shown")
    }

    /// Whether to show the welcome: not with `--demo` or `-q`, not when a base URL or a model comes
    /// from a flag or the environment (`LYRA_BASE_URL`, `--model`, `LYRA_MODEL`), and not when
    /// config.json, credentials.json or the marker exist.
    /// (The caller only asks for interactive runs; scripts never see the welcome.)
    /// - Parameters:
    ///   - options: the command line.
    ///   - flags: settings given by flags or forced by the launcher.
    ///   - environment: the process environment.
    ///   - directories: where the files would be.
    ///   - fileExists: checks a path (tests pass their own).
    public static func shouldOffer(
        options: LaunchOptions, flags: [SettingKey: String], environment: [String: String],
        directories: XDGDirectories,
        fileExists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }
    ) -> Bool {
        guard !options.demo, !options.quiet, flags[.baseURL] == nil, options.model == nil else { return false }
        for key in [SettingKey.baseURL, .model] {
            let variable = environment[key.environmentVariable] ?? ""
            guard variable.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return false }
        }
        let files = [directories.configFile, directories.credentialsFile, markerFile(in: directories)]
        return !files.contains(where: fileExists)
    }
}
