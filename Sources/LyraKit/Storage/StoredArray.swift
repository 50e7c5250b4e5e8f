// Arrays of stored objects as stored members (a message's `toolCalls`): read element by element
// through the element's field table, written one object per line in a session file.
import Foundation

extension Array: StoredValue where Element: StoredObject {
    /// The array at the reader's position; nil for `null`.
    /// - Throws: "unexpected value at PLACE" for a value that is no array, or a scanning failure.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> [Element]? {
        if reader.scanner.skipNull() { return nil }
        guard reader.scanner.peek() == UInt8(ascii: "[") else { throw reader.unexpected(at: place) }
        var elements: [Element] = []
        try reader.scanner.readArray { scanner throws(JSONScanFailure) in
            var inner = SessionFileReader(scanner: scanner)
            let index = elements.count
            if let element = try Element.read(from: &inner, at: { place() + "[\(index)]" }) { elements.append(element) }
            scanner = inner.scanner
        }
        return elements
    }

    /// `[` objects `]`: each object on its own line at `indent` (compact without one).
    func write(into output: inout [UInt8], indent: Int?) {
        output.append(UInt8(ascii: "["))
        for (index, element) in enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let indent {
                output.append(UInt8(ascii: "\n"))
                JSONText.appendIndent(indent, to: &output)
            }
            element.write(into: &output, indent: indent.map { $0 + 1 })
        }
        if let indent, !isEmpty {
            output.append(UInt8(ascii: "\n"))
            JSONText.appendIndent(indent - 1, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}
