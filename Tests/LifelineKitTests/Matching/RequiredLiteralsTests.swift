import Foundation
import XCTest
@testable import LifelineKit

final class RequiredLiteralsTests: XCTestCase {
    private func literals(_ pattern: String) -> [String]? {
        RequiredLiterals.of(pattern).map { $0.literals.map { String(decoding: $0, as: UTF8.self) } }
    }

    func testLongestLiteralRunPerAlternative() {
        XCTAssertEqual(literals("^Requesting products"), ["Requesting products"])
        XCTAssertEqual(literals(#"^start updates (?<key>\d+)"#), ["start updates "])
        XCTAssertEqual(literals(#"\bAF\.request\b|fetch(ing)?"#), ["AF.request", "fetch"])
        XCTAssertEqual(literals("colou?r scheme"), ["r scheme"], "a character a quantifier may drop ends the run")
        XCTAssertEqual(literals("ab+cde"), ["cde"])
        XCTAssertEqual(literals("x[abc]yz{2}wv"), ["wv"])
        XCTAssertEqual(literals(#"(?:GET|POST) https?://"#), [" http"])
    }

    func testPatternsWithoutASureLiteralRunOnEveryLine() {
        XCTAssertNil(literals(#"\d+|abc"#), "one alternative has no literal")
        XCTAssertNil(literals("(?x) a b"))
        XCTAssertNil(literals(#"\Qa.b\E"#))
        XCTAssertEqual(literals("Kelvin"), ["elvin"], "K equals U+212A by canonical equivalence")
        XCTAssertEqual(RequiredLiterals.of("(?i)fetch")?.caseless, true)
        XCTAssertEqual(literals("(?i)fetching"), ["fetch"], "i may match İ under case folding")
    }

    func testALiteralAfterAWordBoundaryStartsAWord() {
        XCTAssertEqual(RequiredLiterals.withWordStarts(#"\bfetch|x\bFetch"#)?.literals,
                       [.init(bytes: Array("fetch".utf8), wordStart: true), .init(bytes: Array("Fetch".utf8), wordStart: true)])
        XCTAssertEqual(RequiredLiterals.withWordStarts(#"\b https"#)?.literals, [.init(bytes: Array(" https".utf8), wordStart: false)])
        XCTAssertEqual(RequiredLiterals.withWordStarts("fetch")?.literals, [.init(bytes: Array("fetch".utf8), wordStart: false)])
    }

    func testScreenNeverRejectsALineItsPatternMatches() throws {
        let patterns = [#"\bAF\.request\b"#, "(?i)FETCH", "^Requesting products", WorkInAppearanceRule.defaultPattern, "colou?r"]
        let lines = ["[Alamofire] AF.request GET https://x", "fetchProducts()", "Fetching", "Requesting products now", "color", "Prefetching", "é fetch", "_fetch", "x.fetch",
                     "CoreData: sql: SELECT 0, t0.Z_PK FROM ZITEM t0", "POST https://api", "nothing here", "AF request"]
        let compiled = try CompiledAppEvents(patterns.enumerated().map { AppEventPatterns.Source(name: "p\($0.offset)", pattern: $0.element) })
        for line in lines {
            let expected = try patterns.enumerated().filter { try NSRegularExpression(pattern: $0.element).firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }.map { "p\($0.offset)" }
            XCTAssertEqual(compiled.match(line).compactMap { $0.kind.appEvent?.name }, expected, line)
        }
    }

    /// The screen holds at any number of patterns, not the first 64 only (1,000 patterns on 20,000 plain lines
    /// ran every expression on every line: 19 s): a pattern runs only on lines holding its literal, anchored or
    /// not, in the parser and in the in-order stage, and the events still come in pattern order.
    func testTheScreenHoldsPastSixtyFourPatterns() throws {
        let patterns = (0..<200).map { $0 % 2 == 0 ? #"\bevent\#($0)x\b"# : "^Begin\($0)x " }
        for late in [false, true] {
            let sources = patterns.enumerated().map { index, pattern in
                var source = AppEventPatterns.Source(name: "p\(index)", pattern: pattern)
                if late { source.onlyInside = WorkInAppearanceRule.appearanceCallbacks }
                return source
            }
            let compiled = try AppEventPatterns(sources).compiled(late ? .late : .parser)
            let match = { (line: String) -> [String] in
                var copy = line
                return copy.withUTF8 { late ? compiled.matchLate($0, 0..<$0.count) : compiled.match($0, 0..<$0.count) }
                    .compactMap { $0.kind.appEvent?.name }
            }
            for index in 0..<2_000 { XCTAssertEqual(match("an ordinary line \(index) with no literal"), []) }
            XCTAssertEqual(compiled.compiledExpressionCount, 0, "late \(late): no expression ran on a line without its literal")
            XCTAssertEqual(match("x event150x and event8x then event198x"), ["p8", "p150", "p198"], "late \(late)")
            XCTAssertEqual(match("Begin171x starts it"), ["p171"], "late \(late)")
            XCTAssertEqual(compiled.compiledExpressionCount, 3, "late \(late): only the patterns whose literal the lines hold")
        }
    }

    func testGroupNamesAreTheNamedCapturesOnly() {
        let pattern = #"(?<controller>\w+) (?P<key>\d+) (?=ahead)(?!not)(?<=behind)(?<!nor) (?:plain) (?i)x (?<név>y)"#
        XCTAssertEqual(RegexPattern.groupNames(pattern), ["controller", "key", "név"])
        XCTAssertEqual(RegexPattern.groupNames("(?<unclosed"), [])
        XCTAssertEqual(RegexPattern.groupNames("ends with (?<"), [])
        XCTAssertEqual(RegexPattern.groupNames("(?"), [])
        XCTAssertEqual(RegexPattern.groupNames(""), [])
    }

    func testEachSetOfPatternsKeepsItsOwnAnalysis() throws {
        // Analyses are shared by patterns and role, and the oldest are dropped past a few: twelve sets, compiled
        // in turn and again in reverse, each finds only its own word.
        let words = (0..<12).map { "word\($0)x" }
        func compiled(_ word: String) throws -> CompiledAppEvents {
            try AppEventPatterns([AppEventPatterns.Source(name: word, pattern: "\\b\(word)\\b")]).compiled(.parser)
        }
        for word in words + words.reversed() {
            let events = try compiled(word)
            for other in words {
                XCTAssertEqual(events.match("sent \(other) now").compactMap { $0.kind.appEvent?.name }, other == word ? [word] : [], "\(word) on \(other)")
            }
        }
    }

    func testThePrefixScreenTurnsAwayOnlyLinesNoPatternMatches() throws {
        let sets = [
            [#"^\[Checkout\] payment sheet presented"#, #"^\[Purchase\] started (?<key>\w+)"#, #"^\[Analytics\] event=screen_view"#],
            [#"(?i)^\[search\] query"#, #"^\[Purchase\] finished (?<key>\w+)"#],  // a caseless prefix: no four-byte shortcut
            ["^GET|^POST", #"^\[Cart\]"#],  // prefixes shorter than four bytes
        ]
        let lines = ["[Checkout] payment sheet presented", "[Cart] total recalculated", "[Purchase] started A1", "[Purchase] finished A1",
                     "[Analytics] event=tap", "[Analytics] event=screen_view home", "[SEARCH] Query sent", "[Ch", "", "GET /", "POST", "[Checkout]"]
        for patterns in sets {
            let events = try AppEventPatterns(patterns.enumerated().map { AppEventPatterns.Source(name: "p\($0.offset)", pattern: $0.element) }).compiled(.parser)
            for line in lines {
                let expected = try patterns.enumerated().filter { try NSRegularExpression(pattern: $0.element).firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }.map { "p\($0.offset)" }
                var copy = line
                let found = copy.withUTF8 { bytes in events.parserMayMatch(bytes, 0..<bytes.count) ? events.match(bytes, 0..<bytes.count) : [] }
                XCTAssertEqual(found.compactMap { $0.kind.appEvent?.name }, expected, "\(patterns): \(line)")
            }
        }
    }

    func testAnchoredPatternsAreComparedAtTheMessageStartOnly() {
        func prefixes(_ pattern: String) -> [String]? {
            RequiredLiterals.anchoredPrefixes(pattern).map { $0.prefixes.map { String(decoding: $0, as: UTF8.self) } }
        }
        XCTAssertEqual(prefixes(#"^\[Analytics\] event=screen_view"#), ["[Analytics] event=screen_view"])
        XCTAssertEqual(prefixes(#"^\[Purchase\] started (?<key>\w+)"#), ["[Purchase] started "])
        XCTAssertEqual(prefixes("^GET|^POST"), ["GET", "POST"])
        XCTAssertEqual(prefixes("^colou?r"), ["colo"], "a character a quantifier may drop ends the prefix")
        XCTAssertEqual(prefixes("^ab+c"), ["ab"], "a repeated character ends it after itself")
        XCTAssertNil(prefixes("^GET|POST"), "one alternative is not anchored")
        XCTAssertNil(prefixes(#"^\d+ items"#), "no literal right after the anchor")
        XCTAssertNil(prefixes("(?m)^GET"))
        XCTAssertEqual(RequiredLiterals.anchoredPrefixes("(?i)^get")?.caseless, true)
    }

    func testAnAnchoredPatternMatchesOnlyAtTheStartAndStillFindsItsEvent() throws {
        let events = try AppEventPatterns([.init(name: "view", pattern: #"^\[Analytics\] event=(?<key>\w+)"#),
                                           .init(name: "get", pattern: "(?i)^get ")]).compiled(.eager)
        func names(_ message: String) -> [String] { events.match(message).compactMap { $0.kind.appEvent?.name } }
        XCTAssertEqual(names("[Analytics] event=screen_view"), ["view"])
        XCTAssertEqual(names("note: [Analytics] event=screen_view"), [])
        XCTAssertEqual(names("GET https://example.com"), ["get"])
        XCTAssertEqual(names("[Analytics] event"), [], "shorter than the prefix")
    }

    func testAPatternOfPlainTextIsMatchedByItsTextAlone() throws {
        XCTAssertEqual(RequiredLiterals.exactAnchoredLiteral(#"^\[Onboarding\] shown"#).map { String(decoding: $0, as: UTF8.self) }, "[Onboarding] shown")
        XCTAssertNil(RequiredLiterals.exactAnchoredLiteral("^shown$"), "an end anchor is more than text")
        XCTAssertNil(RequiredLiterals.exactAnchoredLiteral(#"^started (?<key>\w+)"#))
        XCTAssertNil(RequiredLiterals.exactAnchoredLiteral("^GET|^POST"))
        XCTAssertNil(RequiredLiterals.exactAnchoredLiteral("^colou?r"))
        XCTAssertNil(RequiredLiterals.exactAnchoredLiteral("shown"), "not anchored")
        let events = try AppEventPatterns([.init(name: "shown", pattern: "^Onboarding shown")]).compiled(.eager)
        func count(_ message: String) -> Int { events.match(message).count }
        XCTAssertEqual(count("Onboarding shown"), 1)
        XCTAssertEqual(count("Onboarding shown (step 2)"), 1)
        XCTAssertEqual(count("Onboarding show"), 0)
        XCTAssertEqual(count("Onboarding shown\u{301}"), 1, "ICU compares code points: a combining mark after the text leaves it there")
        XCTAssertEqual(count("Onboarding shown\u{E9}"), 1, "a character of its own after the text")
    }
}
