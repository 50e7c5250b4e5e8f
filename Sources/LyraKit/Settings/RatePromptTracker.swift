// The app's SKStoreReviewController, for a terminal: counts successful chat replies and videos in
// a small state file and decides, once, when to invite the user to rate Lyra.
import Foundation

/// Counts successes in `<state>/lyra/rate-prompt.json` and says when the one-time rate prompt is due.
///
/// The prompt is due after the ``videoThreshold``-th successful video or the
/// ``chatReplyThreshold``-th chat reply, once the caller may show it (a terminal, not quiet,
/// the setting on). Once shown it is recorded and never due again; counting then stops.
/// Two processes counting at the same time may lose an increment, which is harmless here.
public struct RatePromptTracker: Sendable {
    /// Successful videos after which the prompt is due.
    public static let videoThreshold = 5
    /// Successful chat replies after which the prompt is due.
    public static let chatReplyThreshold = 20
    /// Where the prompt sends the user when `rateURL` is not configured.
    // A constant, valid URL: the fallback is never taken.
    public static let defaultRateURL = URL(string: "https://github.com/lyra-cli/lyra") ?? URL(filePath: "/")

    /// A success worth counting.
    public enum Event: Sendable {
        /// A chat turn got its reply.
        case chatReply
        /// A video was generated and saved.
        case video
    }

    /// What the state file holds.
    public struct State: Codable, Equatable, Sendable {
        /// Successful chat replies so far.
        public var chatReplies: Int
        /// Successful videos so far.
        public var videos: Int
        /// Whether the prompt has been shown.
        public var shown: Bool

        /// A state with the given counts.
        public init(chatReplies: Int = 0, videos: Int = 0, shown: Bool = false) {
            self.chatReplies = chatReplies
            self.videos = videos
            self.shown = shown
        }

        /// Whether a threshold has been reached and the prompt was not shown yet.
        public var isDue: Bool {
            !shown && (videos >= RatePromptTracker.videoThreshold
                || chatReplies >= RatePromptTracker.chatReplyThreshold)
        }
    }

    /// The state file.
    public let fileURL: URL

    /// A tracker over `<state>/lyra/rate-prompt.json`.
    public init(directories: XDGDirectories) {
        fileURL = directories.stateDirectory.appending(path: "rate-prompt.json")
    }

    /// A tracker over an explicit file.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The stored state; a missing or unreadable file counts as a fresh start.
    public func state() -> State {
        guard let data = try? AtomicFile.readIfPresent(fileURL),
              let state = try? JSONDecoder().decode(State.self, from: data) else { return State() }
        return state
    }

    /// Counts `event` and reports whether the prompt should be shown now.
    ///
    /// When it returns true the prompt is recorded as shown, so it never returns true again.
    /// - Parameters:
    ///   - event: what succeeded.
    ///   - canShow: whether the caller can show the prompt now (terminal, not quiet, enabled).
    /// - Returns: true exactly once: at the first event, with `canShow`, at or after a threshold.
    /// - Throws: `StorageError` when the state file cannot be written.
    public func record(_ event: Event, canShow: Bool) throws -> Bool {
        var current = state()
        guard !current.shown else { return false }
        switch event {
        case .chatReply: current.chatReplies += 1
        case .video: current.videos += 1
        }
        let showNow = canShow && current.isDue
        if showNow { current.shown = true }
        try save(current)
        return showNow
    }

    /// Counts `event` when a person is watching and `configuration` has the prompt on, and returns
    /// the invitation to show now (once, at a threshold); nil otherwise. Nothing is counted or
    /// written when no one is watching, and a state file that cannot be written means no prompt:
    /// a rate prompt is never worth an error.
    /// - Parameters:
    ///   - event: what succeeded.
    ///   - configuration: `ratePromptEnabled` and `rateURL` (default ``defaultRateURL``).
    ///   - personWatching: whether a person sees the output now (the front end knows).
    public func invitation(after event: Event, configuration: LyraConfiguration, personWatching: Bool) -> String? {
        guard personWatching, configuration.ratePromptEnabled else { return nil }
        guard (try? record(event, canShow: true)) == true else { return nil }
        return Self.message(url: configuration.rateURL ?? Self.defaultRateURL)
    }

    /// The line inviting the user to rate Lyra at `url`.
    public static func message(url: URL) -> String {
        "Enjoying Lyra? A star or a short review helps: \(url.absoluteString)"
    }

    private func save(_ state: State) throws {
        try AtomicFile.writeJSON(state, to: fileURL, what: "the rate prompt state")
    }
}
