// The one reading of a `--name=value` word, shared by the command line (LaunchOptions) and by
// commands that take long options (/improve).

/// A long option word split at its first `=`.
enum LongOption {
    /// `--style=formal` → (`--style`, `formal`); `--style` → (`--style`, nil); a word that does not
    /// start with `--` is returned whole.
    static func split(_ word: String) -> (name: String, inlineValue: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
