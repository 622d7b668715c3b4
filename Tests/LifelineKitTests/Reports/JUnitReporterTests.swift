import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import LifelineKit

/// Checks the JUnit XML parses, has the shape CI tools read (`testsuites` > `testsuite name tests failures errors
/// time` > `testcase name classname` with `failure`/`error` children), and escapes log text.
final class JUnitReporterTests: XCTestCase {
    private func document(_ result: AuditResult = ReportFixtures.mixed) throws -> XMLElement {
        let document = try XMLDocument(xmlString: JUnitReporter().render(result))
        return try XCTUnwrap(document.rootElement())
    }

    private func attributes(_ element: XMLElement?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (element?.attributes ?? []).map { ($0.name ?? "", $0.stringValue ?? "") })
    }

    func testSuiteCountsTestCasesByOutcome() throws {
        let root = try document()
        XCTAssertEqual(root.name, "testsuites")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 1)
        let expected = ["tests": "4", "failures": "2", "errors": "1", "time": "0"]
        XCTAssertEqual(attributes(suites.first).filter { $0.key != "name" }, expected)
        XCTAssertEqual(attributes(root).filter { $0.key != "name" }, expected)
        XCTAssertEqual(attributes(suites.first)["name"], "lifeline check")
    }

    func testOneTestCasePerFileWithAFailurePerFinding() throws {
        let cases = try XCTUnwrap(try document().elements(forName: "testsuite").first?.elements(forName: "testcase"))
        XCTAssertEqual(cases.map { attributes($0)["name"] },
                       ["traces/cart.log", "traces/clean.log", "traces/locked.log", "traces/nested/list.log"])
        XCTAssertTrue(cases.allSatisfy { attributes($0)["classname"] == "lifeline" && attributes($0)["time"] == "0" })
        let failures = cases[0].elements(forName: "failure")
        XCTAssertEqual(failures.map { attributes($0)["type"] }, ["appearance-order", "observer-balance"])
        XCTAssertEqual(attributes(failures.first)["message"],
                       "error: [appearance-order] <Shop.CartViewController: 0x7f01> viewDidAppear without viewWillAppear")
        XCTAssertTrue(failures.first?.stringValue?.hasPrefix("traces/cart.log:12: error: [appearance-order]") ?? false)
        XCTAssertTrue(failures.first?.stringValue?.contains("\n  12: <Shop.CartViewController: 0x7f01> viewDidAppear(_:)\n") ?? false,
                      "evidence follows")
        XCTAssertEqual(cases[1].childCount, 0, "a clean file passes")
        XCTAssertEqual(attributes(cases[2].elements(forName: "error").first)["message"], "cannot open: Permission denied")
        XCTAssertEqual(cases[3].elements(forName: "failure").count, 1)
    }

    func testLogTextIsEscapedAndStaysWellFormed() throws {
        let nasty = "a <b> & \"c\" 'd' ]]> \u{1}\tend\r\nnext"
        let result = AuditResult(files: [ReportFixtures.file("x&y.log")],
                                 findings: [ReportFixtures.finding(file: "x&y.log", message: nasty)])
        let testCase = try XCTUnwrap(try document(result).elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        XCTAssertEqual(attributes(testCase)["name"], "x&y.log")
        let failure = testCase.elements(forName: "failure").first
        XCTAssertEqual(attributes(failure)["message"], "error: [appearance-order] a <b> & \"c\" 'd' ]]> \\u{1}\tend\\u{D}\\u{A}next",
                       "controls are shown as the text reporter shows them; a tab survives as a character reference")
        XCTAssertTrue(failure?.stringValue?.contains("a <b> & \"c\" 'd' ]]> \\u{1}\tend\\u{D}\\u{A}next") ?? false)
    }

    /// A bidirectional override in a log line would make a dashboard show the line reordered: it is shown, not obeyed.
    func testBidirectionalControlsAreShownNotObeyed() throws {
        let spoof = "<Shop.Pay\u{202E}reldnaH: 0x7f01> viewDidAppear"
        var finding = ReportFixtures.finding(file: "a\u{2066}.log", message: spoof)
        finding.evidence = [EvidenceLine(line: 12, text: spoof)]
        let result = AuditResult(files: [ReportFixtures.file("a\u{2066}.log")], findings: [finding])
        let testCase = try XCTUnwrap(try document(result).elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        XCTAssertEqual(attributes(testCase)["name"], "a\\u{2066}.log")
        let failure = testCase.elements(forName: "failure").first
        XCTAssertEqual(attributes(failure)["message"], "error: [appearance-order] <Shop.Pay\\u{202E}reldnaH: 0x7f01> viewDidAppear")
        XCTAssertTrue(failure?.stringValue?.contains("12: <Shop.Pay\\u{202E}reldnaH: 0x7f01> viewDidAppear") ?? false)
        let written = JUnitReporter().render(result)
        XCTAssertFalse(written.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{2066}" }, "no bidirectional control reaches the XML")
    }

    /// Escaping works on bytes; it must give what replacing character by character gives.
    func testXMLTextEscapingMatchesAReferenceOnRandomText() {
        let content: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"]
        let inAttribute = content.merging(["\"": "&quot;", "'": "&apos;", "\n": "&#10;", "\t": "&#9;"]) { first, _ in first }
        func reference(_ text: String, attribute: Bool) -> String {
            ReferenceEscaping.escape(text) { scalar in
                if let entity = (attribute ? inAttribute : content)[scalar] { return entity }
                switch scalar.value {
                case 0x9, 0xA, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return nil  // XML 1.0's Char
                default: return "\u{FFFD}"
                }
            }
        }
        let alphabet: [Unicode.Scalar] = ["a", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}",
                                          "é", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFFF}", "😀"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            XCTAssertEqual(XMLText.content(text), reference(text, attribute: false), text.debugDescription)
            XCTAssertEqual(XMLText.attribute(text), reference(text, attribute: true), text.debugDescription)
        }
    }

    func testXMLTextEscaping() {
        XCTAssertEqual(XMLText.content("<a & b>\"'\r"), "&lt;a &amp; b&gt;\"'&#13;")
        XCTAssertEqual(XMLText.attribute("<a & b>\"'\t\n"), "&lt;a &amp; b&gt;&quot;&apos;&#9;&#10;")
        XCTAssertEqual(XMLText.content("\u{0}\u{8}\u{B}\u{FFFE}ok\u{1F600}"), "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}ok\u{1F600}")
    }
}
