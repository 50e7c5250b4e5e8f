// The reply of `POST /ai-writing`: `{"result_text": "…"}`.
import Foundation

/// The writing backend's result.
public struct AIWritingResponseDTO: Codable, Equatable, Sendable {
    /// The edited text.
    public var resultText: String

    /// Creates a response.
    public init(resultText: String) {
        self.resultText = resultText
    }

    enum CodingKeys: String, CodingKey {
        case resultText = "result_text"
    }
}
