// The session a store read or wrote last, with what it was read from: the session file's stamp and
// how far its journal was read. While both are unchanged, the session need not be read again.
import Foundation

/// A session as last read or written, and the state of its two files then.
struct RememberedSession {
    /// The session file's name.
    var file: String
    /// The stamp of the session file the session was read from (or written to).
    var stamp: SessionFileStamp
    /// The session: the file with the journal's live lines applied.
    var session: ChatSession
    /// The journal's size when last read.
    var journalSize = 0
    /// The offset after the journal's last complete line.
    var journalValid = 0
    /// The journal's lines written against `stamp` (the others are stale).
    var liveLines = 0

    /// Applies the journal lines in `contents` (read from `journalValid` on) that match `stamp`.
    mutating func absorb(_ contents: SessionJournalContents) {
        for line in contents.lines where line.base == stamp {
            for edit in line.edits { edit.apply(to: &session) }
            liveLines += 1
        }
        journalValid = contents.validBytes
        journalSize = contents.size
    }

    /// How many bytes of the journal a writer keeps: the complete lines, or none when all are stale.
    var journalKept: Int { liveLines > 0 ? journalValid : 0 }

    /// Whether a line of `bytes` bytes may still be appended, or the journal must be folded first:
    /// at most ``SessionJournal/maximumLines`` lines and ``SessionJournal/maximumBytes`` bytes, and the
    /// folded file must stay under the session file limit (a pretty-printed message takes less than
    /// twice its journal line).
    func journalTakes(_ bytes: Int) -> Bool {
        let kept = journalKept
        return liveLines < SessionJournal.maximumLines && kept + bytes <= SessionJournal.maximumBytes
            && Int(stamp.size) + 2 * (kept + bytes) + 4096 <= SessionFileLimits.maximumFileBytes
    }

    /// Records that `line` was appended (after the journal was cut to `journalKept`) and `session` is now current.
    mutating func appended(_ line: Int, giving session: ChatSession) {
        journalValid = journalKept + line
        journalSize = journalValid
        liveLines += 1
        self.session = session
    }
}
