// What Lyra knows about the terminal it runs in: which streams are terminals, the width, the colour level.
// Detection reads isatty(3) and the environment once; the width is measured again on every read.
import Foundation

/// The terminal Lyra runs in: TTY-ness of the three standard streams, colour level and width.
public struct Terminal: Sendable {
    /// Whether standard input is a terminal.
    public let stdinIsTTY: Bool
    /// Whether standard output is a terminal.
    public let stdoutIsTTY: Bool
    /// Whether standard error is a terminal.
    public let stderrIsTTY: Bool
    /// The colour level decided at detection.
    public let colorLevel: ColorLevel
    /// The `COLUMNS` environment variable at detection, if any.
    public let columnsVariable: String?
    /// Measures the window width of a file descriptor; `nil` when it is not a terminal.
    private let windowColumns: @Sendable (Int32) -> Int?

    /// The narrowest width Lyra lays text out for.
    public static let minimumWidth = 20
    /// The width used when nothing else tells.
    public static let fallbackWidth = 80

    /// Creates a terminal description from known facts (tests and callers with their own probing).
    /// - Parameters:
    ///   - windowColumns: the width of the window behind a file descriptor, `nil` when unknown.
    public init(
        stdinIsTTY: Bool, stdoutIsTTY: Bool, stderrIsTTY: Bool, colorLevel: ColorLevel,
        columnsVariable: String? = nil,
        windowColumns: @escaping @Sendable (Int32) -> Int? = { _ in nil }
    ) {
        self.stdinIsTTY = stdinIsTTY
        self.stdoutIsTTY = stdoutIsTTY
        self.stderrIsTTY = stderrIsTTY
        self.colorLevel = colorLevel
        self.columnsVariable = columnsVariable
        self.windowColumns = windowColumns
    }

    /// Detects the real terminal: `isatty` on descriptors 0, 1, 2 and the colour policy.
    /// - Parameters:
    ///   - environment: the process environment (`NO_COLOR`, `TERM`, `COLORTERM`, `COLUMNS`).
    ///   - noColorFlag: whether `--no-color` was given.
    public static func detect(environment: [String: String], noColorFlag: Bool) -> Terminal {
        let stdoutIsTTY = isatty(1) == 1
        return Terminal(
            stdinIsTTY: isatty(0) == 1,
            stdoutIsTTY: stdoutIsTTY,
            stderrIsTTY: isatty(2) == 1,
            colorLevel: ColorLevel.resolve(
                environment: environment, noColorFlag: noColorFlag, stdoutIsTTY: stdoutIsTTY),
            columnsVariable: environment["COLUMNS"],
            windowColumns: Terminal.measureWindowColumns
        )
    }

    /// Whether Lyra talks to a person: both standard input and standard output are terminals.
    public var isInteractive: Bool { stdinIsTTY && stdoutIsTTY }

    /// The current width in columns, measured on each read: the window of stdout, then of stderr,
    /// then `COLUMNS`, then 80; never less than 20.
    public var width: Int {
        Terminal.resolveWidth(
            stdoutColumns: windowColumns(1), stderrColumns: windowColumns(2),
            columnsVariable: columnsVariable)
    }

    /// The width policy as a pure function: the first positive of the window widths and `COLUMNS`,
    /// else 80; at least ``minimumWidth``.
    public static func resolveWidth(
        stdoutColumns: Int?, stderrColumns: Int?, columnsVariable: String?
    ) -> Int {
        // `COLUMNS` is read only when no window answers: the width is asked for on every screen update.
        let chosen = [stdoutColumns, stderrColumns].lazy.compactMap { $0 }.first { $0 > 0 }
            ?? columnsVariable.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 > 0 ? $0 : nil }
            ?? fallbackWidth
        return max(chosen, minimumWidth)
    }

    /// The window width of a terminal file descriptor via `TIOCGWINSZ`, `nil` when unavailable.
    @Sendable public static func measureWindowColumns(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
