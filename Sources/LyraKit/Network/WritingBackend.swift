// The writing feature's view of the backend (`/improve`). `APIClient` is the live one.
import Foundation

/// Edits text.
public protocol WritingBackend: Sendable {
    /// Applies the request's mode to its text.
    /// - Throws: `APIError`.
    func improveText(_ request: AIWritingRequestDTO) async throws -> AIWritingResponseDTO
}
