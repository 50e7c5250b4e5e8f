// `/video list`, `/video status ID` and `/video download ID [--out PATH]`: the videos remembered in
// the state directory, one status request, and picking up a video whose download was interrupted.
import Foundation
import LyraKit

extension VideoCommand {
    /// Prints the remembered videos, newest first: id, status, template and saved path.
    /// - Throws: `CommandError.usage` for extra words.
    @MainActor func listVideos(_ arguments: CommandArguments, context: CommandContext) throws {
        guard arguments.words.count == 1 else { throw CommandError.usage("usage: /video list") }
        let entries = context.services.videoJournal.entries().reversed()
        guard !entries.isEmpty else {
            context.hint("no videos yet: /video TEMPLATE PHOTO…")
            return
        }
        for entry in entries {
            let template = Self.oneLine(entry.template)
            let photos = "\(entry.photos) \(entry.photos == 1 ? "photo" : "photos")"
            var line = [Self.oneLine(entry.videoID), Self.oneLine(entry.status), template.isEmpty ? "-" : template, photos]
            line.append(entry.savedPath.map { Self.oneLine($0) } ?? "-")
            context.console.writeLine(line.joined(separator: "\t"))
        }
    }

    /// Asks the backend once for the status of a video.
    /// - Throws: `CommandError.usage` without an id, `APIError`.
    @MainActor func showStatus(_ arguments: CommandArguments, context: CommandContext) async throws {
        let videoID = try Self.videoID(arguments, form: "/video status ID")
        let status = try await context.services.videoService().status(of: videoID)
        var line = "video \(Self.oneLine(videoID)): " + Self.oneLine(status.status)
        if status.phase == .completed { line += " (get it with /video download \(videoID))" }
        if case let .failed(reason) = status.phase, let reason { line += ": " + Self.oneLine(reason) }
        context.console.writeLine(line)
    }

    /// Waits for, downloads and saves a video started earlier; prints the saved path.
    /// - Throws: `CommandError.usage`, `VideoError`, `APIError`, cancellation.
    @MainActor func download(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        let output = try arguments.takeOption("--out").map(expandingTilde)
        let videoID = try Self.videoID(arguments, form: "/video download ID [--out PATH]")
        if try await !context.services.isPremium() { throw APIError.subscriptionRequired }
        let service = try context.services.videoService()
        let progress = progressLine(context)
        defer { progress.finish() }
        let file = try await service.resume(videoID: videoID, output: output) { progress.show($0) }
        progress.succeed()
        context.console.writeLine(file.path)
        try showPreview(of: file, context: context)
    }

    /// Server or file text made safe for one terminal line.
    static func oneLine(_ text: String) -> String {
        TextSanitizer.sanitize(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    /// The one id after the sub-command.
    /// - Throws: `CommandError.usage` naming `form`.
    static func videoID(_ arguments: CommandArguments, form: String) throws -> String {
        let words = arguments.texts
        guard words.count == 2, let videoID = words.last, !videoID.hasPrefix("-"), !videoID.isEmpty else {
            throw CommandError.usage("usage: " + form)
        }
        return videoID
    }
}
