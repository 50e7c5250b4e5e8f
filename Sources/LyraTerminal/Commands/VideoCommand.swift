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
        /video TEMPLATE PHOTO [PHOTO [PHOTO]] [--prompt TEXT] [--out PATH] [--open]
        /video list
        /video status ID
        /video download ID [--out PATH]
        /video open [ID]
        """
    public let details = """
        TEMPLATE is a template id, or its name (any case; a unique beginning of it is enough).
        Photos must be JPEG files (by content) of at most 20 MiB; they are checked before anything
        is uploaded. The video is saved as lyra-<id>.avi or .mp4 (after its content) in the video
        directory (videoDirectory, LYRA_VIDEO_DIR; default: the current directory), or at --out PATH
        (a directory, or a file name used as given). An existing file is never replaced: -1, -2…
        is added. The directory must exist. The saved path is printed on its own line; on a terminal
        that announces inline images (iTerm2, WezTerm) the first frame is shown, and --open plays it
        with xdg-open. Ctrl-C cancels at any stage; the last videos are remembered (/video list), and
        /video download ID picks up one whose generation or download was interrupted.
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
            return ["templates", "list", "status", "download", "open"] + data.names(.templateIDs) + data.names(.templateNames)
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
        switch arguments.texts.first {
        case "templates": try await listTemplates(arguments, context: context)
        case "list": try listVideos(arguments, context: context)
        case "status": try await showStatus(arguments, context: context)
        case "download": try await download(arguments, context: context)
        case "open": try openVideo(arguments, context: context)
        default: try await generate(arguments, context: context)
        }
        return .proceed
    }

    /// `path` with a leading `~/` (or a lone `~`) replaced by the home directory.
    func expandingTilde(_ path: String) -> String {
        TildePath.expanding(path, home: home)
    }
}
