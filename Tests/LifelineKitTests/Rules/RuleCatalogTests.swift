import Foundation
import XCTest
@testable import LifelineKit

final class RuleCatalogTests: XCTestCase {
    func testReadmeRuleTableIsTheGeneratedOne() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- rules:begin -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- rules:end -->"))
        XCTAssertEqual(String(text[begin.upperBound..<end.lowerBound]), RuleCatalog.markdownTable(),
                       "regenerate with `lifeline rules --markdown`")
    }

    func testExplanationShowsTheExamplesTheTestsRun() {
        let text = RuleCatalog.explanation(LoadOnceRule.description)
        XCTAssertTrue(text.hasPrefix("load-once (error): loadView or viewDidLoad runs more than once for one instance\n"))
        for example in LoadOnceRule.description.triggeringExamples + LoadOnceRule.description.nonTriggeringExamples {
            XCTAssertTrue(text.contains(example.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")))
        }
    }

    func testListHasOneAlignedLinePerRule() {
        let lines = RuleCatalog.list().split(separator: "\n")
        XCTAssertEqual(lines.count, RuleRegistry.all.count)
        XCTAssertTrue(lines[0].hasPrefix("load-once               error    "))
    }
}
