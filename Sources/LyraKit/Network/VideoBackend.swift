// The video feature's view of the backend: templates, start, poll, download. `APIClient` is the live one.
import Foundation

/// Generates videos from templates and photos.
public protocol VideoBackend: Sendable {
    /// The available templates.
    /// - Throws: `APIError`.
    func fetchTemplates() async throws -> [VideoTemplateDTO]

    /// Starts a generation from `templateID`, an optional prompt and 1–3 JPEG files (already checked).
    /// - Throws: `APIError`, or `StorageError` when a photo cannot be read.
    func startVideo(templateID: String, prompt: String?, photos: [URL]) async throws -> VideoStartResponseDTO

    /// The status of video `id`.
    /// - Throws: `APIError`.
    func videoStatus(id: String) async throws -> VideoStatusDTO

    /// Streams the video at `urlString` (absolute, or relative to the base URL) into `destination`.
    /// - Throws: `APIError`, or `StorageError` when the file cannot be written.
    func downloadVideo(
        from urlString: String, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws
}
