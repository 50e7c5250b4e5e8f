// The parts of a provider request that conversation control adds (SPEC §15): the session's
// sampling parameters and the `--schema` a reply must follow.

extension ChatProviderRequest {
    /// This request carrying `parameters` (nil or empty: none) and `responseFormat`.
    func with(parameters: ChatParameters?, responseFormat: ChatResponseFormat?) -> ChatProviderRequest {
        var request = self
        request.parameters = parameters?.isEmpty == false ? parameters : nil
        request.responseFormat = responseFormat
        return request
    }
}
