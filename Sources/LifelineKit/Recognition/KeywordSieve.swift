/// Finds where a keyword may start in a message without looking at every byte, over the first four bytes ("heads")
/// of the keywords and watched words.
///
/// A head's four bytes hold three pairs of neighbours, and of any three positions in a row exactly one is read when
/// a pair is read every third byte. So the sieve reads every third pair, as one 16-bit number that indexes a table
/// of the places (0, 1 or 2 bytes into a head) where that pair lies in some head. Most pairs lie in none. Each place
/// a pair does lie at gives a candidate start, kept if it starts a word (the byte before it is no ASCII letter,
/// digit or `_`) and its head's bit (`KeywordTable.headBit`) is set. A head's first letter matches in either case,
/// as in the keyword table, and heads share bits: the sieve may stop where no head is (the recogniser then checks
/// the word), never passes one by.
///
/// Where each read lies does not wait for the read before, so the processor overlaps them. (A Wu–Manber skip
/// table, whose next read waited for this one's shift, took 1.4 to 1.9 times as long on a 100 MB trace's messages.)
struct KeywordSieve: Sendable {
    /// For each pair of bytes read as a little-endian `UInt16`, a bit for each place (0, 1, 2) it can lie in some
    /// head. Then 512 bytes of head bits. One array, so one buffer is borrowed.
    private let table: [UInt8]

    private static let headLength = 4
    private static let headBitsStart = 1 << 16

    /// A sieve for `heads`, each at least four bytes long; only their first four bytes count.
    init(heads: [[UInt8]]) {
        var table = [UInt8](repeating: 0, count: Self.headBitsStart + 4096 / 8)
        for head in heads {
            precondition(head.count >= Self.headLength, "a head has four bytes")
            for place in 0..<(Self.headLength - 1) {
                let first = head[place], second = Int(head[place + 1]) << 8
                table[Int(first) | second] |= 1 << UInt8(place)
                // A head's first letter matches in either case (C# `ViewDidLoad`), the others only as written.
                if place == 0, ASCII.isLetter(first) {
                    table[Int(first | 0x20) | second] |= 1
                    table[Int(first & ~0x20) | second] |= 1
                }
            }
            let bit = head.withUnsafeBufferPointer { KeywordTable.headBit($0, at: 0) }
            table[Self.headBitsStart + bit >> 3] |= 1 << UInt8(bit & 7)
        }
        self.table = table
    }

    /// The first position from `start` on that may start a head: its four bytes are before `end`, and it is
    /// `lower` (where the message starts) or follows a byte that does not continue a word (`classes`, the keyword
    /// table's). Nil if there is none.
    @inline(__always) func firstCandidate(_ b: Bytes, from start: Int, lower: Int, end: Int, classes: ByteClassTable) -> Int? {
        table.withUnsafeBufferPointer { table in
            let base = UnsafeRawPointer(b.baseAddress!)
            @inline(__always) func places(_ pair: Int) -> UInt8 {
                table[Int(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: pair, as: UInt16.self)))]
            }
            /// The first candidate among the places of the pair at `pair`: 2, 1, then 0 bytes into a head.
            @inline(__always) func candidate(_ places: UInt8, _ pair: Int) -> Int? {
                if places & 4 != 0, isCandidate(pair &- 2, b, lower: lower, end: end, classes: classes, table) { return pair &- 2 }
                if places & 2 != 0, isCandidate(pair &- 1, b, lower: lower, end: end, classes: classes, table) { return pair &- 1 }
                if places & 1 != 0, isCandidate(pair, b, lower: lower, end: end, classes: classes, table) { return pair }
                return nil
            }
            // The first pair read lies 2 bytes into a head starting at `start`. Three pairs a step, tested as one: a
            // branch that is seldom taken costs less than three that are now and then. (Positions lie in one buffer:
            // their sums cannot overflow, and are not checked for it.)
            var pair = start &+ Self.headLength &- 2
            while pair &+ 8 <= end {
                let first = places(pair), second = places(pair &+ 3), third = places(pair &+ 6)
                if first | second | third != 0 {
                    if let found = candidate(first, pair) ?? candidate(second, pair &+ 3) ?? candidate(third, pair &+ 6) { return found }
                }
                pair &+= 9
            }
            while pair &+ 2 <= end {
                if let found = candidate(places(pair), pair) { return found }
                pair &+= 3
            }
            return nil
        }
    }

    /// Whether a head may start at `start`: it fits before `end`, starts a word, and its head bit is set.
    @inline(__always) private func isCandidate(_ start: Int, _ b: Bytes, lower: Int, end: Int, classes: ByteClassTable,
                                               _ table: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start &+ Self.headLength <= end, start == lower || classes[b[start &- 1]] & ByteClass.identifier == 0 else { return false }
        let bit = KeywordTable.headBit(b, at: start)
        return table[Self.headBitsStart + bit >> 3] & 1 << UInt8(bit & 7) != 0
    }
}
