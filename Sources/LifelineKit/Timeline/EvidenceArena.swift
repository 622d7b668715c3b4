/// The recent lines of every instance, in one ring of bytes shared by all of them. An instance keeps only the
/// position of its newest line; each line's record points to the same instance's line before it. Memory is the
/// ring's fixed capacity however many instances there are: the oldest records are overwritten first, so an
/// instance untouched while `capacity` bytes of newer lines went by has lost its older evidence lines (findings
/// still name their lines; only the quoted context is shorter).
///
/// A record is the previous record's position plus one (8 bytes, 0 for none), the line number (8), the length
/// (4), little-endian, then the line's bytes (at most `capacity / 8` of them).
struct EvidenceArena: Sendable {
    /// A record's place in the stream of all records ever written.
    typealias Position = Int

    private var ring: [UInt8]
    private let mask: Int
    /// Where the next record starts. Records that start before `end - capacity` are overwritten.
    private(set) var end: Position = 0
    private static let headerSize = 20

    /// The capacity analyses use.
    static let defaultCapacity = 8 << 20

    /// Whether an evidence line may have been cut at the longest line a ring of `defaultCapacity` keeps (a
    /// character cut in two is read back as U+FFFD, three bytes): conservative, a line just as long counts too.
    static func mayBeCut(_ text: String) -> Bool { text.utf8.count >= defaultCapacity / 8 - 3 }

    /// `capacity` is rounded up to a power of two.
    init(capacity: Int = defaultCapacity) {
        var size = 1 << 12
        while size < capacity { size <<= 1 }
        // Not filled with zeros: the ring reads only bytes it wrote (`isHeld`), and a ring left as the system gave it
        // costs no page and no time until lines are written to it. A check of a short trace (or of each small file
        // of a folder) wrote 8 MB of zeros for nothing before.
        ring = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
        mask = size - 1
    }

    var capacity: Int { ring.count }

    /// Records line `line` as the newest of an instance whose previous newest record is `previous`.
    mutating func append(line: Int, bytes: Bytes, after previous: Position?) -> Position {
        let length = min(bytes.count, ring.count / 8)
        let start = end
        let link = UInt64(previous.map { $0 + 1 } ?? 0), number = UInt64(line)
        let offset = start & mask
        end = start + Self.headerSize + length
        if offset + Self.headerSize + length <= ring.count {  // most records: written in place, in one access to the ring
            ring.withUnsafeMutableBytes { target in
                let record = target.baseAddress! + offset
                record.storeBytes(of: link.littleEndian, as: UInt64.self)
                record.storeBytes(of: number.littleEndian, toByteOffset: 8, as: UInt64.self)
                record.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 16, as: UInt32.self)
                if length > 0 { (record + Self.headerSize).copyMemory(from: bytes.baseAddress!, byteCount: length) }
            }
            return start
        }
        let header = (link.littleEndian, number.littleEndian, UInt32(length).littleEndian)
        withUnsafeBytes(of: header) { copy(UnsafeRawBufferPointer(rebasing: $0[..<Self.headerSize]), to: start) }
        copy(UnsafeRawBufferPointer(Bytes(rebasing: bytes[..<length])), to: start + Self.headerSize)
        return start
    }

    /// Up to `depth` lines ending with the one at `newest`, oldest first, as far as the ring still holds them.
    func lines(endingAt newest: Position?, depth: Int) -> [EvidenceLine] {
        var lines: [EvidenceLine] = []
        var position = newest
        while let at = position, lines.count < depth, isHeld(at) {
            let length = Int(read(at + 16, width: 4))
            let text = String(unsafeUninitializedCapacity: length) { buffer in
                for offset in 0..<length { buffer[offset] = ring[(at + Self.headerSize + offset) & mask] }
                return length
            }
            lines.append(EvidenceLine(line: Int(read(at + 8)), text: text))
            let previous = Int(read(at))
            position = previous == 0 ? nil : previous - 1
        }
        return lines.reversed()
    }

    /// Whether the record at `position` is still whole.
    private func isHeld(_ position: Position) -> Bool { position >= end - ring.count }

    private func read(_ position: Int, width: Int = 8) -> UInt64 {
        var value: UInt64 = 0
        for byte in 0..<width { value |= UInt64(ring[(position + byte) & mask]) << (8 * UInt64(byte)) }
        return value
    }

    /// Copies `bytes` into the ring from `position`, in at most two runs (before and after the wrap).
    private mutating func copy(_ bytes: UnsafeRawBufferPointer, to position: Int) {
        guard !bytes.isEmpty else { return }
        let offset = position & mask
        let first = min(bytes.count, ring.count - offset)
        ring.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: offset).copyMemory(from: bytes.baseAddress!, byteCount: first)
            if first < bytes.count {
                target.baseAddress!.copyMemory(from: bytes.baseAddress!.advanced(by: first), byteCount: bytes.count - first)
            }
        }
    }
}
