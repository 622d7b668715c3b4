import XCTest
@testable import LifelineKit

final class MarkdownTextTests: XCTestCase {
    func testEscapeNeutralisesMarkdownHTMLAndMath() {
        XCTAssertEqual(MarkdownText.escape("a|b *c* <i>&\"\n$x$"), "a\\|b \\*c\\* &lt;i\\>&amp;&quot; \\$x\\$")
    }

    func testCodeSpanKeepsTextAsWritten() {
        XCTAssertEqual(MarkdownText.code("a|b"), "`a\\|b`")
        XCTAssertEqual(MarkdownText.code("x `y` z"), "``x `y` z``")
        XCTAssertEqual(MarkdownText.code("`edge"), "`` `edge ``")
        XCTAssertEqual(MarkdownText.code(""), "` `", "two backticks alone would not be a code span")
        XCTAssertEqual(MarkdownText.code(" padded "), "`  padded  `", "Markdown strips one space from each end")
        XCTAssertEqual(MarkdownText.code("   "), "`   `", "only spaces are kept as they are")
        XCTAssertEqual(MarkdownText.code("two\nlines"), "`two lines`")
    }
}
