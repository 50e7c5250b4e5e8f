// Writes what each reliability case observed to the file named by LYRA_RELIABILITY_REPORT (when
// set), so docs/RELIABILITY.md can be filled from real runs. Does nothing otherwise.
import Foundation
import LyraTestSupport

enum ObservedOutcomes {
    /// Appends "case | exit status | first stderr line | seconds" to the report file.
    static func record(_ name: String, result: ProcessResult, elapsed: Duration) {
        guard let path = ProcessInfo.processInfo.environment["LYRA_RELIABILITY_REPORT"] else { return }
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? "(no message)"
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let line = "\(name) | \(result.status) | \(firstLine) | \(String(format: "%.2f", seconds))\n"
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { return }
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        try? handle.close()
    }
}
