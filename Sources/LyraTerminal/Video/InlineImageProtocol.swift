// Which inline image protocol the terminal speaks, read from the environment only (never queried,
// never guessed): iTerm2's (iTerm2, WezTerm), which takes the JPEG frame as it is.
import Foundation

/// An escape-sequence protocol for showing a JPEG inside the terminal.
enum InlineImageProtocol: Equatable {
    /// `ESC ] 1337 ; File=inline=1;… : BASE64 BEL` (iTerm2, WezTerm).
    case iTerm2

    /// The protocol announced by `environment`, or nil. Kitty (`TERM=xterm-kitty`) is not used:
    /// its graphics protocol takes PNG or raw pixels, not JPEG, and Lyra has no image decoder.
    /// Sixel has no environment variable announcing it, so it is never assumed.
    static func detect(environment: [String: String]) -> InlineImageProtocol? {
        let program = environment["TERM_PROGRAM"] ?? ""
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" { return .iTerm2 }
        return nil
    }

    /// The escape sequence showing `jpeg` at most `cells` columns wide, followed by a newline.
    func sequence(for jpeg: Data, cells: Int) -> String {
        switch self {
        case .iTerm2:
            return "\u{1B}]1337;File=inline=1;size=\(jpeg.count);width=\(cells);preserveAspectRatio=1:"
                + jpeg.base64EncodedString() + "\u{07}\n"
        }
    }
}
