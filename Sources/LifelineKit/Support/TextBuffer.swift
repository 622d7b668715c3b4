/// Builds UTF-8 text as bytes. For output with hundreds of thousands of numbers (report data), appending a
/// number here is a few stores, where `String(n)` then `+=` costs a small string each.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ other: TextBuffer) { bytes.append(contentsOf: other.bytes) }

    /// Decimal digits of `number`, with a leading `-` when negative.
    mutating func append<Number: BinaryInteger>(_ number: Number) {
        if number < 0 { bytes.append(0x2D) }
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(0x30 + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude != 0
        bytes[start...].reverse()
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
