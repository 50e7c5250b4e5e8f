// A floating-point number in session files and journal lines (a session's `temperature`, `topP`).

extension Double: StoredValue {
    /// A JSON number; a number too large for a `Double` reads as unexpected.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> Double? {
        if reader.scanner.skipNull() { return nil }
        guard let byte = reader.scanner.peek(), byte == UInt8(ascii: "-") || (48...57).contains(byte),
              let value = Double(try reader.scanner.readNumberText()), value.isFinite else {
            throw reader.unexpected(at: place)
        }
        return value
    }

    /// The shortest text that reads back as the same number (`0.2`, `1e-05`); `0` for a value that
    /// is not finite, which JSON cannot hold.
    func write(into output: inout [UInt8], indent: Int?) {
        output.append(contentsOf: (isFinite ? ChatParameters.text(self) : "0").utf8)
    }
}
