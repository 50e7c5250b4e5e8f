// Which stored images a deleted session leaves unused (SPEC §13): under the sessions directory's
// lock, each candidate is looked for (its digest's text) in every session file and journal, and
// removed from the attachment store when none holds it. A save takes the same lock, and a send
// stores its images again after saving the message, so a concurrent Lyra never loses an image.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension SessionStore {
    /// Removes from `attachments` the images of `digests` that no session file or journal in the
    /// directory mentions any more. Failures leave files in place (an unused image costs disk only).
    func removeUnusedImages(_ digests: Set<String>, from attachments: AttachmentStore) {
        guard !digests.isEmpty else { return }
        let directoryPath = directory.path
        try? withDirectoryLock {
            var unused = digests
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directoryPath)) ?? []
            for name in names where !unused.isEmpty && (name.hasSuffix(".json") || name.contains("journal")) {
                guard let file = try? PosixFile.openingRegularFile(directoryPath + "/" + name, followingLinks: false)
                else { continue }
                defer { file.closeFile() }
                // A file that cannot be read keeps every candidate: better an unused image than a lost one.
                guard let data = try? file.readToEnd(limit: Int.max) else { return }
                unused = unused.filter { data.firstRange(of: Data($0.utf8)) == nil }
            }
            attachments.remove(digests: unused)
        }
    }
}
