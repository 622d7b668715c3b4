import Foundation
import XCTest
@testable import LifelineKit

final class CustomPatternsTests: XCTestCase {
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
        let trace = "aaa viewDidLoad\n" + String(repeating: "a", count: 50) + " !\n<Shop.A: 0x1> viewDidLoad\n"  // it holds the literal ' '

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

    /// The literal screen holds at any number of patterns and for patterns not anchored: a pattern runs only on
    /// messages holding its literal, and the first pattern that matches, in order, names the event.
    func testTheScreenHoldsPastSixtyFourPatternsInOrder() throws {
        let sources = (0..<150).map { $0 % 2 == 0 ? #"^Begin\#($0)x (?<controller>\S+) (?<event>\w+)"# : #"\bmid\#($0)x (?<controller>\S+) (?<event>\w+)"# }
            + [#"(?<controller>\S+) did (?<event>\w+)"#]
        let patterns = try CustomPatterns(sources)
        let match = { (message: String) -> CustomPatterns.Match? in
            var copy = message
            return copy.withUTF8 { patterns.match($0, 0..<$0.count) }
        }
        XCTAssertEqual(Self.event(match("Begin148x vc1 viewDidLoad"))?.controller, ControllerRef(name: "vc1"))
        XCTAssertEqual(Self.event(match("then mid131x vc2 viewWillAppear"))?.controller, ControllerRef(name: "vc2"))
        XCTAssertNil(match("then xmid131x vc2 viewWillAppear"), "the literal does not start a word")
        XCTAssertEqual(Self.event(match("vc3 did viewDidAppear"))?.controller, ControllerRef(name: "vc3"), "a pattern with no literal runs")
        XCTAssertEqual(Self.event(match("Begin2x vc4 viewDidLoad and mid3x vc5 viewDidLoad"))?.controller, ControllerRef(name: "vc4"),
                       "the first pattern in order, though both run")
        for message in ["Begin148x vc1 viewDidLoad", "then mid131x vc2 viewWillAppear", "vc3 did viewDidAppear", "nothing here"] {
            XCTAssertEqual(Self.event(match(message))?.controller, Self.event(patterns.match(message))?.controller, message)
        }
    }

    /// The matcher ticks once a start position too: a pattern not anchored by `^` whose match starts far into the
    /// message is no longer over budget (every such line was unparseable before).
    func testAPatternNotAnchoredMatchesFarIntoAMessage() throws {
        let patterns = try CustomPatterns([#"(?<controller>\w+Controller) did (?<event>\w+)"#])
        for padding in [0, 40, 5_000] {
            let message = String(repeating: "-", count: padding) + " CartController did viewDidLoad"
            XCTAssertEqual(Self.event(patterns.match(message))?.controller, ControllerRef(name: "CartController"), "\(padding)")
        }
        XCTAssertNil(patterns.match(String(repeating: "-", count: 5_000) + " nothing to see"))
    }
}
