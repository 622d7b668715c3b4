/// JSON with comments, as VS Code's and TypeScript's configuration files are written: `//` to the end of the
/// line and `/* … */` are read as whitespace, and `"$comment"` members (JSON Schema's spelling) are dropped.
/// Comments become spaces byte for byte, newlines kept, so a JSON error names the line and column of the file.
public enum JSONComments {
    /// `text` with each comment's bytes replaced by spaces (newlines inside `/* */` kept). Text in strings is
    /// left alone (`"https://…"`). Throws for a `/*` that is never closed, at the `/*`.
    public static func blanked(_ text: String) throws(JSONParseError) -> String {
        var bytes = Array(text.utf8)
        var index = 0
        var line = 1, lineStart = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    bytes[index] = UInt8(ascii: " ")
                    index += 1
                }
                continue
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                let start = (line, index - lineStart + 1)
                bytes[index] = UInt8(ascii: " ")
                bytes[index + 1] = UInt8(ascii: " ")
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 } else { bytes[index] = UInt8(ascii: " ") }
                    index += 1
                }
                guard index < bytes.count else {
                    throw JSONParseError(message: "a /* comment is never closed with */", line: start.0, column: start.1)
                }
                bytes[index] = UInt8(ascii: " ")
                bytes[index + 1] = UInt8(ascii: " ")
                index += 2
                continue
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` without the `"$comment"` members of its objects, at any depth.
    public static func withoutCommentMembers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.pairs.filter { $0.key != "$comment" }.map { ($0.key, withoutCommentMembers($0.value)) }))
        case .array(let elements):
            return .array(elements.map(withoutCommentMembers))
        default:
            return value
        }
    }
}
