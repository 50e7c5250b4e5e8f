// The session a store read or wrote last, with what it was read from: the session file's stamp and
// how far its journal was read. While both are unchanged, the session need not be read again.
import Foundation

/// A session as last read or written, and the state of its two files then.
struct RememberedSession {
    /// The session file's name.
    var file: String
    /// The stamp of the session file the session was read from (or written to).
    var stamp: SessionFileStamp
    /// The session: the file with the journal's lines applied.
    var session: ChatSession
    /// The journal's size when last read.
    var journalSize = 0
    /// The offset after the journal's last complete line.
    var journalValid = 0
    /// The journal's complete lines, applied or not.
    var lines = 0
    /// The journal's lines that could not be read, to keep aside at the next fold.
    var unreadable: [[UInt8]] = []

    /// Applies the journal lines in `contents` (read from `journalValid` on).
    mutating func absorb(_ contents: SessionJournalContents) {
        for line in contents.lines {
            for edit in line.edits { edit.apply(to: &session) }
        }
        lines += contents.lineCount
        unreadable += contents.unreadable
        journalValid = contents.validBytes
        journalSize = contents.size
    }

    /// Whether a line of `bytes` bytes may still be appended, or the journal must be folded first:
    /// at most ``SessionJournal/maximumLines`` lines and ``SessionJournal/maximumBytes`` bytes, no
    /// unreadable line waiting to be kept aside, and the folded file must stay under the session
    /// file limit (a pretty-printed message takes less than twice its journal line).
    func journalTakes(_ bytes: Int) -> Bool {
        lines < SessionJournal.maximumLines && unreadable.isEmpty && journalValid + bytes <= SessionJournal.maximumBytes
            && Int(stamp.size) + 2 * (journalValid + bytes) + 4096 <= SessionFileLimits.maximumFileBytes
    }

    /// Records that `line` was appended (after the journal was cut to `journalValid`) and `session` is now current.
    mutating func appended(_ line: Int, giving session: ChatSession) {
        journalValid += line
        journalSize = journalValid
        lines += 1
        self.session = session
    }
}
