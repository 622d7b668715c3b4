import XCTest
@testable import LifelineKit

/// An expression of the configuration that does not compile is refused saying where it goes wrong.
final class PatternSyntaxTests: XCTestCase {
    private func error(_ text: String) -> String {
        do { _ = try ConfigurationParser.parse(text, file: "c.json"); return "no error" } catch { return error.description }
    }

    func testBracketsEscapesAndQuantifiersOutOfPlace() {
        func problem(_ pattern: String) -> String? { PatternSyntax.problem(in: Array(pattern)) }
        XCTAssertEqual(problem("^LC (?<controller>\\S+) (?<event>\\w+"), "the '(' at character 24 is never closed with ')'")
        XCTAssertEqual(problem("a)"), "the ')' at character 2 closes no group: escape it as '\\)'")
        XCTAssertEqual(problem("purchase [a-z"), "the '[' at character 10 is never closed with ']'")
        XCTAssertEqual(problem("*x"), "the '*' at character 1 repeats nothing: escape it as '\\*'")
        XCTAssertEqual(problem("(+x)"), "the '+' at character 2 repeats nothing: escape it as '\\+'")
        XCTAssertEqual(problem("ab\\"), "the '\\' at character 3 ends the pattern: escape nothing, or write '\\\\'")
        for sound in ["^LC (?<controller>\\S+) (?<event>\\w+)$", "[]a]", "[^]a]+?", "a{2,5}?", "(?:a|b)*+", "\\(x\\)", "[[:alpha:]]"] {
            XCTAssertNil(problem(sound), sound)
        }
    }

    func testConfigurationErrorsSayWhere() {
        XCTAssertEqual(error(#"{"patterns": ["^LC (?<controller>\\S+) (?<event>\\w+"]}"#),
                       #"c.json: /patterns/0: invalid pattern ^LC (?<controller>\S+) (?<event>\w+: not a valid regular expression (ICU syntax); "#
                       + "the '(' at character 24 is never closed with ')'")
        XCTAssertTrue(error(#"{"events": {"buy": "purchase ([a-z]+"}}"#).hasPrefix("c.json: /events/buy: invalid regular expression: "))
        XCTAssertTrue(error(#"{"events": {"buy": "purchase ([a-z]+"}}"#).hasSuffix("; the '(' at character 10 is never closed with ')'"))
        XCTAssertFalse(error(#"{"patterns": ["^(?<controller>(a+)+)(?<event>x)$"]}"#).contains("; the "), "compiles: refused for another reason")
    }
}
