// Everything a running command may use: output, styling, the mode it runs in, the services, and
// a way to ask for more input. The REPL and the script runner each build one.
import Foundation

/// Where the lines come from.
public enum InteractionMode: Sendable, Equatable {
    /// A person at the REPL: prompt, colour, bubbles, spinners.
    case interactive
    /// A script (stdin, `-f`, `-c`): plain data on stdout, diagnostics on stderr.
    case script
}

/// More input a command asks for while it runs (`/login`, a confirmation, `/improve` with no text).
@MainActor
public protocol FollowUpInput: AnyObject {
    /// The next line: typed at a prompt in the REPL, the next script line in a script
    /// (`nil` at end of input).
    func nextLine(prompt: String) async -> String?
    /// Like `nextLine`, without echo on a terminal.
    func nextSecret(prompt: String) async -> String?
}

/// The world a command runs in.
@MainActor
public final class CommandContext {
    /// The only writer to stdout and stderr.
    public let console: Console
    /// Semantic styles (plain when colour is off).
    public let theme: Theme
    /// What the terminal can do.
    public let terminal: Terminal
    /// Interactive REPL or script.
    public let mode: InteractionMode
    /// The commands, for `/help` and dispatch.
    public let registry: CommandRegistry
    /// Names offered by Tab completion.
    public let completionData: CompletionData
    /// The service layer, built lazily.
    public let services: AppServices
    /// Whether banners, hints and progress lines are hidden.
    public let quiet: Bool
    /// Where follow-up input comes from.
    public weak var input: (any FollowUpInput)?
    /// Sends chat messages: the path a typed line takes (set by the line interpreter).
    public weak var messageHandler: (any MessageHandling)?
    /// The input line being run (from 1).
    public var lineNumber = 0
    /// The current session's title, shown in the REPL prompt.
    public var sessionTitle: String?
    /// Text (`/file`, piped input) the next chat message carries.
    public let attachments = PendingAttachments()

    /// A context for one run of the REPL or a script.
    public init(console: Console, theme: Theme, terminal: Terminal, mode: InteractionMode,
                registry: CommandRegistry, completionData: CompletionData, services: AppServices, quiet: Bool) {
        self.console = console
        self.theme = theme
        self.terminal = terminal
        self.mode = mode
        self.registry = registry
        self.completionData = completionData
        self.services = services
        self.quiet = quiet
    }

    /// Whether rich terminal output (bubbles, diffs, cards, spinners) is wanted.
    public var isInteractive: Bool { mode == .interactive }

    /// Whether progress (spinners, progress lines) is drawn: interactive, stderr a terminal, not quiet.
    public var showsProgress: Bool { isInteractive && terminal.stderrIsTTY && !quiet }

    /// The one way to make a spinner: it draws on stderr only when `showsProgress`.
    public func makeSpinner() -> Spinner {
        let terminal = terminal
        return Spinner(console: console, theme: theme, enabled: showsProgress, width: { terminal.width })
    }

    /// Prints a hint (REPL only, not when quiet), muted, wrapped by words to the terminal's width.
    public func hint(_ text: String) {
        guard isInteractive, !quiet else { return }
        console.writeMessage(text, theme: theme, bodyStyle: .muted)
    }
}
