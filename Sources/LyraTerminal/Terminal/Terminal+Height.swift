// The terminal's height, measured on each read like its width: the live preview of a streaming
// reply must never be taller than the screen (SPEC §9).
import Foundation

extension Terminal {
    /// The number of rows fewer than which Lyra never assumes.
    public static let minimumHeight = 3
    /// The height used when the window cannot be measured.
    public static let fallbackHeight = 24

    /// The current height in rows: the window of stdout, then of stderr, else 24.
    public var height: Int {
        let rows = [Int32(1), 2].lazy.compactMap(Terminal.measureWindowRows).first ?? Terminal.fallbackHeight
        return max(rows, Terminal.minimumHeight)
    }

    /// The window height of a terminal file descriptor via `TIOCGWINSZ`, `nil` when unavailable.
    @Sendable static func measureWindowRows(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}
