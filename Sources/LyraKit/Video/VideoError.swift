// Errors of the video feature (SPEC §4): refused photos, unknown templates, failed or timed-out
// generations and unusable output paths. Server text in them is already cleaned by `TextSanitizer`.
import Foundation

/// A video generation that could not start, finish or be saved; the description is shown to users.
public enum VideoError: Error, LocalizedError, Equatable, Sendable {
    /// Not 1–3 photos were given.
    case photoCount(Int)
    /// A photo does not exist.
    case photoMissing(String)
    /// A photo exists but cannot be read (the system's reason).
    case photoUnreadable(String, reason: String)
    /// A photo is a directory or another non-regular file.
    case photoNotAFile(String)
    /// A photo does not start with `FF D8 FF`.
    case photoNotJPEG(String)
    /// A photo is larger than the limit (its size in bytes).
    case photoTooLarge(String, bytes: Int64)
    /// No template has this id or name.
    case unknownTemplate(String)
    /// Several template names match (the matching names).
    case ambiguousTemplate(String, matches: [String])
    /// The server reported a failure, with its reason when given.
    case generationFailed(videoID: String, reason: String?)
    /// The video was not ready after the last allowed poll.
    case timedOut(videoID: String, polls: Int)
    /// Status polls kept failing with transient faults; the last one is given.
    case pollingFailed(videoID: String, reason: String)
    /// The video is done but the server sent no `video_url`.
    case missingVideoURL(videoID: String)
    /// The output location cannot be used (the reason).
    case unusableOutput(String, reason: String)

    /// A user-facing, single-line description.
    public var errorDescription: String? {
        switch self {
        case let .photoCount(count):
            return "expected 1 to 3 photos, got \(count)"
        case let .photoMissing(path):
            return "photo \(path): no such file"
        case let .photoUnreadable(path, reason):
            return "photo \(path) cannot be read: \(reason)"
        case let .photoNotAFile(path):
            return "photo \(path) is not a regular file"
        case let .photoNotJPEG(path):
            return "photo \(path) is not a JPEG (it does not start with FF D8 FF)"
        case let .photoTooLarge(path, bytes):
            return "photo \(path) is too large: \(Self.mebibytes(bytes)) (the limit is 20 MiB)"
        case let .unknownTemplate(reference):
            return "unknown template '\(reference)'"
        case let .ambiguousTemplate(reference, matches):
            return "template '\(reference)' is ambiguous: it matches \(matches.joined(separator: ", "))"
        case let .generationFailed(videoID, reason):
            guard let reason, !reason.isEmpty else { return "video \(videoID) failed" }
            return "video \(videoID) failed: \(reason)"
        case let .timedOut(videoID, polls):
            return "video \(videoID) was not ready after \(polls) status \(polls == 1 ? "poll" : "polls"); "
                + "raise videoMaxPolls or try again later"
        case let .pollingFailed(videoID, reason):
            return "video \(videoID): status check failed: \(reason)"
        case let .missingVideoURL(videoID):
            return "video \(videoID) is complete but the server sent no video_url"
        case let .unusableOutput(path, reason):
            return "cannot save the video to \(path): \(reason)"
        }
    }

    /// `bytes` as mebibytes with one decimal, e.g. `21.0 MiB`.
    static func mebibytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + (1 << 20) / 2) / (1 << 20)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

extension VideoError: AdvisingError {
    /// What the user can do: look at the templates when a reference matches none.
    public var advice: RecoveryAdvice? {
        if case .unknownTemplate = self { return .listTemplates }
        return nil
    }
}
