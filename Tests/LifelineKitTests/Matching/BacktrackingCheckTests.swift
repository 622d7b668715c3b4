import XCTest
@testable import LifelineKit

final class BacktrackingCheckTests: XCTestCase {
    func testRepetitionsInsideRepetitionsAreFound() throws {
        for pattern in ["(a+)+", "(a*)*", "^(a+)+$", #"(\w+\s?)*x"#, "(?:a{1,5})+", "((ab)*c)*", "(x(a+))*", "(?<controller>(a+)+)(?<event>x)",
                        "(a+){2,}", "(?i:(a+)+)"] {
            let problem = try XCTUnwrap(BacktrackingCheck.problem(in: pattern), pattern)
            XCTAssertTrue(problem.contains("repeats inside"), "\(pattern): \(problem)")
        }
        XCTAssertEqual(BacktrackingCheck.problem(in: "^(a+)+$"),
                       "a+ repeats inside (a+)+; make the inner repetition possessive (a++) or the group atomic ((?>…)), or remove one of them")
    }

    func testAlternativesThatOverlapInsideARepetitionAreFound() throws {
        for pattern in ["(a|a)*", "(a|ab)*", #"(\w|\d)+"#, "(.|x)*", "(?:[a-c]|b)+", "(x|[^y])+", "(?i)(A|a)+", "((a|a)b)*"] {
            let problem = try XCTUnwrap(BacktrackingCheck.problem(in: pattern), pattern)
            XCTAssertTrue(problem.contains("can match the same text"), "\(pattern): \(problem)")
        }
        XCTAssertEqual(BacktrackingCheck.problem(in: "(a|ab)*"),
                       "the alternatives 'a' and 'ab' of a|ab can match the same text, and (a|ab)* repeats them; "
                       + "make the alternatives exclusive, or the repetition possessive ((a|ab)*+)")
    }

    func testSafePatternsPass() {
        for pattern in [#"^LIFECYCLE (?<controller>\S+) (?<event>\w+)$"#, #"^LC:(?<controller>[^:]+):(?<event>\w+)$"#,
                        "(?<event>viewDid|viewWill)Appear", "(foo|bar)+", #"(\s|,)*"#, "(a{3})+", "(?:ab?)+x", "(A|a)+",
                        "(a++)+", "(?>a+)+", "((?>a+))*", "(a+)++", "(a|a)*+", #"\(a+\)+"#, "[(]a+[)]+", #"\Q(a+)+\E"#,
                        "(?#(a+)+)x", "a{2}{3}", "(viewWillAppear|viewDidAppear)+", "(?:foo|fob)\\s"] {
            XCTAssertNil(BacktrackingCheck.problem(in: pattern), pattern)
        }
    }

    func testMalformedOrUnusualSyntaxNeverTraps() {
        for pattern in ["(", ")", "[", "\\", "a{", "a{1,", "(?", "(?<", "[]", "[^]", "\\Q", "\\x{", "\\p", "a{99999999999}", "(?P<n>a)", "(?'n'a)"] {
            _ = BacktrackingCheck.problem(in: pattern)
        }
        XCTAssertNotNil(BacktrackingCheck.problem(in: "(\\1a+)+"))
        XCTAssertNotNil(BacktrackingCheck.problem(in: "a)(a+)+"), "read on after an unmatched )")
    }
}
