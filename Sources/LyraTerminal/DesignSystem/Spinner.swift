// The "waiting" indicator on stderr: a braille frame, a label and the elapsed seconds, e.g. `⠋ waiting · 3s`.
// Animated by its own Task; the elapsed-time ticker is a second Task; both are cancelled by stop().
import Synchronization
import LyraKit

/// An animated progress line on standard error, for terminals only.
///
/// Does nothing when created with `enabled: false` (pass `stderrIsTTY && interactive`).
public final class Spinner: Sendable {
    /// The animation frames.
    public static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Returns the cursor to column 0 and erases the line.
    public static let clearLine = "\r\u{1B}[2K"

    /// What the running spinner shows; `generation` tells a stale task from the current one.
    private struct State {
        var label = ""
        /// Shown after the label (` · STATUS`) and kept whole when the line must be shortened.
        var status: String?
        var frame = 0
        var elapsedSeconds = 0
        var generation = 0
        var isRunning = false
        var animation: Task<Void, Never>?
        var ticker: Task<Void, Never>?
    }

    private let console: Console
    private let theme: Theme
    private let enabled: Bool
    private let frameInterval: Duration
    private let secondLength: Duration
    private let width: @Sendable () -> Int?
    private let state = Mutex(State())

    /// Creates a spinner that writes through `console`.
    /// - Parameters:
    ///   - enabled: whether to draw at all; `stderrIsTTY && interactive` in the program.
    ///   - frameInterval: the time between frames.
    ///   - secondLength: how long one displayed second of elapsed time lasts (tests shorten it).
    ///   - width: the terminal width, to keep the line from wrapping; `nil` for no limit.
    public init(
        console: Console, theme: Theme, enabled: Bool, frameInterval: Duration = .milliseconds(100),
        secondLength: Duration = .seconds(1),
        width: @escaping @Sendable () -> Int? = { nil }
    ) {
        self.console = console
        self.theme = theme
        self.enabled = enabled
        self.frameInterval = frameInterval
        self.secondLength = secondLength
        self.width = width
    }

    deinit {
        state.withLock { current in
            current.animation?.cancel()
            current.ticker?.cancel()
        }
    }

    /// Shows the spinner with `label`, restarting the elapsed time if it was already running.
    public func start(_ label: String) {
        guard enabled else { return }
        state.withLock { current in
            current.animation?.cancel()
            current.ticker?.cancel()
            current.generation += 1
            current = State(label: label, generation: current.generation, isRunning: true)
            current.animation = makeAnimation(generation: current.generation)
            current.ticker = makeTicker(generation: current.generation)
            draw(current)
        }
    }

    /// Replaces the label of a running spinner and redraws it.
    /// - Parameter status: shown after the label as ` · STATUS`; when the line is too wide for the
    ///   terminal the label is shortened first, so the status stays visible.
    public func update(_ label: String, keeping status: String? = nil) {
        guard enabled else { return }
        state.withLock { current in
            guard current.isRunning else { return }
            current.label = label
            current.status = status
            draw(current)
        }
    }

    /// Cancels the animation and the ticker, and clears the line.
    public func stop() {
        guard enabled else { return }
        state.withLock { current in
            guard current.isRunning else { return }
            current.animation?.cancel()
            current.ticker?.cancel()
            current.animation = nil
            current.ticker = nil
            current.isRunning = false
            current.generation += 1
            console.writeError(Spinner.clearLine)
        }
    }

    /// One spinner line without the clearing prefix: frame (accent), label, ` · STATUS` when a
    /// status is given, `· Ns` (muted). When the line would be wider than `width` (less one column,
    /// so the cursor never wraps) the label is shortened with `…`, or left out, before the status is cut.
    public static func line(frame: Int, label: String, status: String? = nil, elapsedSeconds: Int, theme: Theme,
                            width: Int? = nil) -> String {
        let glyph = frames[((frame % frames.count) + frames.count) % frames.count]
        let suffix = "· \(elapsedSeconds)s"
        let clean = TextSanitizer.singleLine(label)
        let kept = status.map { TextSanitizer.singleLine($0) }
        var shown = kept.map { clean.isEmpty ? $0 : clean + " · " + $0 } ?? clean
        if let width {
            let budget = width - 1 - DisplayWidth.columns(of: glyph) - 2 - DisplayWidth.columns(of: suffix)
            shown = fitted(label: clean, status: kept, whole: shown, budget: budget)
        }
        return theme.paint(glyph, .accent) + " " + shown + " " + theme.paint(suffix, .muted)
    }

    /// `whole` (label · status) in at most `budget` columns: whole when it fits, else the label cut
    /// so the status stays (`video 10… · processing`), else the status alone, cut at its end.
    private static func fitted(label: String, status: String?, whole: String, budget: Int) -> String {
        guard DisplayWidth.columns(of: whole) > budget else { return whole }
        guard let status, !label.isEmpty else { return DisplayWidth.truncate(whole, toColumns: budget) }
        let room = budget - DisplayWidth.columns(of: status) - 3
        // A label cut to fewer than 4 columns says nothing: the status alone then.
        guard room >= 4 else { return DisplayWidth.truncate(status, toColumns: budget) }
        return DisplayWidth.truncate(label, toColumns: room) + " · " + status
    }

    // MARK: - Tasks

    /// Draws the current frame; called with the state locked, so a stop() cannot interleave.
    private func draw(_ current: State) {
        let text = Spinner.line(
            frame: current.frame, label: current.label, status: current.status, elapsedSeconds: current.elapsedSeconds,
            theme: theme, width: width())
        console.writeError(Spinner.clearLine + text)
    }

    private func makeAnimation(generation: Int) -> Task<Void, Never> {
        let interval = frameInterval
        return Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                self?.advance(generation: generation) { $0.frame += 1 }
            }
        }
    }

    private func makeTicker(generation: Int) -> Task<Void, Never> {
        let unit = secondLength
        return Task { [weak self] in
            let start = ContinuousClock.now
            var seconds = 0
            while !Task.isCancelled {
                seconds += 1
                do { try await Task.sleep(until: start + unit * seconds, clock: .continuous) } catch { return }
                let elapsed = seconds
                self?.advance(generation: generation) { $0.elapsedSeconds = elapsed }
            }
        }
    }

    /// Applies a change and redraws, unless the spinner was stopped or restarted meanwhile.
    private func advance(generation: Int, _ change: (inout State) -> Void) {
        state.withLock { current in
            guard current.isRunning, current.generation == generation else { return }
            change(&current)
            draw(current)
        }
    }
}
