// A video status poll: `{"status": "…", "video_url": null | "https://…", "error": "…"}`,
// and its interpretation as a `VideoPhase` per SPEC §4.
import Foundation

/// The answer to `GET /pixverse/api/v1/status`.
public struct VideoStatusDTO: Codable, Equatable, Sendable {
    /// The raw status (a number is kept as its text).
    public var status: String
    /// The video's URL once there is one.
    public var videoURL: String?
    /// The failure reason.
    public var error: String?

    /// Creates a status.
    public init(status: String, videoURL: String? = nil, error: String? = nil) {
        self.status = status
        self.videoURL = videoURL
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case status
        case videoURL = "video_url"
        case error
    }

    /// Decodes leniently: a missing status is empty, a numeric one becomes text, an odd `error` is dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = (try? container.decodeIfPresent(FlexibleID.self, forKey: .status))?.value ?? ""
        videoURL = try container.decodeIfPresent(String.self, forKey: .videoURL)
        error = try? container.decodeIfPresent(String.self, forKey: .error)
    }

    /// Failed when the status contains `fail` or `error`; completed when it is `completed` or
    /// `success` (any case) or a `video_url` is set; otherwise in progress.
    public var phase: VideoPhase {
        let lowered = status.trimmingCharacters(in: .whitespaces).lowercased()
        if lowered.contains("fail") || lowered.contains("error") {
            let reason = error.flatMap { $0.isEmpty ? nil : $0 }
            return .failed(reason)
        }
        if lowered == "completed" || lowered == "success" { return .completed }
        if let videoURL, !videoURL.isEmpty { return .completed }
        return .inProgress(status)
    }
}
