// Whether a run starts with a chat turn, known from the command line alone: then libcurl is loaded
// in the background from the start, while configuration is read and the user's message saved.
extension LaunchOptions.Action {
    /// True for a one-shot prompt and for `-c` lines whose first line is a chat message (not a
    /// command, comment or blank); commands such as `-c /help` never load the network stack.
    var startsWithChat: Bool {
        switch self {
        case .prompt: return true
        case .lines(let lines):
            guard let first = lines.first?.drop(while: { $0 == " " || $0 == "\t" }), let head = first.first else {
                return false
            }
            return head != "/" && head != "#" && !first.hasPrefix("\"\"\"")
        default: return false
        }
    }
}
