// A JSON array of stored values (a message's `alternatives`): each element read and written as its
// kind says; `null` elements are left out.

extension Array: StoredValue where Element: StoredValue {
    /// The array at the reader's position; nil for `null`.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> [Element]? {
        if reader.scanner.skipNull() { return nil }
        guard reader.scanner.peek() == UInt8(ascii: "[") else { throw reader.unexpected(at: place) }
        var elements: [Element] = []
        var index = 0
        try reader.scanner.readArray { scanner throws(JSONScanFailure) in
            var inner = SessionFileReader(scanner: scanner)
            let at = index
            if let element = try Element.read(from: &inner, at: { place() + "[\(at)]" }) { elements.append(element) }
            index += 1
            scanner = inner.scanner
        }
        return elements
    }

    /// `[…]`: compact, or one element a line at `indent` (their members one level deeper).
    func write(into output: inout [UInt8], indent: Int?) {
        output.append(UInt8(ascii: "["))
        defer { output.append(UInt8(ascii: "]")) }
        guard !isEmpty else { return }
        for (position, element) in enumerated() {
            if let indent {
                output.append(contentsOf: (position == 0 ? "\n" : ",\n").utf8)
                JSONText.appendIndent(indent, to: &output)
                element.write(into: &output, indent: indent + 1)
            } else {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output, indent: nil)
            }
        }
        if let indent {
            output.append(UInt8(ascii: "\n"))
            JSONText.appendIndent(indent - 1, to: &output)
        }
    }
}
