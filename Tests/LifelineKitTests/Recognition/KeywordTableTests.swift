import XCTest
@testable import LifelineKit

/// The keyword table's shortcuts (a bit per first four bytes, a hash of head, tail and length, words ended four
/// bytes a step) find exactly the words a plain comparison finds.
final class KeywordTableTests: XCTestCase {
    private func keyword(_ word: String) -> Keyword? {
        var copy = word
        return copy.withUTF8 { b in
            let table = KeywordTable.shared
            guard b.count >= KeywordTable.minWordLength, table.isKeywordHead(KeywordTable.headBit(b, at: 0)) else { return nil }
            return table.keyword(b, 0..<b.count)
        }
    }

    func testEverySpellingIsFoundWhateverTheCaseOfItsFirstLetter() {
        for callback in Callback.allCases {
            for spelling in callback.spellings {
                XCTAssertEqual(keyword(spelling), .callback(callback), spelling)
                XCTAssertEqual(keyword(spelling.prefix(1).uppercased() + spelling.dropFirst()), .callback(callback), spelling)
            }
        }
        XCTAssertEqual(keyword("addObserverForName"), .observer(adds: true))
        XCTAssertEqual(keyword("RemoveObserver"), .observer(adds: false))
    }

    func testWordsSharingAKeywordsHeadTailOrLengthAreNotKeywords() {
        for word in ["initial", "ini", "in", "inIt", "viewDidLoadX", "viewDidLoa", "xviewDidLoad", "viewDIDLoad", "deinitializ",
                     "viewWillAppeaR", "loadview", "VIEWDidLoad", "removeObservers", ""] {
            XCTAssertNil(keyword(word), word)
        }
    }

    func testAWordEndsAtItsFirstOtherByteWhereverItFallsInAStep() {
        let table = KeywordTable.shared.classes
        for length in 0..<18 {
            for (ending, endsAt) in [(" rest", length), ("é", length), (".x", length), ("", length), ("_9a", length + 3)] {
                var line = String(repeating: "a", count: length) + ending
                let end = line.withUTF8 { table.wordEnd($0, from: 0, limit: $0.count) }
                XCTAssertEqual(end, endsAt, "\(length) letters, then \(ending)")
            }
            var line = String(repeating: "b", count: length) + "cdef"
            XCTAssertEqual(line.withUTF8 { table.wordEnd($0, from: 0, limit: length) }, length, "stops at the limit")
        }
    }
}
