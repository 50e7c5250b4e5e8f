// `/video`: list templates, or make a short video from a template and 1–3 JPEG photos with live
// progress, then save it (SPEC §4). Generation is behind the premium gate (SPEC §5).
import Foundation
import LyraKit

/// The `/video` command.
public struct VideoCommand: Command {
    public let name = "video"
    public let summary = "make a short video from a template and 1–3 JPEG photos"
    public let usage = """
        /video templates [--json]
        /video TEMPLATE PHOTO [PHOTO [PHOTO]] [--prompt TEXT] [--out PATH]
        """
    public let details = """
        TEMPLATE is a template id, or its name (any case; a unique beginning of it is enough).
        Photos must be JPEG files (by content) of at most 20 MiB; they are checked before anything
        is uploaded. The video is saved as lyra-<id>.avi or .mp4 (after its content) in the video
        directory (videoDirectory, LYRA_VIDEO_DIR; default: the current directory), or at --out PATH
        (a directory, or a file name used as given). An existing file is never replaced: -1, -2…
        is added. The saved path is printed on its own line. Ctrl-C cancels at any stage.
        """
    /// What a leading `~/` in a path stands for.
    let home: String?

    /// The command; `home` expands `~/` in paths (the process's `HOME` by default).
    public init(home: String? = ProcessInfo.processInfo.environment["HOME"]) {
        self.home = home
    }

    /// `templates`, template ids and names first; then JPEG paths, `--prompt`/`--out`, and any path after `--out`.
    public func completions(arguments: [String], partial: String, data: CompletionData) -> [String] {
        guard let first = arguments.first else {
            return ["templates"] + data.names(.templateIDs) + data.names(.templateNames)
        }
        if first == "templates" { return arguments.count == 1 ? ["--json"] : [] }
        switch arguments.last {
        case "--out": return PathCompleter(fileExtensions: nil, home: home).complete(partial)
        case "--prompt": return []
        default:
            if partial.hasPrefix("-") { return ["--out", "--prompt"] }
            return PathCompleter(fileExtensions: ["jpg", "jpeg"], home: home).complete(partial)
        }
    }

    /// Runs `/video templates` or a generation.
    @MainActor public func run(_ arguments: CommandArguments, context: CommandContext) async throws -> CommandResult {
        if arguments.texts.first == "templates" {
            try await listTemplates(arguments, context: context)
        } else {
            try await generate(arguments, context: context)
        }
        return .proceed
    }

    /// `path` with a leading `~/` (or a lone `~`) replaced by the home directory.
    func expandingTilde(_ path: String) -> String {
        TildePath.expanding(path, home: home)
    }
}
