/// The recent lines of every instance, kept within one bound shared by all of them. An instance keeps only the
/// number of its newest record; each record names the same instance's record before it. Memory stays fixed
/// however many instances there are: records count as if their lines filled a ring of `capacity` bytes (20 bytes
/// each, `recordOverhead`, plus the line, at most `capacity / 8` bytes of it), and the oldest are forgotten first,
/// so an instance untouched while `capacity` bytes of newer lines went by has lost its older evidence lines
/// (findings still name their lines; only the quoted context is shorter).
///
/// A line lent from a chunk of a file that can be read again (`lend(_:fileOffset:)`) is kept as where it lies in
/// the file, and read back only when a finding quotes it: a record of 40 bytes is written for each event, not
/// the line. Copying every event line into an 8 MB ring, larger than the processor's own caches, was most of what
/// the engine wrote to memory (with a 4 MB last-level cache simulated, a no-dealloc trace missed it 56% less
/// often without the copies). Other lines (standard input, decoded records) are copied into a ring of bytes.
struct EvidenceArena: Sendable {
    /// A record's number among all records ever written.
    typealias Position = Int

    /// One line: where its counted bytes start (`start`, in the stream of all records' counted bytes), where its
    /// bytes are (`location`: a file offset, or `-1 - position` in `copies`), its number and length, a digest
    /// of its bytes (`LineDigest`), and how many records back the same instance's previous one is (0 for none).
    private struct Record {
        var start: Int
        var location: Int
        var line: Int
        var digest: UInt64
        var length: UInt32
        var back: UInt32
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
        records = Array(repeating: Record(start: 0, location: 0, line: 0, digest: 0, length: 0, back: 0), count: 1 << 12)
        recordMask = records.count - 1
    }

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
        let address = Int(bitPattern: kept.baseAddress)
        let location = address >= lentStart && address &+ kept.count <= lentEnd && lentEnd != 0
            ? lentFileOffset &+ (address &- lentStart) : -1 - copy(kept)
        // The slot is the record's `records.count` before it: grown if that one still counts.
        if number >= records.count, records[number & recordMask].start >= end &- capacity { grow() }
        oldest = max(oldest, number &+ 1 &- records.count)
        let back = previous.map { number &- $0 } ?? 0
        let record = Record(start: start, location: location, line: line, digest: LineDigest.of(kept), length: UInt32(kept.count),
                            back: back > 0 && back <= Int(UInt32.max) ? UInt32(back) : 0)
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
            position = record.back == 0 ? nil : at - Int(record.back)
        }
        return lines.reversed()
    }

    /// Whether record `number` still counts (and so is still in `records`).
    private func isHeld(_ number: Position) -> Bool {
        number >= oldest && number < count && records[number & recordMask].start >= end - capacity
    }

    /// A record's line, read from its copy or its file; nil if the file no longer holds it as it was.
    private func text(of record: Record) -> String? {
        let length = Int(record.length)
        if record.location < 0 {
            let from = -1 - record.location
            return String(unsafeUninitializedCapacity: length) { buffer in
                for offset in 0..<length { buffer[offset] = copies[(from + offset) & (copies.count - 1)] }
                return length
            }
        }
        guard let bytes = file?.bytes(at: record.location, count: length), bytes.count == length else { return nil }
        return bytes.withUnsafeBufferPointer { read in
            LineDigest.of(read) == record.digest ? String(decoding: read, as: UTF8.self) : nil
        }
    }

    /// Copies `bytes` into the ring of copies (at most two runs, before and after its wrap); returns where they start.
    private mutating func copy(_ bytes: Bytes) -> Int {
        if copies.isEmpty {
            // Not filled: only bytes written are read, and pages never written cost no memory.
            copies = [UInt8](unsafeUninitializedCapacity: capacity) { _, initialized in initialized = capacity }
        }
        let position = copiesEnd
        copiesEnd += bytes.count
        guard let source = bytes.baseAddress else { return position }
        let offset = position & (capacity - 1)
        let first = min(bytes.count, capacity - offset)
        copies.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: offset).copyMemory(from: source, byteCount: first)
            if first < bytes.count { target.baseAddress!.copyMemory(from: source + first, byteCount: bytes.count - first) }
        }
        return position
    }

    /// Doubles the ring of records, each staying at its number. Slots of no record are left as they come: only
    /// records from `oldest` on are read.
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

/// Eight bytes that tell a line read back from its file from another: a line changed or moved since it was read
/// is not quoted.
enum LineDigest {
    @inline(__always) static func of(_ bytes: Bytes) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        if bytes.count >= 8 {
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            return first ^ (last << 1 | last >> 63) ^ UInt64(bytes.count)
        }
        var value = UInt64(bytes.count) << 56
        for index in 0..<bytes.count { value |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return value
    }
}
