import Foundation

extension JSONValue {
    /// Serialises the value as JSON text.
    ///
    /// - Parameter pretty: When `false` the output has no whitespace at all. When `true` every
    ///   array element and object member sits on its own line, indented by two spaces per level,
    ///   with members written as `"key": value`; empty containers stay `[]` and `{}`.
    public func serialized(pretty: Bool = false) -> String {
        JSONWriter.text(pretty: pretty) { $0.write(self, depth: 0) }
    }
}

/// Low-level helpers used by streaming writers that build JSON text by hand (hot paths).
public enum JSONText {
    /// Appends `s` to `out` as a quoted JSON string.
    ///
    /// Escapes `"`, `\` and control characters below U+0020 (`\b \f \n \r \t` where they exist,
    /// `\u00XX` otherwise). Also escapes U+2028, U+2029, `<`, `>` and `&` so the output can be
    /// embedded in an HTML `<script>` element, and DEL, the C1 controls and the bidirectional controls
    /// (`VisibleText` lists them) so the text cannot drive a terminal it is printed on; a reader decodes
    /// the same string. All other characters pass through as UTF-8.
    static func appendQuoted(_ s: String, to out: TextBuffer) {
        var s = s
        s.withUTF8 { utf8 in
            out.append(byte: UInt8(ascii: "\""))
            var runStart = 0
            forEachEscape(in: utf8) { index, escape in
                out.append(bytes: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                out.append(byte: UInt8(ascii: "\\"))
                switch escape {
                case .short(let character):
                    out.append(byte: character)
                case .unicode(let codeUnit):
                    out.append(byte: UInt8(ascii: "u"))
                    for shift in stride(from: 12, through: 0, by: -4) {
                        out.append(byte: hexDigit(UInt8(truncatingIfNeeded: codeUnit >> UInt16(shift)) & 0x0F))
                    }
                }
                runStart = index + escape.inputLength
            }
            out.append(bytes: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            out.append(byte: UInt8(ascii: "\""))
        }
    }

    /// Returns `s` as a quoted JSON string, escaped as ``appendQuoted(_:to:)`` describes.
    public static func quoted(_ s: some StringProtocol) -> String {
        let out = TextBuffer(capacity: s.utf8.count + 2)
        appendQuoted(String(s), to: out)
        return out.text
    }

    /// Returns the shortest text that reads back as `d`.
    ///
    /// Integral values with magnitude below 10¹⁵ print without a fraction (`3`, `-0`); other
    /// values print as Swift's `description` does (`0.1`, `1e+300`). Infinities and NaN, which
    /// JSON cannot represent, print as `null`.
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        guard d.rounded(.towardZero) == d, d.magnitude < 1e15 else { return d.description }
        if d == 0, d.sign == .minus { return "-0" }
        return String(Int64(d))
    }

    /// Calls `body` with the position of every character in `utf8` that needs escaping.
    private static func forEachEscape(in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int, Escape) -> Void) {
        var index = 0
        while index < utf8.count {
            if Escape.mayStartAt(utf8[index]), let escape = Escape(at: index, in: utf8) {
                body(index, escape)
                index += escape.inputLength
            } else {
                index += 1
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

/// How ``JSONText`` escapes one character.
private enum Escape {
    /// A backslash followed by this character, e.g. `\n`.
    case short(UInt8)
    /// `\u` followed by this UTF-16 code unit as four hex digits.
    case unicode(UInt16)

    /// ASCII bytes below `@` that need escaping: control characters, `"`, `&`, `<` and `>`.
    private static let lowASCIIEscapes: UInt64 = 0x0000_0000_FFFF_FFFF
        | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    /// A cheap pre-check: whether `byte` can start a character that needs escaping.
    static func mayStartAt(_ byte: UInt8) -> Bool {
        byte < 0x40 ? lowASCIIEscapes >> byte & 1 != 0 : byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// Classifies the character whose UTF-8 form starts at `index`; `nil` if it passes through.
    init?(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): self = .short(byte)
        case 0x08: self = .short(UInt8(ascii: "b"))
        case 0x0C: self = .short(UInt8(ascii: "f"))
        case UInt8(ascii: "\n"): self = .short(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): self = .short(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): self = .short(UInt8(ascii: "t"))
        case 0x00..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0x7F: self = .unicode(UInt16(byte))
        case 0xC2, 0xD8, 0xE2:
            // The C1, bidirectional and separator characters `VisibleText` makes visible (U+2028 is E2 80 A8).
            guard VisibleText.replacement(utf8, at: index) != nil else { return nil }
            let width = byte == 0xE2 ? 3 : 2
            var scalar = UInt16(byte & (width == 3 ? 0x0F : 0x1F))
            for offset in 1..<width { scalar = scalar << 6 | UInt16(utf8[index + offset] & 0x3F) }
            self = .unicode(scalar)
        default:
            return nil
        }
    }

    /// The number of input bytes the escape replaces.
    var inputLength: Int {
        guard case .unicode(let codeUnit) = self else { return 1 }
        return codeUnit < 0x80 ? 1 : codeUnit < 0x800 ? 2 : 3
    }
}

/// Builds the text for ``JSONValue/serialized(pretty:)``, as bytes. Documents with many elements can be written
/// member by member (`writeMember(_:first:depth:)`) with arrays streamed (`writeArray(_:depth:)` takes any
/// sequence), so no tree of the whole document is ever held.
final class JSONWriter {
    let pretty: Bool
    private let out = TextBuffer(capacity: 1 << 12)
    /// Once set, receives the text written so far whenever an array element leaves `flushThreshold` bytes or more.
    private var flush: ((Data) -> Void)?
    private let flushThreshold: Int

    private init(pretty: Bool, flushingAt flushThreshold: Int = .max) {
        self.pretty = pretty
        self.flushThreshold = flushThreshold
    }

    /// The text `body` writes.
    static func text(pretty: Bool, _ body: (JSONWriter) -> Void) -> String {
        let writer = JSONWriter(pretty: pretty)
        body(writer)
        return writer.out.text
    }

    /// The text `body` writes, handed to `output` in pieces of about 64 KiB as it is written.
    static func write(pretty: Bool, to output: (Data) -> Void, _ body: (JSONWriter) -> Void) {
        let writer = JSONWriter(pretty: pretty, flushingAt: 1 << 16)
        withoutActuallyEscaping(output) { output in
            writer.flush = output
            body(writer)
            writer.flush = nil
        }
        output(writer.out.takeData())
    }

    func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: out.append("null")
        case .bool(let bool): out.append(bool ? "true" : "false")
        case .int(let int): out.append(int)
        case .double(let double): out.append(JSONText.number(double))
        case .string(let string): JSONText.appendQuoted(string, to: out)
        case .array(let elements): writeArray(elements, depth: depth)
        case .object(let object): writeObject(object, depth: depth)
        }
    }

    /// An array of `elements`, each made only when it is written.
    func writeArray(_ elements: some Sequence<JSONValue>, depth: Int) {
        beginArray()
        var isEmpty = true
        for element in elements {
            writeElement(first: isEmpty, depth: depth)
            write(element, depth: depth + 1)
            isEmpty = false
            if let flush, out.count >= flushThreshold { flush(out.takeData()) }
        }
        endArray(isEmpty: isEmpty, depth: depth)
    }

    private func writeObject(_ object: JSONObject, depth: Int) {
        beginObject()
        for (position, member) in object.pairs.enumerated() {
            writeMember(member.key, first: position == 0, depth: depth)
            write(member.value, depth: depth + 1)
        }
        endObject(isEmpty: object.pairs.isEmpty, depth: depth)
    }

    func beginObject() { out.append(byte: UInt8(ascii: "{")) }

    func beginArray() { out.append(byte: UInt8(ascii: "[")) }

    /// Starts an element of an array at `depth`; the element follows, at `depth + 1`.
    func writeElement(first: Bool, depth: Int) { startItem(isFirst: first, depth: depth + 1) }

    func endArray(isEmpty: Bool, depth: Int) {
        endContainer(isEmpty: isEmpty, depth: depth)
        out.append(byte: UInt8(ascii: "]"))
    }

    /// Starts the member `key` of an object at `depth`; its value follows, at `depth + 1`.
    func writeMember(_ key: String, first: Bool, depth: Int) {
        startItem(isFirst: first, depth: depth + 1)
        JSONText.appendQuoted(key, to: out)
        out.append(pretty ? ": " : ":")
    }

    func endObject(isEmpty: Bool, depth: Int) {
        endContainer(isEmpty: isEmpty, depth: depth)
        out.append(byte: UInt8(ascii: "}"))
    }

    /// Ends the document with a newline.
    func writeNewline() { out.append(byte: UInt8(ascii: "\n")) }

    private func startItem(isFirst: Bool, depth: Int) {
        if !isFirst { out.append(byte: UInt8(ascii: ",")) }
        newline(depth: depth)
    }

    private func endContainer(isEmpty: Bool, depth: Int) {
        if !isEmpty { newline(depth: depth) }
    }

    private func newline(depth: Int) {
        guard pretty else { return }
        out.append(byte: UInt8(ascii: "\n"))
        for _ in 0..<2 * depth { out.append(byte: UInt8(ascii: " ")) }
    }
}
