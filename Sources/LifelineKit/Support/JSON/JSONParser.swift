/// A syntax error found while parsing JSON, with the position of the offending byte.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "expected ',' or '}' after object member".
    public var message: String
    /// The 1-based line of the offending byte.
    public var line: Int
    /// The 1-based column of the offending byte, counted in bytes.
    public var column: Int

    /// Creates an error with `message` at `line` and `column`.
    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// The error as "line L, column C: message".
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}

/// A strict RFC 8259 JSON parser.
///
/// Accepts exactly one value surrounded by optional whitespace. Rejects trailing commas,
/// leading zeros, single quotes, unescaped control characters, lone surrogate escapes,
/// invalid UTF-8, numbers too large for `Double`, and nesting deeper than ``maximumDepth``.
/// Duplicate object keys are kept in order.
public enum JSONParser {
    /// The deepest nesting of arrays and objects that parses; one more level is an error.
    public static let maximumDepth = 512

    /// Parses `text` as one JSON value.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { utf8 in
            Result { () throws(JSONParseError) in try parse(bytes: UnsafeRawBufferPointer(utf8)) }
        }
        return try result.get()
    }

    /// Parses the UTF-8 encoded `bytes` as one JSON value.
    static func parse(bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var parser = ByteParser(bytes: bytes)
        return try parser.parseDocument()
    }
}

/// A recursive-descent parser over raw UTF-8 bytes.
private struct ByteParser {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    var depth = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var current: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected content after JSON value") }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", as: .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", as: .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", as: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpectedByte(byte, expecting: "a value")
        }
    }

    private mutating func parseLiteral(_ literal: StaticString, as value: JSONValue) throws(JSONParseError) -> JSONValue {
        let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard current == byte else { throw error("invalid literal, expected '\(literal)'") }
            offset += 1
        }
        return value
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                try skipComma(beforeClosing: UInt8(ascii: "]"), in: "array")
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' after array element")
            }
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var pairs: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(JSONObject(pairs))
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw current.map { unexpectedByte($0, expecting: "'\"' to start an object key") }
                    ?? error("unexpected end of input, expected an object key")
            }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
            offset += 1
            skipWhitespace()
            pairs.append((key: key, value: try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                try skipComma(beforeClosing: UInt8(ascii: "}"), in: "object")
            case UInt8(ascii: "}"):
                offset += 1
                return .object(JSONObject(pairs))
            default:
                throw error("expected ',' or '}' after object member")
            }
        }
    }

    /// Steps over the opening bracket, enforcing the depth limit. Callers undo the depth on exit.
    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw error("nesting is deeper than \(JSONParser.maximumDepth) levels")
        }
        offset += 1
    }

    /// Steps over a separating comma and the whitespace after it, rejecting a trailing comma.
    private mutating func skipComma(beforeClosing closing: UInt8, in container: String) throws(JSONParseError) {
        let commaOffset = offset
        offset += 1
        skipWhitespace()
        if current == closing { throw error("trailing comma in \(container)", at: commaOffset) }
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
            offset += 1
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        let isNegative = current == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        let integerStart = offset
        guard isAtDigit else { throw error("expected a digit after '-'") }
        if current == UInt8(ascii: "0") {
            offset += 1
            if isAtDigit {
                throw error("leading zeros are not allowed in numbers", at: integerStart)
            }
        } else {
            skipDigits()
        }
        let integerEnd = offset
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard isAtDigit else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard isAtDigit else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        if isInteger, let integer = exactInteger(digits: integerStart..<integerEnd, isNegative: isNegative) {
            return isNegative && integer == 0 ? .double(-0.0) : .int(integer)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw error("number is too large to represent", at: start)
        }
        return .double(double)
    }

    /// The value of the decimal digits in `range`, or `nil` if it overflows `Int64`.
    private func exactInteger(digits range: Range<Int>, isNegative: Bool) -> Int64? {
        var value: Int64 = 0
        for byte in bytes[range] {
            let digit = Int64(byte &- UInt8(ascii: "0"))
            let (scaled, scaleOverflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) = isNegative
                ? scaled.subtractingReportingOverflow(digit)
                : scaled.addingReportingOverflow(digit)
            guard !scaleOverflow, !sumOverflow else { return nil }
            value = sum
        }
        return value
    }

    private var isAtDigit: Bool {
        current.map(Self.isDigit) ?? false
    }

    private mutating func skipDigits() {
        while isAtDigit { offset += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: Strings

    /// Parses a string token, starting at its opening quote.
    ///
    /// Strings without escapes are decoded straight from the input; the others are assembled
    /// in `scratch` first. Either way the `String` is built once.
    private mutating func parseString() throws(JSONParseError) -> String {
        let openingQuote = offset
        offset += 1
        var runStart = offset
        var hasEscapes = false
        while true {
            offset = endOfPlainASCII(from: offset)
            guard let byte = current else { break }
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset])
                offset += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if !hasEscapes {
                    scratch.removeAll(keepingCapacity: true)
                    hasEscapes = true
                }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
                try appendEscape()
                runStart = offset
            case 0x00..<0x20:
                throw error("unescaped control character \(Self.hex(byte)) in string")
            default:
                try skipMultibyteScalar()
            }
        }
        throw error("unterminated string", at: openingQuote)
    }

    /// The offset of the first byte at or after `start` that a string token must look at:
    /// a quote, a backslash, a control character, non-ASCII, or the end of input.
    private func endOfPlainASCII(from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
            index += 1
        }
        return index
    }

    /// Decodes the escape sequence at `offset` into `scratch`.
    private mutating func appendEscape() throws(JSONParseError) {
        let escapeStart = offset
        offset += 1
        guard let byte = current else { throw error("unterminated string") }
        let simple: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            offset += 1
            scratch.append(contentsOf: try parseUnicodeEscape(startingAt: escapeStart).utf8)
            return
        default:
            throw error("invalid escape sequence", at: escapeStart)
        }
        scratch.append(simple)
        offset += 1
    }

    /// Decodes a `\uXXXX` escape whose four hex digits start at `offset`, plus the low half that
    /// must follow a high surrogate.
    private mutating func parseUnicodeEscape(startingAt escapeStart: Int) throws(JSONParseError) -> Unicode.Scalar {
        let unit = try parseHexQuad()
        switch unit {
        case 0xD800..<0xDC00:
            guard bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                throw error("high surrogate escape without a following low surrogate", at: escapeStart)
            }
            offset += 2
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("high surrogate escape without a following low surrogate", at: escapeStart)
            }
            // A surrogate pair always combines into a valid scalar in U+10000...U+10FFFF.
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return Unicode.Scalar(value)!
        case 0xDC00..<0xE000:
            throw error("low surrogate escape without a preceding high surrogate", at: escapeStart)
        default:
            // Every UTF-16 code unit outside the surrogate range is a valid scalar.
            return Unicode.Scalar(unit)!
        }
    }

    private mutating func parseHexQuad() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigitValue(byte) else {
                throw error("expected four hex digits after '\\u'")
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Validates the multi-byte UTF-8 sequence at `offset` and steps over it.
    private mutating func skipMultibyteScalar() throws(JSONParseError) {
        let continuationCount: Int
        var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondByteRange = 0xA0...0xBF
        case 0xED: continuationCount = 2; secondByteRange = 0x80...0x9F
        case 0xE1...0xEF: continuationCount = 2
        case 0xF0: continuationCount = 3; secondByteRange = 0x90...0xBF
        case 0xF4: continuationCount = 3; secondByteRange = 0x80...0x8F
        case 0xF1...0xF3: continuationCount = 3
        default: throw error("invalid UTF-8")
        }
        for position in 1...continuationCount {
            let expected = position == 1 ? secondByteRange : 0x80...0xBF
            guard offset + position < bytes.count, expected.contains(bytes[offset + position]) else {
                throw error("invalid UTF-8", at: offset + position)
            }
        }
        offset += 1 + continuationCount
    }

    // MARK: Errors

    private func unexpectedByte(_ byte: UInt8, expecting expected: String) -> JSONParseError {
        switch byte {
        case UInt8(ascii: "'"):
            error("single quotes are not allowed, expected \(expected)")
        case 0x21..<0x7F:
            error("unexpected character '\(Character(Unicode.Scalar(byte)))', expected \(expected)")
        default:
            error("unexpected byte \(Self.hex(byte)), expected \(expected)")
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0x0" : "0x") + String(byte, radix: 16, uppercase: true)
    }

    /// An error at `errorOffset` (the current byte by default), with its line and column.
    private func error(_ message: String, at errorOffset: Int? = nil) -> JSONParseError {
        let errorOffset = errorOffset ?? offset
        let preceding = bytes[..<errorOffset]
        let line = 1 + preceding.count { $0 == UInt8(ascii: "\n") }
        let lineStart = preceding.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return JSONParseError(message: message, line: line, column: errorOffset - lineStart + 1)
    }
}
