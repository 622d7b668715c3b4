/// The recent lines of every instance, kept within one bound shared by all of them. An instance keeps only the
/// number of its newest record; each record names the same instance's record before it. Memory stays fixed
/// however many instances there are: records count as if their lines filled a ring of `capacity` bytes (20 bytes
/// each, `recordOverhead`, plus the line, at most `capacity / 8` bytes of it), and the oldest are forgotten first,
/// so an instance untouched while `capacity` bytes of newer lines went by has lost its older evidence lines
/// (findings still name their lines; only the quoted context is shorter).
///
/// A line lent from a chunk of a file that can be read again (`lend(_:fileOffset:)`) is kept as where it lies in
/// the file, and read back only when a finding quotes it: a record of 24 bytes is written for each event, not
/// the line. Copying every event line into an 8 MB ring, larger than the processor's own caches, was most of what
/// the engine wrote to memory (with a 4 MB last-level cache simulated, a no-dealloc trace missed it 56% less
/// often without the copies). Other lines (standard input, decoded records) are copied into a ring of bytes.
struct EvidenceArena: Sendable {
    /// A record's number among all records ever written.
    typealias Position = Int

    /// One line in 24 bytes: where its counted bytes start, in the stream of all records' counted bytes (44 bits:
    /// the distance from any record still in the ring to `end` fits), a digest of its bytes (`LineDigest`, 20 bits);
    /// where its bytes are, a file offset or a place in `copies` (43 bits with the bit that tells which), and their
    /// count (21 bits); its line number (40 bits) and how many records back the same instance's previous one is (24
    /// bits; 0 for none, or too far back to still count).
    private struct Record {
        private var startAndDigest: UInt64
        private var placeAndLength: UInt64
        private var lineAndBack: UInt64

        /// Where a line's bytes are.
        enum Place: Equatable {
            case file(offset: Int)
            case copy(at: Int)
        }

        static let empty = Record(startAndDigest: 0, placeAndLength: 0, lineAndBack: 0)
        /// The largest file offset a record holds; a line further into its file is copied.
        static let fileOffsetLimit = 1 << 42
        private static let low44: UInt64 = 1 << 44 - 1, low40: UInt64 = 1 << 40 - 1, low21: UInt64 = 1 << 21 - 1

        init(start: Int, place: Place, length: Int, line: Int, back: Int, digest: UInt64) {
            let placeBits: UInt64
            switch place {
            case .file(let offset): placeBits = UInt64(offset) << 1
            case .copy(let at): placeBits = UInt64(at) << 1 | 1
            }
            startAndDigest = UInt64(truncatingIfNeeded: start) & Self.low44 | digest << 44
            placeAndLength = placeBits << 21 | UInt64(length)
            lineAndBack = UInt64(truncatingIfNeeded: line) & Self.low40 | UInt64(back < 1 << 24 ? back : 0) << 40
        }

        private init(startAndDigest: UInt64, placeAndLength: UInt64, lineAndBack: UInt64) {
            (self.startAndDigest, self.placeAndLength, self.lineAndBack) = (startAndDigest, placeAndLength, lineAndBack)
        }

        /// Whether the record still counts when `end` bytes have been counted: it started at most `capacity` before.
        func counts(end: Int, capacity: Int) -> Bool {
            (UInt64(truncatingIfNeeded: end) &- startAndDigest) & Self.low44 <= UInt64(capacity)
        }

        var digest: UInt64 { startAndDigest >> 44 }
        var place: Place {
            let bits = placeAndLength >> 21
            return bits & 1 == 0 ? .file(offset: Int(bits >> 1)) : .copy(at: Int(bits >> 1))
        }
        var length: Int { Int(placeAndLength & Self.low21) }
        var line: Int { Int(lineAndBack & Self.low40) }
        var back: Int { Int(lineAndBack >> 40) }
    }

    /// A ring of records, grown (never shrunk) whenever the oldest record it would overwrite still counts.
    private var records: [Record]
    private var recordMask: Int
    /// Records ever written, and the oldest still in `records` (older ones were overwritten).
    private var count = 0
    private var oldest = 0
    /// Bytes every record ever written counts for. Records that start before `end - capacity` are forgotten.
    private(set) var end = 0
    /// The counted size (a power of two).
    let capacity: Int
    /// Copies of lines that are not in a re-readable file, in a ring as large as `capacity`: the bytes a record
    /// copied here stay as long as the record counts, as copies never outgrow the counted bytes. Allocated on
    /// first use.
    private var copies: [UInt8] = []
    private var copiesEnd = 0
    /// The chunk whose lines are lent now, as addresses (`lend`), and the file offset of its first byte.
    private var lentStart = 0
    private var lentEnd = 0
    private var lentFileOffset = 0
    /// Reads lines kept by their file offset back; without it, every line is copied.
    var file: (any LineRereader)?

    private static let recordOverhead = 20

    /// The capacity analyses use.
    static let defaultCapacity = 8 << 20

    /// Whether an evidence line may have been cut at the longest line a ring of `defaultCapacity` keeps (a
    /// character cut in two is read back as U+FFFD, three bytes): conservative, a line just as long counts too.
    static func mayBeCut(_ text: String) -> Bool { text.utf8.count >= defaultCapacity / 8 - 3 }

    /// `capacity` is rounded up to a power of two. `file` reads back the lines of chunks lent with their offset.
    init(capacity: Int = defaultCapacity, file: (any LineRereader)? = nil) {
        var size = 1 << 12
        while size < capacity { size <<= 1 }
        self.capacity = size
        self.file = file
        precondition(size / 8 < 1 << 21, "a record holds a line's length in 21 bits")
        records = Array(repeating: .empty, count: 1 << 12)
        recordMask = records.count - 1
    }

    /// How many records the ring has room for (it grows to hold every record that counts).
    var recordSlots: Int { records.count }

    /// Lines from `bytes` on are in the input file from `fileOffset` on, until the next call; nil when they
    /// cannot be read there again. Only the addresses are kept, to tell the lines of `bytes` by.
    mutating func lend(_ bytes: Bytes, fileOffset: Int?) {
        guard let fileOffset, file != nil, let base = bytes.baseAddress else {
            lentStart = 0
            lentEnd = 0
            return
        }
        lentStart = Int(bitPattern: base)
        lentEnd = lentStart + bytes.count  // not 0: an address is never 0
        lentFileOffset = fileOffset
    }

    /// Records line `line` as the newest of an instance whose previous newest record is `previous`.
    mutating func append(line: Int, bytes: Bytes, after previous: Position?) -> Position {
        let kept = Bytes(rebasing: bytes[..<min(bytes.count, capacity / 8)])
        let number = count, start = end
        end = start &+ Self.recordOverhead &+ kept.count
        let address = Int(bitPattern: kept.baseAddress), offset = lentFileOffset &+ (address &- lentStart)
        let place: Record.Place = address >= lentStart && address &+ kept.count <= lentEnd && lentEnd != 0
            && offset < Record.fileOffsetLimit ? .file(offset: offset) : .copy(at: copy(kept))
        // The slot is the record's `records.count` before it (if that one is still in the ring): grown if it still counts.
        if number &- records.count >= oldest, records[number & recordMask].counts(end: end, capacity: capacity) { grow() }
        oldest = max(oldest, number &+ 1 &- records.count)
        let record = Record(start: start, place: place, length: kept.count, line: line, back: previous.map { number &- $0 } ?? 0,
                            digest: LineDigest.of(kept))
        let mask = recordMask
        records.withUnsafeMutableBufferPointer { $0[number & mask] = record }
        count = number &+ 1
        return number
    }

    /// Up to `depth` lines ending with the one at `newest`, oldest first, as far as the arena still holds them.
    func lines(endingAt newest: Position?, depth: Int) -> [EvidenceLine] {
        var lines: [EvidenceLine] = []
        var position = newest
        while let at = position, lines.count < depth, isHeld(at) {
            let record = records[at & recordMask]
            guard let text = text(of: record) else { break }
            lines.append(EvidenceLine(line: record.line, text: text))
            position = record.back == 0 ? nil : at - record.back
        }
        return lines.reversed()
    }

    /// Whether record `number` still counts (and so is still in `records`).
    private func isHeld(_ number: Position) -> Bool {
        number >= oldest && number < count && records[number & recordMask].counts(end: end, capacity: capacity)
    }

    /// A record's line, read from its copy or its file; nil if the file no longer holds it as it was.
    private func text(of record: Record) -> String? {
        let length = record.length
        switch record.place {
        case .copy(let from):
            return String(unsafeUninitializedCapacity: length) { buffer in
                for offset in 0..<length { buffer[offset] = copies[(from + offset) & (capacity - 1)] }
                return length
            }
        case .file(let offset):
            guard let bytes = file?.bytes(at: offset, count: length), bytes.count == length else { return nil }
            return bytes.withUnsafeBufferPointer { read in
                guard LineDigest.of(read) == record.digest else { return nil }
                // Made as a copy is: a line cut inside a character is repaired the same way.
                return String(unsafeUninitializedCapacity: length) { buffer in
                    _ = buffer.initialize(from: read)
                    return length
                }
            }
        }
    }

    /// Copies `bytes` into the ring of copies (at most two runs, before and after its wrap); returns where they start
    /// in it.
    private mutating func copy(_ bytes: Bytes) -> Int {
        if copies.isEmpty {
            // Not filled: only bytes written are read, and pages never written cost no memory.
            copies = [UInt8](unsafeUninitializedCapacity: capacity) { _, initialized in initialized = capacity }
        }
        let offset = copiesEnd & (capacity - 1)
        copiesEnd += bytes.count
        guard let source = bytes.baseAddress else { return offset }
        let first = min(bytes.count, capacity - offset)
        copies.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: offset).copyMemory(from: source, byteCount: first)
            if first < bytes.count { target.baseAddress!.copyMemory(from: source + first, byteCount: bytes.count - first) }
        }
        return offset
    }

    /// Doubles the ring of records, each staying at its number. The other slots are left as the system gives them
    /// (a page never written costs no memory): a slot is read only once a record from `oldest` on was written to it.
    private mutating func grow() {
        let size = records.count * 2, mask = size - 1
        records = [Record](unsafeUninitializedCapacity: size) { larger, initialized in
            for number in oldest..<count { (larger.baseAddress! + (number & mask)).initialize(to: records[number & recordMask]) }
            initialized = size
        }
        recordMask = mask
    }
}

/// Reads bytes of the input again, by their offset in its file.
protocol LineRereader: Sendable {
    /// `count` bytes from `offset`; fewer, or nil, when the file no longer has them.
    func bytes(at offset: Int, count: Int) -> [UInt8]?
}

/// 20 bits from a line's length and its first and last eight bytes: a line read back from its file that moved or
/// changed there since is not quoted (but for about one in a million).
enum LineDigest {
    @inline(__always) static func of(_ bytes: Bytes) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var value = UInt64(bytes.count)
        if bytes.count >= 8 {
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            value = value &* 0x9E37_79B9_7F4A_7C15 ^ first ^ (last << 1 | last >> 63)
        } else {
            value |= base.littleEndianWord(count: bytes.count) << 8
        }
        value = (value ^ value >> 29) &* 0xBF58_476D_1CE4_E5B9
        return value >> 44
    }
}
