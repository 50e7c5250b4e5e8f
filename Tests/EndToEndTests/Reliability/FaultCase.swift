// The fault matrix of issue 9: every backend endpoint Lyra calls × every way a server can fail,
// with the outcome a user must see. Driven by FaultMatrixTests through the local backend's faults.
import Foundation
import LyraTestSupport

/// An endpoint Lyra calls, the script line that reaches it and the fault path prefix that hits it.
enum FaultEndpoint: String, CaseIterable, Sendable {
    case chat, writing, templates, startVideo, status, download, apphud

    /// The fault path prefix (SPEC §4/§5 routes of the local backend).
    var path: String {
        switch self {
        case .chat: "/dola/chats"
        case .writing: "/ai-writing"
        case .templates: "/pixverse/api/v1/get_templates"
        case .startVideo: "/pixverse/api/v1/template2video"
        case .status: "/pixverse/api/v1/status"
        case .download: "/videos/"
        case .apphud: "/v1/customers"
        }
    }

    /// The one script line that calls this endpoint.
    var line: String {
        switch self {
        case .chat: "hello"
        case .writing: "/improve teh text"
        case .templates: "/video templates"
        case .startVideo, .status, .download: "/video 1 \(Fixtures.url("photos/red.jpg").path)"
        case .apphud: "/subscribe"
        }
    }

    /// Whether the endpoint has a base URL of its own that can be pointed at another server
    /// (status polls and downloads share the host of the upload that precedes them).
    var hasOwnBaseURL: Bool { ![.status, .download].contains(self) }

    /// A valid success body of this endpoint (truncated and oversized variants are built from it).
    var validBody: String {
        switch self {
        case .chat: #"{"chat_id": "x", "assistant_message": "a complete reply"}"#
        case .writing: #"{"result_text": "The text."}"#
        case .templates: #"{"templates": [{"id": 1, "name": "Slideshow"}]}"#
        case .startVideo: #"{"video_id": 1001, "detail": "Success"}"#
        case .status: #"{"status": "completed", "video_url": null}"#
        case .download: "RIFF....AVI "
        case .apphud: #"{"data": {"results": {"id": "u", "subscriptions": [], "placements": []}}}"#
        }
    }
}

/// One way a server fails.
enum FaultKind: String, CaseIterable, Sendable {
    case refused, dropped, truncated, timeout, status500, status502, status503, status504
    case unauthorized, paymentRequired, rateLimited, malformedJSON, wrongShape, emptyBody, hugeBody, slowDrip
}

/// One cell of the matrix.
struct FaultCase: Sendable, CustomStringConvertible {
    let endpoint: FaultEndpoint
    let fault: FaultKind

    var description: String { "\(endpoint.rawValue) × \(fault.rawValue)" }

    /// Every applicable cell: refused and slow drip need an endpoint with its own base URL.
    static let all: [FaultCase] = FaultEndpoint.allCases.flatMap { endpoint in
        FaultKind.allCases.filter { endpoint.hasOwnBaseURL || ![.refused, .slowDrip].contains($0) }
            .map { FaultCase(endpoint: endpoint, fault: $0) }
    }
}

/// What the user must see for a cell.
enum FaultOutcome: Sendable, Equatable {
    /// The line fails with exit status 1 and this text in its one `lyra: line 1:` message.
    case fails(String)
    /// The line still succeeds (status polls retry transient faults; downloads stream any bytes).
    case succeeds
}
