import Foundation
import XCTest
@testable import LifelineKit

final class CustomPatternsTests: XCTestCase {
    func testRequiredPrefixIsTheAnchoredLiteralText() {
        let prefix = { (pattern: String) in String(decoding: CompiledPatterns.requiredPrefix(of: pattern), as: UTF8.self) }
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
        let patterns = try CustomPatterns([.init(pattern: #"^LC:(?<controller>[^:]+):(?<event>\w+)$"#)]).compiled()
        for message in ["LC:vc1:viewDidLoad", "LC: vc2 :viewWillAppear", "[Net] LC:vc1:viewDidLoad", "LC:vc1:notACallback", "LC", ""] {
            var bytes = Array(message.utf8)
            let byBytes = bytes.withUnsafeMutableBufferPointer { patterns.match(UnsafeBufferPointer($0), 0..<$0.count) }
            let byString = patterns.match(message)
            XCTAssertEqual(byBytes?.kind, byString?.kind, message)
            XCTAssertEqual(byBytes?.controller, byString?.controller, message)
        }
        XCTAssertEqual(patterns.match("LC: vc2 :viewWillAppear")?.controller, ControllerRef(name: "vc2"), "trimmed")
        XCTAssertNil(patterns.match("[Net] LC:vc1:viewDidLoad"))
    }

    func testTrimmingDropsTabsAndSpaceSeparatorsOnly() {
        XCTAssertEqual(CompiledPatterns.trimmed(" \t vc1\u{A0}\u{3000}"), "vc1")
        XCTAssertEqual(CompiledPatterns.trimmed("vc 1"), "vc 1")
        XCTAssertEqual(CompiledPatterns.trimmed("\nvc1\n"), "\nvc1\n", "newlines are not whitespace here")
        XCTAssertEqual(CompiledPatterns.trimmed(" \t "), "")
        for text in [" \t vc1\u{A0}\u{3000}", "\u{2003}x y\u{2009}", "\nvc1\n", ""] {
            XCTAssertEqual(CompiledPatterns.trimmed(text), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }
}
