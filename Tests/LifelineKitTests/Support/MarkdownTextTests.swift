import XCTest
@testable import LifelineKit

final class MarkdownTextTests: XCTestCase {
    func testEscapeNeutralisesMarkdownHTMLAndMath() {
        XCTAssertEqual(MarkdownText.escape("a|b *c* <i>&\"\t$x$"), "a\\|b \\*c\\* &lt;i\\>&amp;&quot; \\$x\\$")
        XCTAssertEqual(MarkdownText.escape("a\nb\u{1B}[2J\u{202E}"), #"a\\u\{A\}b\\u\{1B\}\[2J\\u\{202E\}"#, "controls shown, never raw")
    }

    func testCodeSpanKeepsTextAsWritten() {
        XCTAssertEqual(MarkdownText.code("a|b"), "`a\\|b`")
        XCTAssertEqual(MarkdownText.code("x `y` z"), "``x `y` z``")
        XCTAssertEqual(MarkdownText.code("`edge"), "`` `edge ``")
        XCTAssertEqual(MarkdownText.code(""), "` `", "two backticks alone would not be a code span")
        XCTAssertEqual(MarkdownText.code(" padded "), "`  padded  `", "Markdown strips one space from each end")
        XCTAssertEqual(MarkdownText.code("   "), "`   `", "only spaces are kept as they are")
        XCTAssertEqual(MarkdownText.code("two\nlines\u{7}"), #"`two\u{A}lines\u{7}`"#, "controls shown, never raw")
    }
}
