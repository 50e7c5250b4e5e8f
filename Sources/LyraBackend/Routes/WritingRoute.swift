// `POST /ai-writing`: checks that exactly one mode is set and answers `{"result_text": ...}`.

/// The writing route of SPEC §4.
enum WritingRoute {
    static let routes: [BackendRouter.Route] = [
        .init(method: "POST", pattern: ["ai-writing"], access: .app, handler: write),
    ]

    private static let modeNames = "improve, rewrite, fix_grammar, shorten, translate_to, style"

    private static func write(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let body = try context.jsonObjectBody()
        guard let text = body["text"]?.stringValue else {
            throw RouteFailure(status: 422, detail: "field 'text' is required and must be a string")
        }
        guard !text.trimmingWhitespaceAndNewlines.isEmpty else {
            throw RouteFailure(status: 422, detail: "field 'text' must not be empty")
        }
        let mode = try mode(of: body)
        return .json(.object([("result_text", .string(WritingEditor.edit(text, mode: mode)))]))
    }

    /// The single mode the body selects.
    /// - Throws: 422 when none or several are set, or a field has the wrong type.
    static func mode(of body: JSONValue) throws(RouteFailure) -> WritingMode {
        var modes: [WritingMode] = []
        let flags: [(String, WritingMode)] = [
            ("improve", .improve), ("rewrite", .rewrite), ("fix_grammar", .fixGrammar), ("shorten", .shorten),
        ]
        for (name, mode) in flags {
            guard let value = body[name], !value.isNull else { continue }
            guard let flag = value.boolValue else {
                throw RouteFailure(status: 422, detail: "field '\(name)' must be a boolean")
            }
            if flag { modes.append(mode) }
        }
        if let language = try optionalText(body, "translate_to") { modes.append(.translate(to: language)) }
        if let style = try optionalText(body, "style") { modes.append(.style(style)) }
        guard modes.count == 1, let mode = modes.first else {
            let found = modes.isEmpty ? "none" : "\(modes.count)"
            throw RouteFailure(status: 422, detail: "exactly one of \(modeNames) must be set (found \(found))")
        }
        return mode
    }

    private static func optionalText(_ body: JSONValue, _ name: String) throws(RouteFailure) -> String? {
        guard let value = body[name], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw RouteFailure(status: 422, detail: "field '\(name)' must be a string or null")
        }
        let trimmed = String(text.trimmingWhitespaceAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
