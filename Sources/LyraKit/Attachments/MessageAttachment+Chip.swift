// How an attachment reads in one line (SPEC §13): `[image: photo.jpg · 1280×720 · 240 KB]` in
// transcripts and exports. Raw text: the terminal layer sanitises what it prints.

extension MessageAttachment {
    /// `[image: NAME · W×H · SIZE]`.
    public var chip: String { "[\(kind): " + details + "]" }

    /// `NAME · W×H · SIZE` (the size in pixels left out when unknown).
    public var details: String {
        var parts = [name.isEmpty ? kind : name]
        if width > 0, height > 0 { parts.append("\(width)×\(height)") }
        parts.append(Self.sizeText(bytes))
        return parts.joined(separator: " · ")
    }

    /// `980 B`, `240 KB`, `1.5 MB` (binary units, as the spec's chip writes them).
    public static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return "\(Int((Double(bytes) / 1024).rounded())) KB" }
        let tenths = Int((Double(bytes) / Double(1 << 20) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
