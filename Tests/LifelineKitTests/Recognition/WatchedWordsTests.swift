import XCTest
@testable import LifelineKit

/// The recogniser tells the parser which messages hold a word a late app event pattern needs
/// (`EventRecognizer.init(watching:)`), so that the others are not placed on their thread: it may report a word that
/// is not there, never miss one the pattern matches.
final class WatchedWordsTests: XCTestCase {
    private func lateEvents(_ patterns: [String]) throws -> CompiledAppEvents {
        let sources = patterns.enumerated().map { index, pattern in
            var source = AppEventPatterns.Source(name: "p\(index)", pattern: pattern)
            source.onlyInside = WorkInAppearanceRule.appearanceCallbacks
            return source
        }
        return try AppEventPatterns(sources).compiled(.late)
    }

    /// Whether the recogniser watching `words` saw one in `message`, which must be no lifecycle event.
    private func sawWatchedWord(_ message: String, watching words: [[UInt8]]) -> Bool {
        var copy = message
        return copy.withUTF8 { bytes in
            var recognizer = EventRecognizer(watching: words)
            guard case .none = recognizer.recognize(bytes, in: 0..<bytes.count) else {
                XCTFail("\(message) is an event")
                return true
            }
            return recognizer.sawWatchedWord
        }
    }

    func testEveryMessageTheWorkPatternMatchesHasAWatchedWord() throws {
        let events = try lateEvents([WorkInAppearanceRule.defaultPattern, #"\bloadProducts\b"#])
        let words = try XCTUnwrap(events.lateWordStarts)
        let messages = [
            "[Network] GET https://api.shop.example/v2/products?page=2", "POST https://x", "fetching cart", "x.fetch()",
            "AF.request(url)", "CoreData: sql: SELECT 0, t0.Z_PK FROM ZITEM t0", "NSFetchRequest for Item", "loadProducts",
            "Request sent", "(query) done", "URLSession task resumed", "é fetch", "_fetch", "prefetching", "Fetched 3",
            "nothing to see", "requestor", "GETTING https", "load products", "[Cart] total 3", "",
        ]
        var matched = 0, seen = 0
        for message in messages {
            let matches = message.utf8.isEmpty ? false : {
                var copy = message
                return copy.withUTF8 { !events.matchLate($0, 0..<$0.count).isEmpty }
            }()
            let saw = sawWatchedWord(message, watching: words)
            if matches { XCTAssertTrue(saw, "a message the patterns match must have a watched word: \(message)") }
            matched += matches ? 1 : 0
            seen += saw ? 1 : 0
        }
        XCTAssertEqual(matched, 13, "the sample holds both kinds of message (ICU's \\b is between x. and fetch)")
        XCTAssertLessThan(seen, messages.count - 3, "most messages without a watched word are told apart")
        XCTAssertFalse(sawWatchedWord("nothing to see here", watching: words))
    }

    func testScreensWhoseLiteralsNeedNotStartAWordAreNotWatched() throws {
        for pattern in ["(?i)fetch", #"^\[Network\]"#, #"\b https"#, "colou?r", #"\bdb\b"#, #"\b2xx\b"#, ".*"] {
            XCTAssertNil(try lateEvents([pattern]).lateWordStarts, pattern)
            XCTAssertNil(try lateEvents([WorkInAppearanceRule.defaultPattern, pattern]).lateWordStarts, "with \(pattern)")
        }
    }

    func testNothingWatchedMeansEveryMessageMayHoldAWord() {
        let message = Array("nothing here".utf8)
        message.withUnsafeBufferPointer { bytes in
            var recognizer = EventRecognizer()
            _ = recognizer.recognize(bytes, in: 0..<bytes.count)
            XCTAssertTrue(recognizer.sawWatchedWord)
        }
    }
}
