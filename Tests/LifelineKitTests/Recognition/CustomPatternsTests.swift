import Foundation
import XCTest
@testable import LifelineKit

final class CustomPatternsTests: XCTestCase {
    func testRequiredPrefixIsTheAnchoredLiteralText() {
        let prefix = { (pattern: String) in String(decoding: CustomPatterns.requiredPrefix(of: pattern), as: UTF8.self) }
        XCTAssertEqual(prefix(#"^LC (?<controller>\S+) (?<event>\w+)$"#), "LC ")
        XCTAssertEqual(prefix("^[LC] (?<event>x)"), "", "a class is not literal")
        XCTAssertEqual(prefix("^LC+ x"), "L", "a quantified character may be absent")
        XCTAssertEqual(prefix("^ab{2}"), "a")
        XCTAssertEqual(prefix("^ab?"), "a")
        XCTAssertEqual(prefix("^a|b"), "", "an alternative need not start with it")
        XCTAssertEqual(prefix("LC (?<event>x)"), "", "not anchored")
        XCTAssertEqual(prefix("^(?i)lc"), "")
        XCTAssertEqual(prefix(#"^\d"#), "")
        XCTAssertEqual(prefix("^ok;x"), "ok", "U+037E is the same character as ;")
        XCTAssertEqual(prefix("^Kelvin"), "", "U+212A is the same character as K")
        XCTAssertEqual(prefix("^café"), "caf", "only ASCII is compared as bytes")
    }

    func testMessagesWithoutThePrefixAreNotMatchedAndTheRestMatchAsBefore() throws {
        let patterns = try CustomPatterns([#"^LC:(?<controller>[^:]+):(?<event>\w+)$"#])
        for message in ["LC:vc1:viewDidLoad", "LC: vc2 :viewWillAppear", "[Net] LC:vc1:viewDidLoad", "LC:vc1:notACallback", "LC", ""] {
            var bytes = Array(message.utf8)
            let byBytes = bytes.withUnsafeMutableBufferPointer { patterns.match(UnsafeBufferPointer($0), 0..<$0.count) }
            let byString = patterns.match(message)
            XCTAssertEqual(Self.event(byBytes)?.kind, Self.event(byString)?.kind, message)
            XCTAssertEqual(Self.event(byBytes)?.controller, Self.event(byString)?.controller, message)
        }
        XCTAssertEqual(Self.event(patterns.match("LC: vc2 :viewWillAppear"))?.controller, ControllerRef(name: "vc2"), "trimmed")
        XCTAssertEqual(Self.event(patterns.match("LC:vc1:viewDidLoad"))?.kind, .callback(.viewDidLoad))
        XCTAssertNil(patterns.match("[Net] LC:vc1:viewDidLoad"))
    }

    private static func event(_ match: CustomPatterns.Match?) -> RecognizedEvent? {
        if case .event(let event)? = match { event } else { nil }
    }

    /// The issue's pattern, with its catastrophic shape hidden from the load-time check: the per-line step
    /// budget alone must end it.
    func testAPatternThatBacktracksWithoutEndRunsOutOfStepsInsteadOfHanging() throws {
        let patterns = CustomPatterns(unchecked: ["^(?<controller>(a+)+)(?<event>x)$"])
        for count in [30, 50, 1_000] {
            guard case .overBudget(let index, let pattern)? = patterns.match(String(repeating: "a", count: count) + "b") else {
                return XCTFail("\(count) a's: not over budget")
            }
            XCTAssertEqual(index, 0)
            XCTAssertEqual(pattern, "^(?<controller>(a+)+)(?<event>x)$")
        }
        XCTAssertNil(patterns.match("aaab"), "a short line fails within the budget")
    }

    func testALineOverBudgetIsUnparseableNamingThePatternAndTheRunGoesOn() throws {
        var options = AnalysisOptions()
        options.customPatterns = CustomPatterns(unchecked: ["^(?<controller>(a+)+) (?<event>\\w+)$"])
        let trace = "aaa viewDidLoad\n" + String(repeating: "a", count: 50) + "!\n<Shop.A: 0x1> viewDidLoad\n"
        let outcome = try TraceFixture.analyze(trace, options: options)
        XCTAssertEqual(outcome.statistics.lines, 3)
        XCTAssertEqual(outcome.statistics.events, 2)
        XCTAssertEqual(outcome.statistics.unparseableLines, 1)
        XCTAssertEqual(outcome.unparseable.map(\.line), [2])
        XCTAssertEqual(outcome.unparseable.first?.reason,
                       "pattern 1 (^(?<controller>(a+)+) (?<event>\\w+)$) ran out of matching steps on this line; it backtracks too much: "
                       + "make its repetitions possessive (a++) or its groups atomic ((?>…))")
    }

    func testAPolynomialPatternTheCheckLetsThroughAlsoEndsAtItsBudget() throws {
        let source = "^(?<controller>a*a*a*a*a*a*a*a*)(?<event>x)$"
        XCTAssertNil(BacktrackingCheck.problem(in: source), "no repetition inside a repetition: allowed")
        let patterns = try CustomPatterns([source])
        guard case .overBudget? = patterns.match(String(repeating: "a", count: 60) + "b") else { return XCTFail("not over budget") }
    }

    func testTheStepBudgetGrowsWithTheMessageUpToACap() {
        XCTAssertEqual(CustomPatterns.stepBudget(forMessageOfLength: 0), 3)
        XCTAssertEqual(CustomPatterns.stepBudget(forMessageOfLength: 1_000), 13)
        XCTAssertEqual(CustomPatterns.stepBudget(forMessageOfLength: 30 << 20), 1_000)
    }

    func testASoundPatternMatchesALongMessageWithinItsBudget() throws {
        let patterns = try CustomPatterns([#"^LC (?<controller>\S+) (?<event>\w+) .*done$"#])
        let message = "LC vc1 viewDidLoad " + String(repeating: "x", count: 200_000) + " done"
        XCTAssertEqual(Self.event(patterns.match(message))?.kind, .callback(.viewDidLoad))
    }

    func testTrimmingDropsTabsAndSpaceSeparatorsOnly() {
        XCTAssertEqual(CustomPatterns.trimmed(" \t vc1\u{A0}\u{3000}"), "vc1")
        XCTAssertEqual(CustomPatterns.trimmed("vc 1"), "vc 1")
        XCTAssertEqual(CustomPatterns.trimmed("\nvc1\n"), "\nvc1\n", "newlines are not whitespace here")
        XCTAssertEqual(CustomPatterns.trimmed(" \t "), "")
        for text in [" \t vc1\u{A0}\u{3000}", "\u{2003}x y\u{2009}", "\nvc1\n", ""] {
            XCTAssertEqual(CustomPatterns.trimmed(text), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }
}
