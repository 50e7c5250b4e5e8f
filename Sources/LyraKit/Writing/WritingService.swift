// The writing feature's service (the app's AIWriting view model minus the screen): checks a request,
// builds the one-mode DTO of SPEC §4 and asks the `WritingBackend` for the result.
import Foundation

/// Applies writing modes to text through a backend.
public actor WritingService {
    private let backend: any WritingBackend

    /// A service over `backend` (the `APIClient` in the program, a fake in tests).
    public init(backend: any WritingBackend) {
        self.backend = backend
    }

    /// The request for `mode` on `text`, with exactly one mode set; the text is sent unchanged and
    /// a language or style is trimmed.
    /// - Throws: `WritingError` when the text is blank or the language/style is missing.
    public static func request(text: String, mode: WritingMode) throws(WritingError) -> AIWritingRequestDTO {
        guard text.contains(where: { !$0.isWhitespace }) else { throw .emptyText }
        switch mode {
        case .translate(let language):
            let trimmed = language.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw .missingLanguage }
            return AIWritingRequestDTO(text: text, mode: .translate(trimmed))
        case .style(let style):
            let trimmed = style.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw .missingStyle }
            return AIWritingRequestDTO(text: text, mode: .style(trimmed))
        case .improve, .rewrite, .grammar, .shorten:
            return AIWritingRequestDTO(text: text, mode: mode)
        }
    }

    /// Applies `mode` to `text`; a backend that streams hands pieces of the result to `onText`.
    /// - Throws: `WritingError` for a request that cannot be sent, `APIError` from the backend,
    ///   `CancellationError` when the task was cancelled before sending.
    public func apply(_ mode: WritingMode, to text: String,
                      onText: @escaping @Sendable (String) -> Void = { _ in }) async throws -> WritingResult {
        let request = try Self.request(text: text, mode: mode)
        try Task.checkCancellation()
        let response = try await backend.improveText(request, onText: onText)
        return WritingResult(original: text, mode: request.mode, text: response.resultText)
    }
}
