// `/improve` on a model (SPEC §8): the text goes to a chat provider as the user message with the
// mode's instruction as the system prompt; the reply, streamed, is the result.
import Foundation

/// A `WritingBackend` that asks a chat model.
public struct ModelWritingBackend: WritingBackend {
    private let provider: any ChatProvider
    private let model: ModelReference

    /// A backend asking `model` through `provider`.
    public init(provider: any ChatProvider, model: ModelReference) {
        self.provider = provider
        self.model = model
    }

    /// Applies the request's mode, without showing the text as it arrives.
    /// - Throws: the provider's errors.
    public func improveText(_ request: AIWritingRequestDTO) async throws -> AIWritingResponseDTO {
        try await improveText(request) { _ in }
    }

    /// Applies the request's mode, handing each piece of the result to `onText` as it arrives.
    /// - Throws: the provider's errors; `ProviderError.streamCutOff` when the reply was cut off.
    public func improveText(_ request: AIWritingRequestDTO, onText: @escaping @Sendable (String) -> Void)
        async throws -> AIWritingResponseDTO {
        let chat = ChatProviderRequest(
            model: model.model, system: WritingInstruction.systemPrompt(for: request.mode), history: [],
            message: request.text, conversationID: UUID.systemRandomLowercased())
        var received = ReceivedReply()
        try await received.receive(from: provider, request: chat, onText: onText)
        try Task.checkCancellation()
        guard received.completion != nil else {
            throw ProviderError.streamCutOff(reason: "the server ended the stream before the text was complete")
        }
        return AIWritingResponseDTO(resultText: received.text)
    }
}
