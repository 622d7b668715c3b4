/// Finds where a keyword may start in a message without looking at every byte: a Wu–Manber skip table over the
/// first four bytes ("heads") of the keywords and watched words.
///
/// The sieve slides a four-byte window and reads only the window's last two bytes, as one 16-bit number that
/// indexes a table. Unless those two bytes end some head, the window moves on by up to three bytes at once, so a
/// message that names no keyword costs about one look-up per three bytes. Where they do, the window is a candidate
/// if it starts a word (the byte before it is no ASCII letter, digit or `_`) and its head's bit
/// (`KeywordTable.headBit`) is set. A head's first letter matches in either case, as in the keyword table, and heads
/// share bits: the sieve may stop where no head is (the recogniser then checks the word), never passes one by.
///
/// The skip table has 65,536 one-byte entries, but a log's text touches few of its cache lines: a line holds the
/// 64 pairs that share their second byte and the top two bits of their first.
struct KeywordSieve: Sendable {
    /// 65,536 skips, one for each pair of bytes read as a little-endian `UInt16`: how far the window may move when
    /// they end it (0: a head may end here). Then 512 bytes of head bits. One array, so one buffer is borrowed.
    private let table: [UInt8]

    private static let windowLength = 4
    /// The farthest the window moves: a pair that is in no head.
    private static let longestShift = UInt8(windowLength - 1)
    private static let headBitsStart = 1 << 16

    /// A sieve for `heads`, each at least four bytes long; only their first four bytes count.
    init(heads: [[UInt8]]) {
        var table = [UInt8](repeating: Self.longestShift, count: Self.headBitsStart)
        table += [UInt8](repeating: 0, count: 4096 / 8)
        for head in heads {
            precondition(head.count >= Self.windowLength, "a head has four bytes")
            for end in 1..<Self.windowLength {
                for first in end == 1 ? Self.cases(head[0]) : [head[end - 1]] {
                    let slot = Int(first) | Int(head[end]) << 8
                    table[slot] = min(table[slot], UInt8(Self.windowLength - 1 - end))
                }
            }
            let bit = head.withUnsafeBufferPointer { KeywordTable.headBit($0, at: 0) }
            table[Self.headBitsStart + bit >> 3] |= 1 << UInt8(bit & 7)
        }
        self.table = table
    }

    /// `byte` and, for a letter, its other case: a head's first letter matches in either case (C# `ViewDidLoad`),
    /// the others only as written.
    private static func cases(_ byte: UInt8) -> [UInt8] {
        ASCII.isLetter(byte) ? [byte | 0x20, byte & ~0x20] : [byte]
    }

    /// The first position from `start` on that may start a head: its four bytes are before `end`, and it is
    /// `lower` (where the message starts) or follows a byte that does not continue a word (`classes`, the keyword
    /// table's). Nil if there is none.
    @inline(__always) func firstCandidate(_ b: Bytes, from start: Int, lower: Int, end: Int, classes: ByteClassTable) -> Int? {
        table.withUnsafeBufferPointer { table in
            let base = UnsafeRawPointer(b.baseAddress!)
            var last = start + Self.windowLength - 1  // the window's last byte
            while last < end {
                let shift = table[Int(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: last - 1, as: UInt16.self)))]
                if shift == 0 {
                    // Most stops are inside a word (`er` of `server`): the byte before tells them, before any hash.
                    let candidate = last - (Self.windowLength - 1)
                    if candidate == lower || classes[b[candidate - 1]] & ByteClass.identifier == 0 {
                        let bit = KeywordTable.headBit(b, at: candidate)
                        if table[Self.headBitsStart + bit >> 3] & 1 << UInt8(bit & 7) != 0 { return candidate }
                    }
                    last += 1
                } else {
                    last += Int(shift)
                }
            }
            return nil
        }
    }
}
