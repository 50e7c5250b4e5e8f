// The languages the code block highlighter knows: keywords, comment markers and string quotes per
// language, found by a fence's info string (`swift`, `py`, `ts`, `sh`…). A table, no logic.

/// How one programming language marks keywords, comments and strings.
struct CodeLanguage: Sendable {
    /// Words shown as keywords.
    let keywords: Set<String>
    /// Markers that comment out the rest of the line.
    let lineComments: [String]
    /// The markers of a comment that may span lines, when the language has one.
    let blockComment: (open: String, close: String)?
    /// Characters that open and close a string literal.
    let quotes: Set<Character>
    /// Whether a line comment marker counts only at the start of a word (`#` in shells).
    var commentNeedsSpaceBefore = false

    /// The language a fence info string names (its first word, any case), nil when unknown.
    static func named(_ info: String) -> CodeLanguage? {
        let name = info.split(separator: " ").first.map { $0.lowercased() } ?? ""
        switch name {
        case "swift": return swift
        case "python", "py", "python3": return python
        case "javascript", "js", "jsx", "mjs", "typescript", "ts", "tsx": return javascript
        case "go", "golang": return go
        case "rust", "rs": return rust
        case "c", "h", "cpp", "c++", "cc", "cxx", "hpp", "objc", "objective-c": return cFamily
        case "sh", "bash", "shell", "zsh", "console", "shell-session": return shell
        case "json", "jsonc": return json
        default: return nil
        }
    }

    private static let cStyleComment: (open: String, close: String)? = ("/*", "*/")

    static let swift = CodeLanguage(
        keywords: ["actor", "as", "async", "await", "break", "case", "catch", "class", "continue", "default",
                   "defer", "do", "else", "enum", "extension", "false", "fileprivate", "for", "func", "guard",
                   "if", "import", "in", "init", "inout", "internal", "is", "let", "mutating", "nil", "private",
                   "protocol", "public", "repeat", "return", "self", "Self", "some", "any", "static", "struct",
                   "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while"],
        lineComments: ["//"], blockComment: cStyleComment, quotes: ["\""])

    static let python = CodeLanguage(
        keywords: ["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
                   "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
                   "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
                   "try", "while", "with", "yield", "self", "match", "case"],
        lineComments: ["#"], blockComment: nil, quotes: ["\"", "'"])

    static let javascript = CodeLanguage(
        keywords: ["async", "await", "break", "case", "catch", "class", "const", "continue", "default", "delete",
                   "do", "else", "export", "extends", "false", "finally", "for", "from", "function", "if",
                   "import", "in", "instanceof", "interface", "let", "new", "null", "of", "return", "static",
                   "super", "switch", "this", "throw", "true", "try", "type", "typeof", "undefined", "var",
                   "void", "while", "yield", "enum", "implements", "readonly"],
        lineComments: ["//"], blockComment: cStyleComment, quotes: ["\"", "'", "`"])

    static let go = CodeLanguage(
        keywords: ["break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
                   "false", "for", "func", "go", "goto", "if", "import", "interface", "map", "nil", "package",
                   "range", "return", "select", "struct", "switch", "true", "type", "var"],
        lineComments: ["//"], blockComment: cStyleComment, quotes: ["\"", "`"])

    static let rust = CodeLanguage(
        keywords: ["as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
                   "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move",
                   "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true",
                   "type", "unsafe", "use", "where", "while"],
        lineComments: ["//"], blockComment: cStyleComment, quotes: ["\""])

    static let cFamily = CodeLanguage(
        keywords: ["auto", "bool", "break", "case", "char", "class", "const", "constexpr", "continue", "default",
                   "delete", "do", "double", "else", "enum", "extern", "false", "float", "for", "if", "include",
                   "inline", "int", "long", "namespace", "new", "nullptr", "private", "protected", "public",
                   "return", "short", "signed", "sizeof", "static", "struct", "switch", "template", "this",
                   "true", "typedef", "typename", "union", "unsigned", "using", "virtual", "void", "while",
                   "define", "NULL"],
        lineComments: ["//"], blockComment: cStyleComment, quotes: ["\"", "'"])

    static let shell = CodeLanguage(
        keywords: ["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
                   "in", "function", "return", "local", "export", "echo", "cd", "exit", "set", "unset",
                   "source", "sudo", "read"],
        lineComments: ["#"], blockComment: nil, quotes: ["\"", "'"], commentNeedsSpaceBefore: true)

    static let json = CodeLanguage(
        keywords: ["true", "false", "null"], lineComments: [], blockComment: nil, quotes: ["\""])
}
