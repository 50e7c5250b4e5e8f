// Letter and digit tests for the Markdown parsers that answer an ASCII character from its byte: the
// Unicode property lookup behind `isLetter` and `isNumber` is the costliest step of a scan over
// plain text, and for ASCII its answer is known (letters A–Z and a–z, digits 0–9).

extension Character {
    /// `isLetter`, without a property lookup for an ASCII character.
    var isLetterQuickly: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
    }

    /// `isNumber`, without a property lookup for an ASCII character.
    var isNumberQuickly: Bool {
        guard let ascii = asciiValue else { return isNumber }
        return ascii >= 0x30 && ascii <= 0x39
    }
}
