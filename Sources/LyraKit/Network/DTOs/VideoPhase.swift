// The meaning of a video status (SPEC §4): completed, failed (with the server's error) or in progress.
import Foundation

/// Where a video generation stands.
public enum VideoPhase: Equatable, Sendable {
    /// Done; the video can be downloaded.
    case completed
    /// Failed, with the server's `error` text when present.
    case failed(String?)
    /// Still working; the raw status text (`pending`, `generating`…).
    case inProgress(String)
}
