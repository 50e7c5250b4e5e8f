// Tests for Spinner: the line it draws, that it stays silent when disabled, and its tasks over time.
import Testing
import LyraTerminal

@Suite struct SpinnerTests {
    static let clear = "\r\u{1B}[2K"

    @Test func lineShowsFrameLabelAndElapsedSeconds() {
        #expect(Spinner.line(frame: 0, label: "waiting for reply", elapsedSeconds: 3, theme: .plain)
            == "⠋ waiting for reply · 3s")
        #expect(Spinner.line(frame: 1, label: "uploading", elapsedSeconds: 0, theme: .plain) == "⠙ uploading · 0s")
        #expect(Spinner.line(frame: 10, label: "x", elapsedSeconds: 61, theme: .plain) == "⠋ x · 61s")
    }

    @Test func lineIsColouredAndSanitised() {
        let theme = Theme(colorLevel: .trueColor)
        #expect(Spinner.line(frame: 0, label: "bad\u{1B}[2Jlabel\nnext", elapsedSeconds: 0, theme: theme)
            == "\u{1B}[38;2;139;92;246m⠋\u{1B}[0m badlabel next \u{1B}[38;2;148;163;184m· 0s\u{1B}[0m")
    }

    @Test func longLabelIsShortenedToTheWidth() {
        // Width 20 leaves 20 − 1 − 1 − 2 − 4 = 12 columns: 11 of the label and "…".
        let line = Spinner.line(frame: 0, label: "a very long label that will not fit", elapsedSeconds: 3,
                                theme: .plain, width: 20)
        #expect(line == "⠋ a very long… · 3s")
        #expect(Spinner.line(frame: 0, label: "short", elapsedSeconds: 3, theme: .plain, width: 20) == "⠋ short · 3s")
    }

    @Test func aStatusIsKeptWhenTheLabelMustBeShortened() {
        let subject = "video 1001 · Slideshow · 2 photos"
        let status = "processing · poll 2/40"
        // 40 columns leave 40 − 1 − 1 − 2 − 5 = 31 for the text: the status (22), ` · ` and 6 of the subject.
        let narrow = Spinner.line(frame: 0, label: subject, status: status, elapsedSeconds: 12, theme: .plain,
                                  width: 40)
        #expect(narrow == "⠋ video… · processing · poll 2/40 · 12s")
        #expect(DisplayWidth.columns(of: narrow) <= 39)
        // Wide enough: everything, in order.
        #expect(Spinner.line(frame: 0, label: subject, status: status, elapsedSeconds: 1, theme: .plain, width: 80)
            == "⠋ video 1001 · Slideshow · 2 photos · processing · poll 2/40 · 1s")
        // Too narrow even for the status: the status alone, cut, still within the width.
        let tiny = Spinner.line(frame: 0, label: subject, status: status, elapsedSeconds: 12, theme: .plain, width: 20)
        #expect(tiny.hasPrefix("⠋ processing"))
        #expect(DisplayWidth.columns(of: tiny) <= 19)
    }

    @Test func disabledSpinnerWritesNothing() {
        let err = CapturedOutput()
        let spinner = Spinner(console: Console(standardOutput: CapturedOutput(), standardError: err),
                              theme: .plain, enabled: false)
        spinner.start("waiting")
        spinner.update("still waiting")
        spinner.stop()
        #expect(err.text == "")
    }

    @Test func drawsOnStartUpdateAndClearsOnStop() {
        let err = CapturedOutput()
        let spinner = Spinner(console: Console(standardOutput: CapturedOutput(), standardError: err),
                              theme: .plain, enabled: true, frameInterval: .seconds(3600))
        spinner.start("waiting")
        #expect(err.text == Self.clear + "⠋ waiting · 0s")
        spinner.update("uploading photo 1")
        #expect(err.text == Self.clear + "⠋ waiting · 0s" + Self.clear + "⠋ uploading photo 1 · 0s")
        spinner.stop()
        #expect(err.text.hasSuffix("· 0s" + Self.clear))
        let afterStop = err.text
        spinner.stop()
        spinner.update("ignored")
        #expect(err.text == afterStop)
    }

    @Test func standardOutputIsFlushedBeforeTheSpinnerDraws() {
        let out = CapturedOutput()
        let console = Console(standardOutput: out, standardError: CapturedOutput())
        console.write("pending reply text")
        let spinner = Spinner(console: console, theme: .plain, enabled: true, frameInterval: .seconds(3600))
        spinner.start("waiting")
        spinner.stop()
        #expect(out.text == "pending reply text")
    }

    @Test func animatesAndCountsElapsedTime() async throws {
        let err = CapturedOutput()
        let spinner = Spinner(console: Console(standardOutput: CapturedOutput(), standardError: err),
                              theme: .plain, enabled: true, frameInterval: .milliseconds(2),
                              secondLength: .milliseconds(20))
        spinner.start("waiting")
        let reached = await Self.poll(deadline: .seconds(120)) {
            err.text.contains("⠙ waiting") && err.text.contains("waiting · 2s")
        }
        spinner.stop()
        #expect(reached, "saw: \(err.text.suffix(200).debugDescription)")
        #expect(err.text.hasSuffix(Self.clear))
    }

    @Test func restartingResetsTheElapsedTime() async throws {
        let err = CapturedOutput()
        let spinner = Spinner(console: Console(standardOutput: CapturedOutput(), standardError: err),
                              theme: .plain, enabled: true, frameInterval: .seconds(3600),
                              secondLength: .milliseconds(10))
        spinner.start("first")
        let ticked = await Self.poll(deadline: .seconds(120)) { err.text.contains("first · 1s") }
        #expect(ticked)
        spinner.start("second")
        #expect(err.text.hasSuffix(Self.clear + "⠋ second · 0s"))
        spinner.stop()
    }

    /// Polls `condition` every millisecond until it holds or `deadline` (a watchdog: the spinner's
    /// tasks wait for a cooperative thread, which a parallel run keeps busy) passes.
    static func poll(deadline: Duration, _ condition: () -> Bool) async -> Bool {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
