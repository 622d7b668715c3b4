import Foundation
import XCTest
@testable import LifelineKit

/// The one regular expression type of `patterns`, `events` and `work-in-appearance`: ICU syntax, a step budget on
/// every match, one safety check.
final class RegexPatternTests: XCTestCase {
    func testTheStepBudgetGrowsWithTheMessageUpToACap() {
        XCTAssertEqual(RegexPattern.stepBudget(forMessageOfLength: 0), 3)
        XCTAssertEqual(RegexPattern.stepBudget(forMessageOfLength: 1_000), 13)
        XCTAssertEqual(RegexPattern.stepBudget(forMessageOfLength: 30 << 20), 1_000)
    }

    func testAnExponentialMatchEndsAtItsBudget() throws {
        let pattern = try RegexPattern("^(a+)+x$", checked: false)
        guard case .overBudget = pattern.firstMatch(in: (String(repeating: "a", count: 40) + "b") as NSString) else { return XCTFail("not over budget") }
        guard case .none = pattern.firstMatch(in: "aab" as NSString) else { return XCTFail("a short line fails within the budget") }
        XCTAssertThrowsError(try RegexPattern("^(a+)+x$")) { XCTAssertEqual($0 as? RegexPattern.Failure, .catastrophicBacktracking(RegexPattern.problem(in: "^(a+)+x$")!)) }
        XCTAssertThrowsError(try RegexPattern("(a")) { XCTAssertEqual($0 as? RegexPattern.Failure, .invalid) }
    }

    /// Before `events` shared this matcher, Swift's `Regex` ran them with no budget: a pattern the check let
    /// through, or one made without it, could run for minutes on one line.
    func testAnAppEventPatternStopsAtItsBudgetToo() throws {
        let compiled = AppEventPatterns(checked: [AppEventPatterns.Source(name: "slow", pattern: "^(?<key>(a+)+)x$")]).compiled(.eager)
        let start = Date()
        XCTAssertEqual(compiled.match(String(repeating: "a", count: 40) + "b"), [], "over budget: no event")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(compiled.match("aaax").first?.kind.appEvent?.key, "aaa")
    }

    func testGroupsByNameAndPythonsSpellingOfThem() throws {
        let pattern = try RegexPattern(#"^start (?P<key>\d+)(?<controller> on \w+)?"#)
        let text = "start 42" as NSString
        guard case .found(let match) = pattern.firstMatch(in: text) else { return XCTFail("no match") }
        XCTAssertEqual(pattern.group("key", in: match, of: text), "42")
        XCTAssertNil(pattern.group("controller", in: match, of: text), "a group that took no part")
        XCTAssertNil(pattern.group("argument", in: match, of: text), "a group the pattern does not have")
        XCTAssertEqual(RegexPattern.icuSyntax(#"\(?P<x>(?P<y>a)[(?P<]"#), #"\(?P<x>(?<y>a)[(?P<]"#, "escaped or in a class: left as is")
    }
}
