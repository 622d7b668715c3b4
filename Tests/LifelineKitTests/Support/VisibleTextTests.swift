import XCTest
@testable import LifelineKit

final class VisibleTextTests: XCTestCase {
    func testControlsAndBidiOverridesBecomeSwiftEscapes() {
        XCTAssertEqual(VisibleText.escape("<Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1>"), #"<Shop.X\u{1B}[2J\u{1B}]0;pwned\u{7}: 0x1>"#)
        XCTAssertEqual(VisibleText.escape("a\nb\rc\u{0}d\u{7F}e"), #"a\u{A}b\u{D}c\u{0}d\u{7F}e"#)
        XCTAssertEqual(VisibleText.escape("C1 \u{85}\u{9B}\u{9F}"), #"C1 \u{85}\u{9B}\u{9F}"#)
        XCTAssertEqual(VisibleText.escape("Cart\u{202E}rellortnoC"), #"Cart\u{202E}rellortnoC"#)
        for scalar: UInt32 in [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let character = String(Character(Unicode.Scalar(scalar)!))
            XCTAssertEqual(VisibleText.escape("x" + character + "y"), "x\\u{\(String(scalar, radix: 16, uppercase: true))}y")
        }
    }

    func testOrdinaryTextIsKept() {
        let text = "tab\tkept: \u{A0}£é日本😀 \u{200D}\u{2027}\u{202F}\u{2065}\u{206A}€ ‘quotes’ – dash"
        XCTAssertEqual(VisibleText.escape(text), text)
        XCTAssertEqual(VisibleText.escape(""), "")
    }

    /// Every scalar up to U+3000 is escaped exactly when it is in the documented set.
    func testTheEscapedSetIsExactlyTheDocumentedOne() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isListed = (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) || value == 0x061C
                || value == 0x200E || value == 0x200F || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            let text = "a" + String(Character(scalar)) + "b"
            XCTAssertEqual(VisibleText.escape(text) != text, isListed, "U+\(String(value, radix: 16))")
        }
    }
}
