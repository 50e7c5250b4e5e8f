// `/video TEMPLATE PHOTO… [--prompt TEXT] [--out PATH]`: the premium gate, then generation with a
// live progress line on a terminal; the saved path alone on stdout.
import Foundation
import LyraKit

extension VideoCommand {
    /// Generates one video and prints where it was saved.
    /// - Throws: `CommandError.usage`, `APIError.subscriptionRequired`, `VideoError`, `APIError`,
    ///   or a cancellation error when Ctrl-C stopped it (nothing is left on disk then).
    @MainActor func generate(_ arguments: CommandArguments, context: CommandContext) async throws {
        var arguments = arguments
        let openAfter = arguments.takeFlag("--open")
        let request = try parse(arguments)
        if try await !context.services.isPremium() {
            if ((try? context.services.configuration())?.apphudAPIKey ?? "").isEmpty { throw SubscriptionError.missingAPIKey }
            throw await premiumRequired(context)
        }
        let service = try context.services.videoService()
        let progress = progressLine(context)
        defer { progress.finish() }
        let journal = context.services.videoJournal
        let before = journal.entries().last
        let outcome: Result<VideoResult, any Error>
        do {
            outcome = .success(try await service.generate(request) { progress.show($0) })
        } catch {
            outcome = .failure(error)
            progress.finish()
            if ErrorText.isCancellation(error), let entry = journal.entries().last, entry != before,
               entry.status == "cancelled" {
                context.console.writeErrorMessage("video \(entry.videoID) was not saved; "
                    + "get it later with /video download \(entry.videoID)")
            }
        }
        if let templates = await service.loadedTemplates() {
            TemplateCompletion.remember(templates, in: context.completionData)
        }
        let result = try outcome.get()
        progress.succeed()
        context.console.writeLine(result.file.path)
        try showPreview(of: result.file, context: context)
        if openAfter { try open(result.file, context: context) }
        context.services.recordSuccessfulVideo(context: context)
    }

    /// The refusal without premium. In the REPL the plans are shown first; in a script they are
    /// part of the one `lyra: line N: subscription required: …` diagnostic, left out with `-q`.
    @MainActor private func premiumRequired(_ context: CommandContext) async -> any Error {
        if context.quiet && !context.isInteractive { return APIError.subscriptionRequired }
        let summary = await context.services.paywallSummary()
        guard context.isInteractive else { return CommandError.failed("subscription required: " + summary) }
        context.console.writeLine(summary)
        return APIError.subscriptionRequired
    }

    /// The request described by the words: template, photos, `--prompt`, `--out`.
    /// - Throws: `CommandError.usage` when the template or the photos are missing, or for an unknown option.
    func parse(_ arguments: CommandArguments) throws -> VideoRequest {
        var arguments = arguments
        let prompt = try arguments.takeOption("--prompt")
        let output = try arguments.takeOption("--out")
        let words = arguments.texts
        if let option = words.first(where: { $0.hasPrefix("--") }) {
            throw CommandError.usage("unknown option '\(option)' for /video")
        }
        guard let template = words.first, words.count >= 2 else {
            throw CommandError.usage("usage: /video TEMPLATE PHOTO [PHOTO [PHOTO]] [--prompt TEXT] [--out PATH] "
                + "(see /video templates)")
        }
        let photos = arguments.words.dropFirst().map { word in
            Self.isQuoted(word, in: arguments.raw) ? word.text : expandingTilde(word.text)
        }
        return VideoRequest(template: template, photos: photos, prompt: prompt, output: output.map(expandingTilde))
    }

    /// Whether `word` was typed in quotes (a quoted `~` is not expanded, as in a shell).
    static func isQuoted(_ word: ArgumentWord, in raw: String) -> Bool {
        guard word.offset >= 0, word.offset < raw.count else { return false }
        let first = raw[raw.index(raw.startIndex, offsetBy: word.offset)]
        return first == "'" || first == "\"" || first == "\\"
    }

    @MainActor func progressLine(_ context: CommandContext) -> VideoProgressLine {
        VideoProgressLine(spinner: context.makeSpinner(), console: context.console, theme: context.theme,
                          enabled: context.showsProgress)
    }
}
