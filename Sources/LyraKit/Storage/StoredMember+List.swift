// Lists of stored objects (a message's `attachments`): a JSON array whose elements go through
// their own field table, left out of the file while empty.
import Foundation

extension Array: StoredValue where Element: StoredObject {
    /// The array at the reader's position (`null`: nil); an element that is `null` is dropped.
    static func read(from reader: inout SessionFileReader, at place: () -> String) throws(JSONScanFailure) -> [Element]? {
        if reader.scanner.skipNull() { return nil }
        guard reader.scanner.peek() == UInt8(ascii: "[") else { throw reader.unexpected(at: place) }
        var elements: [Element] = []
        var index = 0
        try reader.scanner.readArray { scanner throws(JSONScanFailure) in
            var inner = SessionFileReader(scanner: scanner)
            let position = index
            if let element = try Element.read(from: &inner, at: { place() + "[\(position)]" }) {
                elements.append(element)
            }
            index += 1
            scanner = inner.scanner
        }
        return elements
    }

    /// `[` elements `]`: one element per line at `indent` (their members one level deeper), or compact.
    func write(into output: inout [UInt8], indent: Int?) {
        output.append(UInt8(ascii: "["))
        for (position, element) in enumerated() {
            if let indent {
                output.append(contentsOf: (position == 0 ? "\n" : ",\n").utf8)
                JSONText.appendIndent(indent, to: &output)
            } else if position > 0 {
                output.append(UInt8(ascii: ","))
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

extension StoredMember {
    /// A list of stored objects, written only when it has elements (also when empty in a complete
    /// object); absent or `null`, empty.
    static func list<T: StoredObject>(_ key: String, _ get: @escaping Getter<[T]>,
                                      _ set: @escaping Setter<[T]>) -> StoredMember {
        let read: ValueReader<[T]?> = { reader, place throws(JSONScanFailure) in try [T].read(from: &reader, at: place) }
        return StoredMember(key, get, set, read: read, write: { value, object, output in
            let list = get(value)
            if !list.isEmpty || object.isComplete { object.member(key, list, into: &output) }
        })
    }
}
