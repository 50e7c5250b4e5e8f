// The reply of `POST /pixverse/api/v1/template2video`: `{"video_id": 123, "detail": "Success"}`.
import Foundation

/// A started video generation.
public struct VideoStartResponseDTO: Codable, Equatable, Sendable {
    /// The id to poll with.
    public var videoID: FlexibleID
    /// The server's message.
    public var detail: String?

    /// Creates a response.
    public init(videoID: FlexibleID, detail: String? = nil) {
        self.videoID = videoID
        self.detail = detail
    }

    enum CodingKeys: String, CodingKey {
        case videoID = "video_id"
        case detail
    }
}
