// The one tilde expansion for paths typed by the user or read from settings: a leading `~/` or a
// lone `~` means the home directory (an absolute HOME only); `~user` and other paths are kept.

/// Expands a leading `~` to the home directory.
public enum TildePath {
    /// `path` with a leading `~/` (or a lone `~`) replaced by `home`; unchanged when `home` is
    /// missing or not absolute, or when `path` does not start that way.
    public static func expanding(_ path: String, home: String?) -> String {
        guard let home, home.hasPrefix("/") else { return path }
        if path == "~" { return home }
        guard path.hasPrefix("~/") else { return path }
        return (home.hasSuffix("/") ? home : home + "/") + path.dropFirst(2)
    }
}
