// Describes a received request as JSON for `GET /_test/requests`: credential header values masked,
// bodies cut to a bound (SPEC §16), so the record neither leaks a token nor grows with uploads.

/// The recorded form of one request.
enum RequestRecord {
    /// What a credential header's value is recorded as.
    static let mask = "••••"

    /// `{"method", "path", "query", "headers", "body_bytes", "body_text", "parts"}`; see docs/API.md.
    /// - Parameter maxBodyBytes: how much of the body (and of each text part) is kept.
    static func describe(_ request: HTTPRequest, maxBodyBytes: Int) -> JSONValue {
        var query: [(String, JSONValue)] = []
        for (name, value) in request.query where !query.contains(where: { $0.0 == name }) {
            query.append((name, .string(value)))
        }
        var headers: [(String, JSONValue)] = []
        for (name, _) in request.headers where !headers.contains(where: { $0.0 == name }) {
            let value = request.header(name) ?? ""
            headers.append((name, .string(isCredential(name) ? masked(value) : value)))
        }
        return .object([
            ("method", .string(request.method)),
            ("path", .string(request.path)),
            ("query", .object(query)),
            ("headers", .object(headers)),
            ("body_bytes", .int(request.body.count)),
            ("body_text", bodyText(request, limit: maxBodyBytes).map(JSONValue.string) ?? .null),
            ("parts", parts(request, limit: maxBodyBytes) ?? .null),
            ("connection", .int(request.connection)),
        ])
    }

    /// Whether a header (lower-case name) carries a credential: the known ones, and any name that
    /// says key, token, secret or password. A harmless header masked by mistake costs a test a
    /// value; a credential shown costs the user a secret.
    static func isCredential(_ name: String) -> Bool {
        let name = name.lowercased()
        if ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(name) { return true }
        return ["key", "token", "secret", "password", "auth"].contains { name.contains($0) }
    }

    /// The masked form of a credential value: an authentication scheme (`Bearer`, `Basic`) is kept,
    /// so a test can still see which kind was sent; the credential itself never is.
    static func masked(_ value: String) -> String {
        let words = value.split(separator: " ", maxSplits: 1)
        guard words.count == 2, let scheme = words.first, scheme.count <= 16,
              scheme.allSatisfy({ $0.isASCII && $0.isLetter }) else { return mask }
        return "\(scheme) \(mask)"
    }

    /// The body as text when it is not empty, its media type is JSON or text (or absent) and it is
    /// valid UTF-8, cut to `limit` bytes with a note of its whole size.
    private static func bodyText(_ request: HTTPRequest, limit: Int) -> String? {
        let type = request.mediaType
        let isTextual = type.isEmpty || type.hasPrefix("text/") || type.contains("json")
            || type == "application/x-www-form-urlencoded"
        guard isTextual, !request.body.isEmpty else { return nil }
        return cut(request.body[...], limit: limit)
    }

    /// `bytes` as UTF-8 text when they are valid UTF-8; beyond `limit` bytes only the first `limit`
    /// (backed off to a character boundary) and `…[cut: N bytes in all]`.
    static func cut(_ bytes: ArraySlice<UInt8>, limit: Int) -> String? {
        guard bytes.count > limit else { return String(validating: bytes, as: UTF8.self) }
        var end = bytes.startIndex + max(limit, 0)
        // Back off over continuation bytes (10xxxxxx) so the cut falls between characters.
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        guard let prefix = String(validating: bytes[bytes.startIndex..<end], as: UTF8.self) else { return nil }
        return prefix + "…[cut: \(bytes.count) bytes in all]"
    }

    private static func parts(_ request: HTTPRequest, limit: Int) -> JSONValue? {
        guard request.mediaType == "multipart/form-data",
              let boundary = MultipartParser.boundary(fromContentType: request.header("content-type") ?? ""),
              let parts = try? MultipartParser.parse(request.body, boundary: boundary) else { return nil }
        return .array(parts.map { part in
            let value = part.filename == nil ? cut(part.body[...], limit: limit) : nil
            return .object([
                ("name", part.name.map(JSONValue.string) ?? .null),
                ("filename", part.filename.map(JSONValue.string) ?? .null),
                ("content_type", part.contentType.map(JSONValue.string) ?? .null),
                ("size", .int(part.body.count)),
                ("value", value.map(JSONValue.string) ?? .null),
            ])
        })
    }
}
