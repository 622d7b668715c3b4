import XCTest
@testable import LifelineKit

final class JSONTests: XCTestCase {
    // MARK: Parsing

    func testParsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"n":null,"t":true,"f":false,"i":-42,"d":2.5e-3,"s":"hi","a":[1,[]],"o":{}} "#)
        XCTAssertEqual(value, .object(JSONObject([
            ("n", .null), ("t", .bool(true)), ("f", .bool(false)), ("i", .int(-42)),
            ("d", .double(0.0025)), ("s", .string("hi")), ("a", .array([.int(1), .array([])])),
            ("o", .object(JSONObject())),
        ])))
    }

    func testAcceptsSurroundingWhitespace() throws {
        XCTAssertEqual(try JSONParser.parse(" \t\r\n 7 \n"), .int(7))
        XCTAssertEqual(try JSONParser.parse("\n[ 1 , 2 ]\n"), .array([.int(1), .int(2)]))
    }

    func testParsesRealisticLogStreamLine() throws {
        let line = #"{"traceID":2130000000000002,"eventMessage":"<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()","eventType":"logEvent","source":null,"threadID":4950593,"processImagePath":"/x/Shop.app/Shop","timestamp":"2024-03-01 10:49:46.701552-0800","processID":67943,"backtrace":{"frames":[{"imageOffset":123456}]}}"#
        let event = try JSONParser.parse(line)
        XCTAssertEqual(event["traceID"]?.intValue, 2_130_000_000_000_002)
        XCTAssertEqual(event["eventMessage"]?.stringValue, "<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()")
        XCTAssertEqual(event["source"], .null)
        XCTAssertEqual(event["processID"]?.intValue, 67943)
        XCTAssertEqual(event["timestamp"]?.stringValue, "2024-03-01 10:49:46.701552-0800")
        let frames = event["backtrace"]?["frames"]?.arrayValue
        XCTAssertEqual(frames?.first?["imageOffset"]?.intValue, 123_456)
        XCTAssertEqual(event.objectValue?.keys, [
            "traceID", "eventMessage", "eventType", "source", "threadID",
            "processImagePath", "timestamp", "processID", "backtrace",
        ])
        let reparsed = try JSONParser.parse(event.serialized())
        XCTAssertEqual(reparsed, event)
    }

    func testParsesFromRawBytes() throws {
        let bytes: [UInt8] = Array(#"{"a":[true]}"#.utf8)
        let value = try bytes.withUnsafeBytes { try JSONParser.parse(bytes: $0) }
        XCTAssertEqual(value["a"], .array([.bool(true)]))
    }

    func testDecodesEscapes() throws {
        let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u2028\ud83d\ude00 end""#)
        XCTAssertEqual(value, .string("\"\\/\u{8}\u{C}\n\r\tAé\u{2028}😀 end"))
    }

    func testKeepsNonASCIIText() throws {
        XCTAssertEqual(try JSONParser.parse(#"["Café 日本語 😀"]"#), .array([.string("Café 日本語 😀")]))
    }

    func testKeepsKeyOrderAndDuplicateKeys() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3,"a":4}"#)
        XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m", "a"])
        XCTAssertEqual(value["a"], .int(4))
        XCTAssertEqual(value.serialized(), #"{"z":1,"a":2,"m":3,"a":4}"#)
    }

    func testIntegersAtTheInt64BoundariesStayIntegers() throws {
        XCTAssertEqual(try JSONParser.parse("9223372036854775807"), .int(.max))
        XCTAssertEqual(try JSONParser.parse("-9223372036854775808"), .int(.min))
        XCTAssertEqual(try JSONParser.parse("9223372036854775808"), .double(9_223_372_036_854_775_808))
        XCTAssertEqual(try JSONParser.parse("-9223372036854775809"), .double(-9_223_372_036_854_775_808))
        XCTAssertEqual(try JSONParser.parse("123456789012345678901234567890"), .double(1.2345678901234568e29))
    }

    func testNumberKinds() throws {
        XCTAssertEqual(try JSONParser.parse("0"), .int(0))
        XCTAssertEqual(try JSONParser.parse("3.0"), .double(3))
        XCTAssertEqual(try JSONParser.parse("1E2"), .double(100))
        XCTAssertEqual(try JSONParser.parse("-1.5e+1"), .double(-15))
        let negativeZero = try JSONParser.parse("-0").doubleValue
        XCTAssertEqual(negativeZero, 0)
        XCTAssertEqual(negativeZero?.sign, .minus)
    }

    // MARK: Rejections

    func testRejectsInvalidDocuments() {
        let cases: [(text: String, message: String)] = [
            ("", "unexpected end of input, expected a value"),
            ("[1,2,]", "trailing comma in array"),
            (#"{"a":1,}"#, "trailing comma in object"),
            ("01", "leading zeros are not allowed in numbers"),
            ("-01", "leading zeros are not allowed in numbers"),
            ("'a'", "single quotes are not allowed, expected a value"),
            ("{'a':1}", #"single quotes are not allowed, expected '"' to start an object key"#),
            ("\"a\u{1}b\"", "unescaped control character 0x01 in string"),
            ("\"a\nb\"", "unescaped control character 0x0A in string"),
            (#""\ud83d""#, "high surrogate escape without a following low surrogate"),
            (#""\ud83d\u0041""#, "high surrogate escape without a following low surrogate"),
            (#""\ude00""#, "low surrogate escape without a preceding high surrogate"),
            (#""\u12g4""#, #"expected four hex digits after '\u'"#),
            (#""\x""#, "invalid escape sequence"),
            ("NaN", "unexpected character 'N', expected a value"),
            ("nan", "invalid literal, expected 'null'"),
            ("Infinity", "unexpected character 'I', expected a value"),
            ("tru", "invalid literal, expected 'true'"),
            ("1.", "expected a digit after the decimal point"),
            (".5", "unexpected character '.', expected a value"),
            ("1e", "expected a digit in the exponent"),
            ("-", "expected a digit after '-'"),
            ("+1", "unexpected character '+', expected a value"),
            ("1e999", "number is too large to represent"),
            (#""abc"#, "unterminated string"),
            ("[1 2]", "expected ',' or ']' after array element"),
            (#"{"a" 1}"#, "expected ':' after object key"),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' after object member"),
            ("{1:2}", #"unexpected character '1', expected '"' to start an object key"#),
            ("{", "unexpected end of input, expected an object key"),
            ("[", "unexpected end of input, expected a value"),
            ("1 2", "unexpected content after JSON value"),
            ("[1]]", "unexpected content after JSON value"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), "input: \(text)") { error in
                XCTAssertEqual((error as? JSONParseError)?.message, message, "input: \(text)")
            }
        }
    }

    func testReportsLineAndColumn() {
        XCTAssertEqual(parseError("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}"),
                       JSONParseError(message: "trailing comma in array", line: 3, column: 13))
        XCTAssertEqual(parseError("[1, 01]"),
                       JSONParseError(message: "leading zeros are not allowed in numbers", line: 1, column: 5))
        XCTAssertEqual(parseError("{\"a\":1\n\"b\":2}"),
                       JSONParseError(message: "expected ',' or '}' after object member", line: 2, column: 1))
        XCTAssertEqual(parseError("\"é\u{7}\""),
                       JSONParseError(message: "unescaped control character 0x07 in string", line: 1, column: 4))
    }

    func testErrorDescriptionNamesThePosition() {
        let error = JSONParseError(message: "expected ',' or '}' after object member", line: 3, column: 14)
        XCTAssertEqual(error.description, "line 3, column 14: expected ',' or '}' after object member")
    }

    func testRejectsInvalidUTF8() {
        let invalidInputs: [(bytes: [UInt8], message: String, column: Int)] = [
            ([0x22, 0x61, 0xFF, 0x22], "invalid UTF-8", 3),               // a byte UTF-8 never uses
            ([0x22, 0xC3, 0x22], "invalid UTF-8", 3),                     // truncated two-byte sequence
            ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8", 2),               // overlong encoding of '/'
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", 3),         // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", 3),   // beyond U+10FFFF
            ([0xFE], "unexpected byte 0xFE, expected a value", 1),        // outside a string
        ]
        for (bytes, message, column) in invalidInputs {
            XCTAssertThrowsError(try bytes.withUnsafeBytes { try JSONParser.parse(bytes: $0) }, "\(bytes)") { error in
                XCTAssertEqual(error as? JSONParseError, JSONParseError(message: message, line: 1, column: column), "\(bytes)")
            }
        }
    }

    func testNestingIsLimitedTo512Levels() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONParser.parse(deepest))

        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertEqual(parseError(tooDeep), JSONParseError(message: "nesting is deeper than 512 levels", line: 1, column: 513))

        let hostile = String(repeating: #"{"a":"#, count: 100_000)
        XCTAssertEqual(parseError(hostile)?.message, "nesting is deeper than 512 levels")
    }

    // MARK: Serialising

    func testCompactOutputHasNoWhitespace() {
        let value = JSONValue.object(JSONObject([
            ("list", .array([.int(1), .double(2.5), .null])),
            ("flag", .bool(false)),
            ("empty", .object(JSONObject())),
        ]))
        XCTAssertEqual(value.serialized(), #"{"list":[1,2.5,null],"flag":false,"empty":{}}"#)
    }

    func testPrettyOutputIsExact() {
        let value = JSONValue.object(JSONObject([
            ("name", .string("Cart")),
            ("events", .array([.int(1), .object(JSONObject([("ok", .bool(true))]))])),
            ("none", .array([])),
            ("nothing", .object(JSONObject())),
        ]))
        let expected = """
            {
              "name": "Cart",
              "events": [
                1,
                {
                  "ok": true
                }
              ],
              "none": [],
              "nothing": {}
            }
            """
        XCTAssertEqual(value.serialized(pretty: true), expected)
        XCTAssertEqual(JSONValue.array([]).serialized(pretty: true), "[]")
        XCTAssertEqual(JSONValue.string("x").serialized(pretty: true), #""x""#)
    }

    func testRoundTripsThroughText() throws {
        let texts = [
            #"{"a":[1,-2,3.25,"x\ny",null,true,{}],"b":{"c":[[]]},"":""}"#,
            #"[-9223372036854775808,9223372036854775807,1e+300,0.1]"#,
            #""\u003c/script\u003e\u2028""#,
        ]
        for text in texts {
            let value = try JSONParser.parse(text)
            XCTAssertEqual(value.serialized(), text)
            XCTAssertEqual(try JSONParser.parse(value.serialized(pretty: true)), value)
        }
    }

    // MARK: Escaping

    func testEscapesEveryControlCharacter() throws {
        let shortForms: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        for byte in UInt8(0)..<0x20 {
            let character = String(UnicodeScalar(byte))
            let hex = String(byte, radix: 16)
            let expected = shortForms[byte] ?? #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
            XCTAssertEqual(JSONText.quoted(character), "\"\(expected)\"", "byte \(byte)")
            XCTAssertEqual(try JSONParser.parse(JSONText.quoted(character)), .string(character), "byte \(byte)")
        }
    }

    func testEscapesQuotesAndBackslashes() {
        XCTAssertEqual(JSONText.quoted(#"say "hi" \ bye"#), #""say \"hi\" \\ bye""#)
    }

    func testEscapesHTMLSensitiveCharacters() {
        XCTAssertEqual(JSONText.quoted("</script>"), #""\u003c/script\u003e""#)
        XCTAssertEqual(JSONText.quoted("a&b"), #""a\u0026b""#)
        XCTAssertEqual(JSONText.quoted("line\u{2028}para\u{2029}"), #""line\u2028para\u2029""#)
    }

    func testEscapesDeleteC1AndBidirectionalControlsSoTheyCannotDriveATerminal() throws {
        let text = "X\u{7F}\u{85}\u{9B}\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}Y"
        XCTAssertEqual(JSONText.quoted(text), #""X\u007f\u0085\u009b\u061c\u200e\u200f\u202a\u202e\u2066\u2069Y""#)
        XCTAssertEqual(try JSONParser.parse(JSONText.quoted(text)), .string(text), "a reader decodes the same text")
    }

    func testPassesOtherUnicodeThrough() {
        XCTAssertEqual(JSONText.quoted("😀 café 日本 \u{2027}\u{202F}\u{A0}\u{C0}\u{600}"), "\"😀 café 日本 \u{2027}\u{202F}\u{A0}\u{C0}\u{600}\"")
        XCTAssertEqual(JSONText.quoted("\"\u{301}"), "\"\\\"\u{301}\"")
    }

    func testQuotesSubstrings() {
        let text = "prefix <tag> suffix"
        let substring = text.dropFirst(7).prefix(5)
        XCTAssertEqual("x=" + JSONText.quoted(substring), #"x="\u003ctag\u003e""#)
    }

    // MARK: Numbers

    func testFormatsDoubles() {
        XCTAssertEqual(JSONText.number(0.1), "0.1")
        XCTAssertEqual(JSONText.number(1.5), "1.5")
        XCTAssertEqual(JSONText.number(0.001), "0.001")
        XCTAssertEqual(JSONText.number(1e300), "1e+300")
        XCTAssertEqual(JSONText.number(1e21), "1e+21")
        XCTAssertEqual(JSONText.number(3.0), "3")
        XCTAssertEqual(JSONText.number(-42.0), "-42")
        XCTAssertEqual(JSONText.number(999_999_999_999_999), "999999999999999")
        XCTAssertEqual(JSONText.number(-0.0), "-0")
        XCTAssertEqual(JSONText.number(.infinity), "null")
        XCTAssertEqual(JSONText.number(-.infinity), "null")
        XCTAssertEqual(JSONText.number(.nan), "null")
    }

    func testFormattedDoublesReadBackExactly() throws {
        for double in [0.1, 1.0 / 3.0, .leastNonzeroMagnitude, 1.7976931348623157e308, -2.5e-8, 1e15, 123_456_789.125] {
            XCTAssertEqual(try JSONParser.parse(JSONText.number(double)).doubleValue, double)
        }
    }

    // MARK: Accessors and objects

    func testAccessors() {
        XCTAssertEqual(JSONValue.string("s").stringValue, "s")
        XCTAssertNil(JSONValue.int(1).stringValue)
        XCTAssertEqual(JSONValue.int(7).intValue, 7)
        XCTAssertEqual(JSONValue.double(7.0).intValue, 7)
        XCTAssertNil(JSONValue.double(7.5).intValue)
        XCTAssertNil(JSONValue.double(1e30).intValue)
        XCTAssertEqual(JSONValue.int(7).doubleValue, 7.0)
        XCTAssertEqual(JSONValue.double(0.5).doubleValue, 0.5)
        XCTAssertNil(JSONValue.string("1").doubleValue)
        XCTAssertEqual(JSONValue.bool(true).boolValue, true)
        XCTAssertNil(JSONValue.null.boolValue)
        XCTAssertEqual(JSONValue.array([.null]).arrayValue, [.null])
        XCTAssertEqual(JSONValue.object(JSONObject([("k", .null)])).objectValue?.keys, ["k"])
        XCTAssertNil(JSONValue.array([]).objectValue)
        XCTAssertNil(JSONValue.array([])["k"])
    }

    func testObjectSubscriptSetsInPlaceAppendsAndRemoves() {
        var object = JSONObject([("a", .int(1)), ("b", .int(2)), ("a", .int(3))])
        object["b"] = .string("two")
        object["a"] = .int(30)
        object["c"] = .null
        XCTAssertEqual(object, JSONObject([("a", .int(1)), ("b", .string("two")), ("a", .int(30)), ("c", .null)]))
        object["a"] = nil
        XCTAssertEqual(object.keys, ["b", "c"])
        XCTAssertNil(object["missing"])
    }

    func testObjectEqualityDependsOnOrder() {
        let ab = JSONObject([("a", .int(1)), ("b", .int(2))])
        let ba = JSONObject([("b", .int(2)), ("a", .int(1))])
        XCTAssertNotEqual(ab, ba)
        XCTAssertNotEqual(ab, JSONObject([("a", .int(1))]))
        XCTAssertEqual(ab, JSONObject([("a", .int(1)), ("b", .int(2))]))
    }

    // MARK: Helpers

    private func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }
}
