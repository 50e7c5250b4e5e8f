// BackendTestConfiguration: the knobs of the local backend's `POST /_test/config` route.
// Fields left nil are not sent, so the backend keeps their current values.
import Foundation

/// Test-only behaviour switches of the local backend.
public struct BackendTestConfiguration: Sendable, Equatable, Encodable {
    /// How many status polls a video takes to reach `completed`.
    public var videoPollsToComplete: Int?
    /// Whether `video_url` is relative to the base URL instead of absolute.
    public var relativeVideoURL: Bool?
    /// Whether `get_templates` answers a bare JSON array instead of `{"templates": [...]}`.
    public var templatesBareArray: Bool?
    /// A delay before each chat reply, in milliseconds.
    public var chatDelayMilliseconds: Int?
    /// How `lyra-think` sends its reasoning: `reasoning_content`, `reasoning`, `tags`, `open` or `split`.
    public var thinkForm: String?
    /// The context window the window routes report (`/props`, `/api/ps`, `/api/show`, `/v1/models`).
    public var contextWindow: Int?
    /// Which server the window routes imitate: `llama.cpp`, `ollama`, `ollama-unloaded`, `openrouter` or `none`.
    public var serverKind: String?
    /// Usage reports at most this many prompt tokens (a server that cut the conversation silently).
    public var silentTruncateTokens: Int?
    /// The demo model's reply padded to this many words (one paragraph).
    public var demoReplyWords: Int?

    enum CodingKeys: String, CodingKey {
        case videoPollsToComplete = "video_polls_to_complete"
        case relativeVideoURL = "relative_video_url"
        case templatesBareArray = "templates_bare_array"
        case chatDelayMilliseconds = "chat_delay_ms"
        case thinkForm = "think_form"
        case contextWindow = "context_window"
        case serverKind = "server_kind"
        case silentTruncateTokens = "silent_truncate_tokens"
        case demoReplyWords = "demo_reply_words"
    }

    /// Creates a configuration; nil fields are left as the backend has them.
    public init(videoPollsToComplete: Int? = nil, relativeVideoURL: Bool? = nil,
                templatesBareArray: Bool? = nil, chatDelayMilliseconds: Int? = nil, thinkForm: String? = nil,
                contextWindow: Int? = nil, serverKind: String? = nil, silentTruncateTokens: Int? = nil,
                demoReplyWords: Int? = nil) {
        self.demoReplyWords = demoReplyWords
        self.thinkForm = thinkForm
        self.contextWindow = contextWindow
        self.serverKind = serverKind
        self.silentTruncateTokens = silentTruncateTokens
        self.videoPollsToComplete = videoPollsToComplete
        self.relativeVideoURL = relativeVideoURL
        self.templatesBareArray = templatesBareArray
        self.chatDelayMilliseconds = chatDelayMilliseconds
    }
}
