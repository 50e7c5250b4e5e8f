// How much colour the terminal can show, and the policy that decides it from the environment.
// Pure: the caller supplies the environment, the --no-color flag and whether stdout is a terminal.

/// The colour capability Lyra writes for, from none (plain text) to 24-bit colour.
public enum ColorLevel: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// No ANSI styling at all.
    case none
    /// The 16 standard colours (SGR 30–37, 90–97).
    case basic
    /// The xterm 256-colour palette (SGR 38;5;n).
    case ansi256
    /// 24-bit colour (SGR 38;2;r;g;b).
    case trueColor

    /// Orders levels by capability, `none` lowest.
    public static func < (lhs: ColorLevel, rhs: ColorLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Decides the colour level from the environment (SPEC §1 `--no-color`).
    ///
    /// `none` when `noColorFlag` is set, `NO_COLOR` is set and non-empty, `TERM` is `dumb`,
    /// or stdout is not a terminal; `trueColor` when `COLORTERM` is `truecolor` or `24bit`;
    /// `ansi256` when `TERM` contains `256color`; `basic` otherwise.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - noColorFlag: whether `--no-color` was given.
    ///   - stdoutIsTTY: whether standard output is a terminal.
    public static func resolve(
        environment: [String: String], noColorFlag: Bool, stdoutIsTTY: Bool
    ) -> ColorLevel {
        if noColorFlag || !stdoutIsTTY { return .none }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.contains("256color") { return .ansi256 }
        return .basic
    }
}
