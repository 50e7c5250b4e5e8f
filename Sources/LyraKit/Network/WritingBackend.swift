// The writing feature's view of the backend (`/improve`). `APIClient` is the live one.
import Foundation

/// Edits text.
public protocol WritingBackend: Sendable {
    /// Applies the request's mode to its text.
    /// - Throws: `APIError`.
    func improveText(_ request: AIWritingRequestDTO) async throws -> AIWritingResponseDTO

    /// Applies the request's mode, handing pieces of the result to `onText` as they arrive (a
    /// backend that answers whole never calls it).
    /// - Throws: the backend's errors.
    func improveText(_ request: AIWritingRequestDTO, onText: @escaping @Sendable (String) -> Void)
        async throws -> AIWritingResponseDTO
}

extension WritingBackend {
    /// Backends that answer whole: the result arrives at once, `onText` is not called.
    public func improveText(_ request: AIWritingRequestDTO, onText: @escaping @Sendable (String) -> Void)
        async throws -> AIWritingResponseDTO {
        try await improveText(request)
    }
}
