// `POST /dola/chats/{chatID}/messages`: a deterministic, clearly canned chat reply.

/// The chat route of SPEC §4.
enum ChatRoute {
    static let routes: [BackendRouter.Route] = [
        .init(method: "POST", pattern: ["dola", "chats", "{}", "messages"], access: .app, handler: reply),
    ]

    /// The canned reply to `message`; it quotes the whole message.
    static func replyText(to message: String) -> String {
        "Demo reply: you said \"\(message)\". (This answer comes from Lyra's built-in demo backend.)"
    }

    private static func reply(_ context: RouteContext) throws(RouteFailure) -> HTTPResponse {
        let body = try context.jsonObjectBody()
        guard let message = body["message"]?.stringValue else {
            throw RouteFailure(status: 422, detail: "field 'message' is required and must be a string")
        }
        guard !message.trimmingWhitespaceAndNewlines.isEmpty else {
            throw RouteFailure(status: 422, detail: "field 'message' must not be empty")
        }
        let delay = context.state.config.chatDelayMilliseconds
        if delay > 0, context.stopSignal.wait(milliseconds: delay) {
            return HTTPResponse(status: 503).droppingConnection()
        }
        let chatID = context.parameters.first ?? ""
        return .json(.object([
            ("chat_id", .string(chatID)),
            ("assistant_message", .string(replyText(to: message))),
        ]))
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines (Unicode-aware).
    var trimmingWhitespaceAndNewlines: Substring {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return view
    }
}
