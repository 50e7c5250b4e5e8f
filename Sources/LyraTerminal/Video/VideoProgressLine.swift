// The live progress of `/video` on a terminal: one spinner line on stderr with the elapsed
// seconds, the status and the poll count, then a download line. Silent when not enabled. On a
// narrow terminal the video and template are shortened first: the status always shows.
import LyraKit
import Synchronization

/// Shows `VideoProgress` events through a `Spinner`; safe to call from any task.
public final class VideoProgressLine: Sendable {
    private let spinner: Spinner
    private let console: Console
    private let theme: Theme
    private let enabled: Bool
    private let state = Mutex(State())

    /// What the line says: which video (shortened first when the terminal is narrow), then its status.
    struct Label: Equatable {
        /// `video 1001 · Slideshow · 2 photos`.
        var subject: String
        /// `processing · poll 2/40`, kept whole on a narrow terminal.
        var status: String
        /// The whole line's text, `subject · status`.
        var text: String { subject.isEmpty ? status : subject + " · " + status }
    }

    private struct State {
        var label: Label?
        var videoID = ""
        var subject = ""
        var polls = 0
        var downloading = false
        var finished = false
        var readySummary: String?
    }

    /// A progress line drawing through `spinner` (which is itself enabled only on a TTY).
    /// - Parameter enabled: whether to draw at all (interactive, stderr a terminal, not quiet).
    public init(spinner: Spinner, console: Console, theme: Theme, enabled: Bool) {
        self.spinner = spinner
        self.console = console
        self.theme = theme
        self.enabled = enabled
    }

    /// Reflects one step of the generation.
    public func show(_ progress: VideoProgress) {
        guard enabled, !state.withLock({ $0.finished }) else { return }
        switch progress {
        case let .uploading(photos, templateName):
            let subject = "\(templateName) · \(photos) \(photos == 1 ? "photo" : "photos")"
            state.withLock { $0.subject = subject }
            spinner.start("uploading · " + subject)
        case let .started(videoID):
            state.withLock { $0.videoID = videoID }
            redraw(Label(subject: subject(), status: "started"))
        case let .polling(event):
            redraw(label(for: event))
        case let .downloading(received, expected):
            beginDownloadIfNeeded()
            let ready = state.withLock { $0.readySummary } ?? ""
            redraw(Label(subject: ready, status: received == 0 && expected == nil
                                                    ? "downloading" : "downloading " + Self.amount(received, of: expected)))
        }
    }

    /// Stops the spinner (its ticker task too) and clears the line; later events are ignored.
    public func finish() {
        guard enabled else { return }
        state.withLock { $0.finished = true }
        spinner.stop()
    }

    /// After the video was saved: stops, then leaves `✓ video 1001 ready after 3 polls` on stderr.
    public func succeed() {
        let summary = state.withLock { $0.finished ? nil : $0.readySummary }
        finish()
        guard enabled, let summary else { return }
        console.writeError(theme.paint("✓ ", .success) + theme.paint(summary, .muted) + "\n")
    }

    /// The label of a poll event, e.g. `video 1001 · processing · poll 2/40`.
    func label(for event: VideoPollEvent) -> Label {
        let subject = subject()
        switch event {
        case let .status(poll, maxPolls, status):
            state.withLock { $0.polls = poll }
            return Label(subject: subject, status: "\(status.isEmpty ? "waiting" : status) · poll \(poll)/\(maxPolls)")
        case let .retrying(poll, maxPolls, reason, delay):
            state.withLock { $0.polls = poll }
            return Label(subject: subject,
                         status: "\(reason) · retrying in \(Self.seconds(delay)) · poll \(poll)/\(maxPolls)")
        }
    }

    /// `video 1001 · Slideshow · 2 photos` (the template part once known).
    private func subject() -> String {
        let (videoID, subject) = state.withLock { ($0.videoID, $0.subject) }
        return "video \(videoID)" + (subject.isEmpty ? "" : " · " + subject)
    }

    /// `1.2 MiB of 3.4 MiB (35%)`, or `1.2 MiB` when the total is unknown.
    static func amount(_ received: Int64, of expected: Int64?) -> String {
        guard let expected, expected > 0 else { return bytes(received) }
        let percent = min(100, received * 100 / expected)
        return "\(bytes(received)) of \(bytes(expected)) (\(percent)%)"
    }

    /// A byte count as `512 B`, `12.3 KiB` or `4.5 MiB`.
    static func bytes(_ count: Int64) -> String {
        if count < 1024 { return "\(count) B" }
        let (value, unit) = count < 1 << 20 ? (Double(count) / 1024, "KiB") : (Double(count) / Double(1 << 20), "MiB")
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(unit)"
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)s"
    }

    /// When the download starts: the polling line is replaced by a lasting summary, and a new
    /// spinner line (with its own elapsed time) follows the download.
    private func beginDownloadIfNeeded() {
        let summary: String? = state.withLock { current in
            guard !current.downloading else { return nil }
            current.downloading = true
            current.label = nil
            return "video \(current.videoID) ready after \(current.polls) \(current.polls == 1 ? "poll" : "polls")"
        }
        guard let summary else { return }
        state.withLock { $0.readySummary = summary }
        spinner.update(summary, keeping: "downloading")
    }

    /// Updates the spinner only when the text changes (downloads report every chunk).
    private func redraw(_ label: Label) {
        let changed = state.withLock { current in
            guard current.label != label else { return false }
            current.label = label
            return true
        }
        if changed { spinner.update(label.subject, keeping: label.status) }
    }
}
