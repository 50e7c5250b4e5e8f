// Describes a received request as JSON for `GET /_test/requests`.

/// The recorded form of one request.
enum RequestRecord {
    /// `{"method", "path", "query", "headers", "body_text", "parts"}`; see docs/API.md.
    static func describe(_ request: HTTPRequest) -> JSONValue {
        var query: [(String, JSONValue)] = []
        for (name, value) in request.query where !query.contains(where: { $0.0 == name }) {
            query.append((name, .string(value)))
        }
        var headers: [(String, JSONValue)] = []
        for (name, _) in request.headers where !headers.contains(where: { $0.0 == name }) {
            headers.append((name, .string(request.header(name) ?? "")))
        }
        return .object([
            ("method", .string(request.method)),
            ("path", .string(request.path)),
            ("query", .object(query)),
            ("headers", .object(headers)),
            ("body_text", bodyText(request).map(JSONValue.string) ?? .null),
            ("parts", parts(request) ?? .null),
        ])
    }

    /// The body as text when it is not empty, its media type is JSON or text (or absent) and it is valid UTF-8.
    private static func bodyText(_ request: HTTPRequest) -> String? {
        let type = request.mediaType
        let isTextual = type.isEmpty || type.hasPrefix("text/") || type.contains("json")
            || type == "application/x-www-form-urlencoded"
        guard isTextual, !request.body.isEmpty else { return nil }
        return String(validating: request.body, as: UTF8.self)
    }

    private static func parts(_ request: HTTPRequest) -> JSONValue? {
        guard request.mediaType == "multipart/form-data",
              let boundary = MultipartParser.boundary(fromContentType: request.header("content-type") ?? ""),
              let parts = try? MultipartParser.parse(request.body, boundary: boundary) else { return nil }
        return .array(parts.map { part in
            .object([
                ("name", part.name.map(JSONValue.string) ?? .null),
                ("filename", part.filename.map(JSONValue.string) ?? .null),
                ("content_type", part.contentType.map(JSONValue.string) ?? .null),
                ("size", .int(part.body.count)),
                ("value", part.text.map(JSONValue.string) ?? .null),
            ])
        })
    }
}
