// The in-memory state of the local backend: test configuration, queued faults, recorded requests,
// generated videos and purchased subscriptions. All of it behind one Mutex.

import Foundation
import Synchronization

/// Settings changed at run time through `POST /_test/config`.
struct BackendConfig: Sendable, Equatable {
    var videoPollsToComplete: Int?
    var relativeVideoURL = false
    var templatesBareArray = false
    var chatDelayMilliseconds = 0
    /// When above the demo reply's own length, the demo model's reply is padded to this many words (benchmarks).
    var demoReplyWords = 0
    /// How the thinking model sends its reasoning (`DemoThinkingReply.forms`).
    var thinkForm = "reasoning_content"
    /// The demo models' context window in tokens, reported by the window routes (`ContextWindowRoutes`).
    var contextWindow = ContextWindowRoutes.defaultWindow
    /// Whether a test set the window (then a `llama.cpp` backend refuses longer prompts, as llama-server does).
    var enforcesWindow = false
    /// Which server the window routes imitate (`ContextWindowRoutes.serverKinds`).
    var serverKind = ContextWindowRoutes.defaultServerKind
    /// When set, usage reports at most this many prompt tokens, as a server that silently cut the
    /// conversation at its window does (Ollama).
    var silentTruncateTokens: Int?
}

/// A fault queued through `POST /_test/faults`, applied to the next matching requests.
struct InjectedFault: Sendable, Equatable {
    var pathPrefix: String
    var method: String?
    var status: Int?
    var body: String?
    var headers: [String: String] = [:]
    var delayMilliseconds = 0
    var drop = false
    var truncate = false
    var remaining = 1
    /// Wait for `POST /_test/release` before answering.
    var hold = false
    /// An error body in a named shape (`OpenAIErrorResponse.Kind`), with an optional `message`.
    var errorKind: OpenAIErrorResponse.Kind?
    var message: String?
    /// How a streamed chat completion misbehaves.
    var stream = ChatStreamFault()
    /// Raw body bytes (from `body_base64`), e.g. a gzip bomb; wins over `body`.
    var rawBody: [UInt8]?
    /// A chunked body written one chunk every `chunkIntervalMilliseconds` (then held open when `stall`).
    var chunks: [String]?
    var chunkIntervalMilliseconds = 0
    var stall = false
    /// Close the kept-alive connection when no next request arrives within this many milliseconds.
    var idleCloseMilliseconds: Int?

    func matches(method requestMethod: String, path: String) -> Bool {
        path.hasPrefix(pathPrefix) && (method.map { $0.uppercased() == requestMethod.uppercased() } ?? true)
    }
}

/// A generated video and how often its status was asked for.
struct VideoRecord: Sendable {
    let bytes: [UInt8]
    let pollsToComplete: Int
    var polls = 0
}

/// Shared mutable state of one `LocalBackend`.
final class BackendState: Sendable {
    private struct Contents {
        var config = BackendConfig()
        var faults: [InjectedFault] = []
        var requests: [JSONValue] = []
        var videos: [Int: VideoRecord] = [:]
        var nextVideoID = 1001
        /// user id → product id → expiry.
        var subscriptions: [String: [String: Date]] = [:]
        /// Connections accepted since the last reset.
        var acceptedConnections = 0
        /// Kept-alive connections closed for being idle since the last reset.
        var idleCloses = 0
        /// Monotonic send times (ns) of the chunks of the latest chunked fault response.
        var chunkSendTimes: [UInt64] = []
    }

    private let contents = Mutex(Contents())
    /// Where `hold` and `pause_after_words` faults wait for `POST /_test/release`.
    let releaseGate = ReleaseGate()

    /// Bounds that keep a long-running `lyra serve` from growing without limit.
    static let maxRecordedRequests = 1000
    static let maxStoredVideos = 100

    // MARK: - Configuration

    var config: BackendConfig { contents.withLock { $0.config } }

    func updateConfig(_ change: (inout BackendConfig) -> Void) -> BackendConfig {
        contents.withLock { data in
            change(&data.config)
            return data.config
        }
    }

    /// Clears faults, recorded requests, configuration and subscriptions (videos stay downloadable),
    /// and releases held responses.
    func reset() {
        defer { releaseGate.releaseAll() }
        contents.withLock { data in
            data.config = BackendConfig()
            data.faults = []
            data.requests = []
            data.subscriptions = [:]
            data.acceptedConnections = 0
            data.idleCloses = 0
            data.chunkSendTimes = []
        }
    }

    // MARK: - Connections and chunk timing (for transport tests)

    /// Counts one accepted connection.
    func countAcceptedConnection() -> Int {
        contents.withLock { data in
            data.acceptedConnections += 1
            return data.acceptedConnections
        }
    }

    /// Connections accepted since the last reset.
    var acceptedConnections: Int { contents.withLock { $0.acceptedConnections } }

    /// Counts a connection closed for being idle.
    func countIdleClose() {
        contents.withLock { $0.idleCloses += 1 }
    }

    /// Connections closed for being idle since the last reset.
    var idleCloses: Int { contents.withLock { $0.idleCloses } }

    /// Records that chunk `index` of a chunked fault response was sent at monotonic time `nanoseconds`.
    func recordChunkSent(index: Int, nanoseconds: UInt64) {
        contents.withLock { data in
            if index == 0 { data.chunkSendTimes = [] }
            data.chunkSendTimes.append(nanoseconds)
        }
    }

    /// Send times of the latest chunked fault response's chunks.
    var chunkSendTimes: [UInt64] { contents.withLock { $0.chunkSendTimes } }

    // MARK: - Faults and recorded requests

    func enqueue(_ faults: [InjectedFault]) {
        contents.withLock { $0.faults.append(contentsOf: faults) }
    }

    /// Consumes one count of the first fault matching the request.
    func takeFault(method: String, path: String) -> InjectedFault? {
        contents.withLock { data in
            guard let index = data.faults.firstIndex(where: { $0.matches(method: method, path: path) }) else {
                return nil
            }
            let fault = data.faults[index]
            data.faults[index].remaining -= 1
            if data.faults[index].remaining <= 0 { data.faults.remove(at: index) }
            return fault
        }
    }

    /// Records a request; only the latest `maxRecordedRequests` are kept.
    func record(_ request: JSONValue) {
        contents.withLock { data in
            data.requests.append(request)
            if data.requests.count > BackendState.maxRecordedRequests { data.requests.removeFirst() }
        }
    }

    var recordedRequests: [JSONValue] { contents.withLock { $0.requests } }

    // MARK: - Videos

    /// Stores a finished video and returns its id.
    func storeVideo(_ bytes: [UInt8], pollsToComplete: Int) -> Int {
        contents.withLock { data in
            let id = data.nextVideoID
            data.nextVideoID += 1
            data.videos[id] = VideoRecord(bytes: bytes, pollsToComplete: pollsToComplete)
            data.videos[id - BackendState.maxStoredVideos] = nil
            return id
        }
    }

    /// Counts one status poll; returns the poll number (from 1) and the polls needed, nil for unknown ids.
    func pollVideo(_ id: Int) -> (poll: Int, needed: Int)? {
        contents.withLock { data in
            guard var video = data.videos[id] else { return nil }
            video.polls += 1
            data.videos[id] = video
            return (video.polls, video.pollsToComplete)
        }
    }

    /// The bytes of a video once it may be downloaded.
    func videoBytes(_ id: Int) -> [UInt8]? {
        contents.withLock { $0.videos[id]?.bytes }
    }

    // MARK: - Subscriptions

    func activate(userID: String, productID: String, expiresAt: Date) {
        contents.withLock { $0.subscriptions[userID, default: [:]][productID] = expiresAt }
    }

    /// The purchased products of a user, sorted by product id.
    func subscriptions(of userID: String) -> [(productID: String, expiresAt: Date)] {
        contents.withLock { data in
            (data.subscriptions[userID] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }
}
