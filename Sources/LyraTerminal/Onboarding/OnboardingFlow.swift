// The first-run welcome: what Lyra does, `lyra --demo`, a model server found on loopback, then the
// backend URL (checked like chat checks it) and the token (hidden), stored through ConfigurationLoader. Every question can be skipped; shown only once.
import Foundation
import LyraKit

/// Runs the onboarding welcome at the start of an interactive session.
@MainActor
public enum OnboardingFlow {
    /// Shows the welcome when ``OnboardingGate`` allows it, reading answers from `input`.
    public static func runIfNeeded(context: CommandContext, input: any FollowUpInput) async {
        let services = context.services
        guard context.isInteractive, OnboardingGate.shouldOffer(
            options: services.options, flags: services.flags, environment: services.environment,
            directories: services.directories) else { return }
        let previous = context.input
        context.input = input
        defer { context.input = previous }
        await run(context: context, input: input)
    }

    /// The welcome itself: records that it was shown, explains, asks, stores.
    static func run(context: CommandContext, input: any FollowUpInput) async {
        markShown(context: context)
        printWelcome(context: context)
        _ = await offerLocalModel(context: context, input: input)
        guard let url = await askBaseURL(context: context, input: input) else {
            say("Skipped. Set it up later with /settings set baseURL URL and /login.", context: context)
            return
        }
        let token = await input.nextSecret(prompt: "Token (hidden, Enter for none): ")?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var stored = ["baseURL \(url)"]
        if !token.isEmpty {
            guard store(.token, token, context: context) else { return }
            stored.append("the token")
        }
        context.services.reloadConfiguration()
        say("Saved \(stored.joined(separator: " and ")). /settings shows everything; /help lists the commands.",
            context: context)
    }

    /// Asks until the URL is valid and stored, or the answer is empty / Ctrl-D (nil).
    private static func askBaseURL(context: CommandContext, input: any FollowUpInput) async -> String? {
        while let answer = await input.nextLine(prompt: "Backend URL: ") {
            let url = answer.trimmingCharacters(in: .whitespacesAndNewlines)
            if url.isEmpty { return nil }
            if acceptableURL(url, context: context), store(.baseURL, url, context: context) { return url }
        }
        return nil
    }

    /// Stores one setting; prints the error and returns false when it is refused.
    private static func store(_ key: SettingKey, _ value: String, context: CommandContext) -> Bool {
        do {
            try context.services.configurationLoader.set(key, value: value)
            return true
        } catch {
            context.console.writeErrorMessage("error: " + ErrorText.describe(error), theme: context.theme,
                                              leadStyle: .error)
            return false
        }
    }

    private static func markShown(context: CommandContext) {
        let marker = OnboardingGate.markerFile(in: context.services.directories)
        do {
            try XDGDirectories.ensureDirectory(marker.deletingLastPathComponent())
            try AtomicFile.write(Data("shown\n".utf8), to: marker, mode: 0o600)
        } catch {
            // Not being able to remember is no reason to stop: the welcome may simply show again.
        }
    }

    private static func printWelcome(context: CommandContext) {
        let theme = context.theme
        let width = context.terminal.width
        context.console.writeLine("")
        context.console.writeLine(theme.paint("Welcome to Lyra!", .heading))
        let paragraphs: [(String, Theme.Style?)] = [
            ("Chat with an AI assistant, improve your writing and turn photos into short videos, "
                + "right in your terminal. Sessions are saved, and everything also works in scripts.", nil),
            ("Just looking? Press Ctrl-D and try it with a built-in backend, no account needed:", nil),
            ("  lyra --demo", .code),
            ("To connect your backend, enter its URL and token (press Enter to skip).", nil),
        ]
        for (text, style) in paragraphs {
            for line in TextWrapper.wrap(text, width: width) {
                context.console.writeLine(style.map { theme.paint(line, $0) } ?? line)
            }
        }
    }

    static func say(_ text: String, context: CommandContext) {
        for line in TextWrapper.wrap(text, width: context.terminal.width) {
            context.console.writeLine(context.theme.paint(line, .muted))
        }
    }
}
