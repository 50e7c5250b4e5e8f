// One line of the listing cache `.index.tsv`: a session file's stamp and its summary (or why it
// is not a valid session).
/// One file's cached summary (or the reason it could not be read).
struct SessionIndexEntry: Equatable, Sendable {
    /// The file's name in the sessions directory.
    var file: String
    /// The stamp the summary was computed from.
    var stamp: SessionFileStamp
    /// The session's summary; nil for a damaged file.
    var summary: SessionSummary?
    /// Why the file is not a valid session; nil when it is.
    var problem: String?

    /// The entry for a readable session.
    init(file: String, stamp: SessionFileStamp, summary: SessionSummary) {
        self.file = file
        self.stamp = stamp
        self.summary = summary
    }

    /// The entry for a damaged file.
    init(file: String, stamp: SessionFileStamp, problem: String) {
        self.file = file
        self.stamp = stamp
        self.problem = problem
    }
}
