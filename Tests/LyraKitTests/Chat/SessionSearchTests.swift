// SessionSearch over real session files: case-insensitive matches, most recent first with their
// stable session numbers, one line of context around the first match, damaged files skipped.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionSearchTests {
    private let start = Date(timeIntervalSince1970: 1_795_946_400)

    private func session(_ id: String, minutesLater: Double, _ texts: [String]) -> ChatSession {
        let date = start + minutesLater * 60
        let messages = texts.enumerated().map { index, text in
            ChatMessage(id: "\(id)-\(index)", role: index % 2 == 0 ? .user : .assistant, content: text, createdAt: date)
        }
        return ChatSession(id: id, title: "Title \(id)", chatID: id.lowercased(), createdAt: date, messages: messages)
    }

    @Test func findsSessionsByWhatWasSaidMostRecentFirst() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root.appending(path: "sessions"))
            for item in [session("A", minutesLater: 0, ["Plan a trip to Lisbon", "Sure"]),
                         session("B", minutesLater: 1, ["hello", "The LISBON tram\nis yellow"]),
                         session("C", minutesLater: 2, ["nothing here", "no"])] {
                _ = try await store.update(item) { _ in }
            }
            try Data("{not json".utf8).write(to: root.appending(path: "sessions/broken.json"))
            let hits = try await SessionSearch.search("lisbon", in: store)
            #expect(hits.map(\.session.id) == ["B", "A"])
            // Each hit carries the stable number `/sessions` lists it under (A was created first).
            let listed = try await store.list().sessions
            let number = Dictionary(uniqueKeysWithValues: listed.map { ($0.id, $0.number) })
            #expect(hits.map(\.number) == [2, 1])
            #expect(hits.map(\.number) == hits.map { number[$0.session.id] ?? 0 })
            #expect(hits.map(\.role) == [.assistant, .user])
            #expect(hits.map(\.excerpt) == ["The LISBON tram is yellow", "Plan a trip to Lisbon"])
            #expect(try await SessionSearch.search("absent", in: store).isEmpty)
            #expect(try await SessionSearch.search("", in: store).isEmpty)
        }
    }

    @Test func theExcerptIsAWindowAroundTheMatchMarkedWhereCut() throws {
        let content = String(repeating: "a", count: 100) + " NEEDLE " + String(repeating: "b", count: 200)
        let range = try #require(content.range(of: "needle", options: .caseInsensitive))
        let excerpt = SessionSearch.excerpt(of: content, around: range)
        #expect(excerpt.hasPrefix("…" + String(repeating: "a", count: SessionSearch.contextBefore - 1) + " NEEDLE"))
        #expect(excerpt.hasSuffix("b…"))
        #expect(excerpt.count == 1 + SessionSearch.contextBefore + 6 + SessionSearch.contextAfter + 1)
    }

    /// The byte scan that rules files out never changes a result: for each text, the hits equal the
    /// sessions whose loaded messages Foundation finds it in — with look-alike letters (the Kelvin
    /// sign, ß, ligatures), an escaped letter written by another program, a reply replaced through
    /// the journal, and the text only in a title or a reasoning (no hit).
    @Test func theByteScanFindsWhatAFullReadFinds() async throws {
        try await withTemporaryDirectory { root in
            let directory = root.appending(path: "sessions")
            let store = SessionStore(directory: directory)
            let items = [session("K", minutesLater: 0, ["\u{212A}ELVIN scale", "ok"]),
                         session("S", minutesLater: 1, ["die Straße", "STRASSE"]),
                         session("F", minutesLater: 2, ["an \u{FB01}le", "ﬂow"]),
                         session("T", minutesLater: 3, ["plain words", "more words"]),
                         session("U", minutesLater: 4, ["ünïcödé TEXT", "naïve"])]
            for item in items { _ = try await store.update(item) { _ in } }
            // A reply replaced through the journal: the file holds "old reply", the journal "tram".
            let replaced = session("J", minutesLater: 5, ["question", "old reply"])
            _ = try await store.update(replaced) { _ in }
            var edited = replaced.messages[1]
            edited.content = "the tram is late"
            let reply = edited
            _ = try await store.update(replaced) { _ in [.replace(reply.id, with: reply)] }
            var titled = session("R", minutesLater: 6, ["nothing", "here"])
            titled.title = "tram title"
            titled.messages[1].reasoning = "thinking of a tram"
            _ = try await store.update(titled) { _ in }
            let escaped = #"{"id": "E", "title": "x", "createdAt": "2026-11-01T00:00:00.000Z", "messages": [{"id": "e1", "role": "user", "content": "a \u0054ram ride", "createdAt": "2026-11-01T00:00:00.000Z"}]}"#
            try Data(escaped.utf8).write(to: directory.appending(path: "E.json"))
            // An exchange taken back with `/undo` (kept in the file until its next whole rewrite).
            let undone = #"{"id": "D", "title": "y", "createdAt": "2026-11-01T00:00:00.000Z", "messages": [{"id": "d1", "role": "user", "content": "a tram question", "createdAt": "2026-11-01T00:00:00.000Z", "removed": true}]}"#
            try Data(undone.utf8).write(to: directory.appending(path: "D.json"))

            let listed = try await store.list().sessions
            var loaded: [String: ChatSession] = [:]
            for summary in listed { loaded[summary.id] = try await store.load(id: summary.id) }
            for text in ["kelvin", "strasse", "straße", "file", "flow", "FI", "tram", "TRAM", "old reply", "words", "ünïcödé", "text", "zzz", "s"] {
                let expected = listed.filter { summary in
                    loaded[summary.id]?.messages.contains { !$0.removed && $0.content.range(of: text, options: .caseInsensitive) != nil } ?? false
                }.map(\.id)
                let found = try await SessionSearch.search(text, in: store).map(\.session.id)
                #expect(found == expected, "searching \(text)")
            }
            #expect(try await SessionSearch.search("tram", in: store).map(\.session.id).sorted() == ["E", "J"])
        }
    }

    /// Files longer than the head a search reads first: whichever message holds the word (the
    /// first, one cut by the head's end, the last), the hit is that message, as a full read finds it.
    @Test func aLongSessionIsFoundAtItsFirstMatchWhereverItIs() async throws {
        try await withTemporaryDirectory { root in
            let store = SessionStore(directory: root.appending(path: "sessions"))
            let filler = (0 ..< 90).map { "message \($0) of a long session, about nothing in particular, padded to fill the file" }
            for place in 0 ..< 90 {
                var texts = filler
                texts[place] += " — the Lisbon tram"
                if place + 7 < 90 { texts[place + 7] += " and another tram" }
                _ = try await store.update(session("L\(place)", minutesLater: Double(place), texts)) { _ in }
            }
            let hits = try await SessionSearch.search("TRAM", in: store)
            #expect(hits.count == 90)
            for hit in hits {
                let loaded = try await store.load(id: hit.session.id)
                let first = try #require(loaded.messages.first { $0.content.range(of: "TRAM", options: .caseInsensitive) != nil })
                let range = try #require(first.content.range(of: "TRAM", options: .caseInsensitive))
                #expect(hit.role == first.role)
                #expect(hit.excerpt == SessionSearch.excerpt(of: first.content, around: range), "\(hit.session.id)")
            }
        }
    }

    /// A text whose only occurrence in the file crosses the end of the head a search reads first
    /// (at each possible place) is found: the rest of the file is scanned from just before it.
    @Test func aTextAcrossTheEndOfTheFirstBytesReadIsFound() async throws {
        try await withTemporaryDirectory { root in
            let directory = root.appending(path: "sessions")
            let store = SessionStore(directory: directory)
            let needle = "tramway"
            let head = SessionStore.searchHeadBytes
            let filler = (0 ..< head / 100).map { "message \($0) of a long session, about nothing in particular, padded to fill the file" }
            for cut in 1 ..< needle.count {
                var item = session("X\(cut)", minutesLater: Double(cut), filler)
                item.messages[head / 400 / 2 * 2].content += " by " + needle.uppercased() + " today"
                _ = try await store.update(item) { _ in }
                // Pad the first message so that `cut` bytes of the text fall in the head.
                let file = directory.appending(path: "X\(cut).json")
                let bytes = try Data(contentsOf: file)
                let offset = try #require(bytes.range(of: Data(needle.uppercased().utf8))).lowerBound
                #expect(offset < head - cut)
                item.messages[0].content += String(repeating: "x", count: head - cut - offset)
                let padded = item.messages[0]
                _ = try await store.update(item) { session in session.messages[0] = padded }
                let written = try Data(contentsOf: file)
                #expect(written.range(of: Data(needle.uppercased().utf8))?.lowerBound == head - cut)
            }
            let hits = try await SessionSearch.search(needle, in: store)
            #expect(hits.map(\.session.id).sorted() == (1 ..< needle.count).map { "X\($0)" })
            #expect(hits.allSatisfy { $0.excerpt.contains("by TRAMWAY today") && $0.role == .user })
        }
    }

    /// The search reads each file as the directory is listed and takes its stamp from that open:
    /// the index it writes is the one a listing writes, a file changed since the last listing is
    /// found by its new text, and a FIFO, a directory or a link named like a session neither
    /// blocks nor changes what is found.
    @Test func aSearchListsTheDirectoryAsAListingDoes() async throws {
        try await withTemporaryDirectory { root in
            let directory = root.appending(path: "sessions")
            let store = SessionStore(directory: directory)
            for (index, id) in ["A", "B", "C"].enumerated() {
                _ = try await store.update(session(id, minutesLater: Double(index), ["a tram to \(id)", "ok"])) { _ in }
            }
            #expect(mkfifo(directory.appending(path: "fifo.json").path, 0o600) == 0)
            try FileManager.default.createDirectory(at: directory.appending(path: "folder.json"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: directory.appending(path: "link.json").path,
                                                       withDestinationPath: directory.appending(path: "nowhere").path)
            let index = directory.appending(path: SessionIndex.fileName)
            #expect(try await SessionSearch.search("tram", in: store).map(\.session.id) == ["C", "B", "A"])
            let written = try Data(contentsOf: index)
            try FileManager.default.removeItem(at: index)
            _ = try await store.list()
            #expect(try Data(contentsOf: index) == written)
            // Changed by another store since the index was written: found by what it says now.
            let other = SessionStore(directory: directory)
            let changed = session("A", minutesLater: 5, ["a bus to A", "ok"])
            _ = try await other.update(changed) { session in session.messages = changed.messages }
            let hits = try await SessionSearch.search("tram", in: store)
            #expect(hits.map(\.session.id) == ["C", "B"])
            #expect(try await SessionSearch.search("bus", in: store).map(\.session.id) == ["A"])
            #expect(try await SessionSearch.search("bus", in: store).map(\.number) == [1])
        }
    }

    /// The byte comparison used for ASCII content finds the same first match as Foundation, from
    /// any start, and so does the filter's answer for other content.
    @Test func aMatchIsWhereFoundationFindsIt() throws {
        let contents = ["The LISBON tram", "lisbon, Lisbon and LISBON", "no match here", "line\r\nbreak Tram\u{1B}[0m",
                        "\u{212A}elvin and kelvin", "Straße STRASSE", "ünïcödé tram", "tra", "", "…tram…", "TrAm tram",
                        "…in Lisbon? café…", "e\u{301}tram tram\u{301} tram", "tram\u{200B}tram", "ﬁ tram …tram",
                        "…Straße tram…", "é tra\u{301}m TRAM é", "\u{1F600}tram\u{1F600} tram"]
        for text in ["tram", "lisbon", "kelvin", "sse", "a", "TRAM ", "break tram"] {
            let filter = try #require(SessionTextFilter(text))
            for content in contents {
                var start = content.startIndex
                while true {
                    let expected = content.range(of: text, options: .caseInsensitive, range: start ..< content.endIndex)
                    #expect(filter.firstRange(in: content, from: start) == expected, "\(text) in \(content)")
                    guard let found = expected else { break }
                    start = found.upperBound
                }
            }
        }
    }
}
