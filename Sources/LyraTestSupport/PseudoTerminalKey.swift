// PseudoTerminalSession.Key: the keys a test can press, as the bytes a terminal sends for them.
import Foundation

extension PseudoTerminalSession {
    /// A key press, sent as the bytes an xterm in normal cursor mode sends.
    public enum Key: Sendable, Hashable, CaseIterable {
        /// Return: `"\r"` (the terminal turns it into `\n` for a canonical-mode reader).
        case enter
        /// Tab: `"\t"`.
        case tab
        /// Backspace: DEL, 0x7F.
        case backspace
        /// Ctrl-A: start of line in emacs mode.
        case ctrlA
        /// Ctrl-C: the terminal sends SIGINT to the foreground process group.
        case ctrlC
        /// Ctrl-D: end of input on an empty line.
        case ctrlD
        /// Ctrl-E: end of line in emacs mode.
        case ctrlE
        /// Ctrl-K: kill to end of line.
        case ctrlK
        /// Ctrl-L: clear screen.
        case ctrlL
        /// Ctrl-R: reverse history search.
        case ctrlR
        /// Ctrl-U: kill the whole line.
        case ctrlU
        /// Ctrl-W: kill the previous word.
        case ctrlW
        /// Escape: `"\u{1B}"`.
        case escape
        /// Up arrow: `"\u{1B}[A"`.
        case up
        /// Down arrow: `"\u{1B}[B"`.
        case down
        /// Right arrow: `"\u{1B}[C"`.
        case right
        /// Left arrow: `"\u{1B}[D"`.
        case left
        /// Home: `"\u{1B}[H"`.
        case home
        /// End: `"\u{1B}[F"`.
        case end
        /// Delete (forward): `"\u{1B}[3~"`.
        case delete

        /// The bytes the terminal sends for this key.
        public var sequence: String {
            switch self {
            case .enter: return "\r"
            case .tab: return "\t"
            case .backspace: return "\u{7F}"
            case .ctrlA: return "\u{01}"
            case .ctrlC: return "\u{03}"
            case .ctrlD: return "\u{04}"
            case .ctrlE: return "\u{05}"
            case .ctrlK: return "\u{0B}"
            case .ctrlL: return "\u{0C}"
            case .ctrlR: return "\u{12}"
            case .ctrlU: return "\u{15}"
            case .ctrlW: return "\u{17}"
            case .escape: return "\u{1B}"
            case .up: return "\u{1B}[A"
            case .down: return "\u{1B}[B"
            case .right: return "\u{1B}[C"
            case .left: return "\u{1B}[D"
            case .home: return "\u{1B}[H"
            case .end: return "\u{1B}[F"
            case .delete: return "\u{1B}[3~"
            }
        }
    }
}
