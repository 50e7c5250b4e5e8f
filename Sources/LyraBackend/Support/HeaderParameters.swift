// Parses `value; key=val; key2="quoted; val"` header parameters (Content-Type, Content-Disposition).

/// Header parameter parsing that respects quoted strings and backslash escapes.
enum HeaderParameters {
    /// The parameters after the first `;`, keys lower-cased, quotes removed.
    static func parse(_ value: String) -> [String: String] {
        var segments: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ";" && !inQuotes {
                segments.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        segments.append(current)
        var result: [String: String] = [:]
        for segment in segments.dropFirst() {
            guard let equals = segment.firstIndex(of: "=") else { continue }
            let key = segment[..<equals].lowercased().trimmed
            let raw = String(segment[segment.index(after: equals)...]).trimmed
            if !key.isEmpty, result[key] == nil { result[key] = raw }
        }
        return result
    }
}
