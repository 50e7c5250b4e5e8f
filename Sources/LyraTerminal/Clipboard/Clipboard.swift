// Puts text on the system clipboard: OSC 52 through the terminal (works over ssh and in most
// terminals), and the first of wl-copy, xclip or xsel found on PATH, run with a clean environment.
import CLineEdit
import Foundation

/// The clipboard channels available to this run and how to write to them.
public struct Clipboard: Sendable, Equatable {
    /// The tools tried, in order, with the arguments that make them read the clipboard text from stdin.
    public static let tools: [[String]] = [
        ["wl-copy"], ["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"],
    ]
    /// The variables a clipboard tool may see: where the display is, and nothing secret.
    static let passedVariables = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE",
        "DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR",
    ]

    /// The tool to run (an absolute program path first), or nil when none is installed.
    public var tool: [String]?
    /// The tool's environment.
    public var toolEnvironment: [String: String]

    /// The clipboard for `environment`: the first tool found on its PATH.
    public init(environment: [String: String]) {
        tool = Self.firstInstalled(of: Self.tools, environment: environment)
        toolEnvironment = environment.filter { Self.passedVariables.contains($0.key) }
    }

    /// The first of `commands` whose program is on `environment`'s PATH, with that program's
    /// absolute path in place of its name; nil when none is installed.
    static func firstInstalled(of commands: [[String]], environment: [String: String]) -> [String]? {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return commands.lazy.compactMap { command -> [String]? in
            guard let name = command.first, let program = directories.map({ $0 + "/" + name })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
            return [program] + command.dropFirst()
        }.first
    }

    /// The OSC 52 sequence that asks the terminal to set its clipboard to `text`.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// Runs the tool with `text` on its stdin. Blocks until it exits.
    /// - Returns: its exit status, or nil when there is no tool; -1 when it could not start.
    public func runTool(with text: String) -> Int32? {
        guard let tool else { return nil }
        var arguments = tool.map { strdup($0) }
        arguments.append(nil)
        var environment = toolEnvironment.map { strdup("\($0.key)=\($0.value)") }
        environment.append(nil)
        defer {
            arguments.forEach { free($0) }
            environment.forEach { free($0) }
        }
        let length = text.utf8.count
        return text.withCString { cle_spawn_and_wait(arguments, environment, $0, length, 1) }
    }
}
