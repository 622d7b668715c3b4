import XCTest
@testable import LifelineKit

/// A configuration can say why (`//`, `/* */`, `"$comment"`), a misspelt rule gets a "did you mean", and errors
/// still name their JSON pointer or the line and column of the file.
final class ConfigurationCommentsTests: XCTestCase {
    private func error(_ text: String) -> String {
        do { _ = try ConfigurationParser.parse(text, file: ".lifeline.json"); return "no error" } catch { return error.description }
    }

    func testCommentsAndCommentMembersAreAccepted() throws {
        let configuration = try ConfigurationParser.parse("""
            {
              // The checkout flow logs no deinit: https://example.com/issue/12 (a URL in a comment)
              "$comment": "reviewed 2026-11",
              "rules": {
                /* noisy on
                   iPad */ "slow-transition": false,
                "observer-balance": { "$comment": "see #40", "severity": "info" }
              },
              "ignoreClasses": ["http://not-a-comment", "/*kept*/"]
            }
            """, file: "x.json")
        XCTAssertEqual(configuration.rules["slow-transition"]?.enabled, false)
        XCTAssertEqual(configuration.rules["observer-balance"]?.severity, .info)
        XCTAssertEqual(configuration.ignoreClasses, ["http://not-a-comment", "/*kept*/"], "strings are not comments")
    }

    func testErrorsKeepTheirPointerAndPosition() {
        XCTAssertEqual(error("{\n  // a note\n  \"leakTimeout\": -1\n}"), ".lifeline.json: /leakTimeout: expected a number of seconds ≥ 0")
        XCTAssertTrue(error("{\n  /* a note */ \"leakTimeout\": 3,\n}").hasPrefix(".lifeline.json: JSON: line 2, column 32: trailing comma"),
                      "a syntax error after a comment is at its place in the file")
        XCTAssertEqual(error("{ \"failOn\": \"never\" /* open\n"), ".lifeline.json: JSON: line 1, column 21: a /* comment is never closed with */")
    }

    func testMisspeltRuleIdentifiersGetASuggestion() {
        XCTAssertTrue(error(#"{"rules": {"observer-balanse": false}}"#)
            .hasPrefix(".lifeline.json: /rules/observer-balanse: unknown key (did you mean 'observer-balance'?) (expected one of: "))
        XCTAssertTrue(error(#"{"leakTimout": 3}"#).hasPrefix(".lifeline.json: /leakTimout: unknown key (did you mean 'leakTimeout'?)"))
        XCTAssertTrue(error(#"{"rules": {"zzz": false}}"#).hasPrefix(".lifeline.json: /rules/zzz: unknown key (expected one of: "))
        let rule = #"{"events": {"buy": "^buy"}, "rules": {"buy-once": {"template": "onse", "event": "buy", "message": "m"}}}"#
        XCTAssertTrue(error(rule).hasPrefix(".lifeline.json: /rules/buy-once/template: unknown template (did you mean 'once'?)"), error(rule))
        let field = #"{"events": {"buy": "^buy"}, "rules": {"buy-once": {"template": "once", "event": "buy", "mesage": "m"}}}"#
        XCTAssertTrue(error(field).hasPrefix(".lifeline.json: /rules/buy-once/mesage: unknown field for template once (did you mean 'message'?)"),
                      error(field))
    }
}
