#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a word in a message can mean to Lifeline.
enum Keyword: Equatable, Sendable {
    case callback(Callback)
    case observer(adds: Bool)
    /// First word of one of UIKit's own console warnings: its index in `UIKitMessages.triggerWords`.
    case warningTrigger(Int)
}

/// A fixed open-addressing hash table from word bytes to `Keyword`, probed without allocating.
/// Words are looked up with their first letter lower-cased so C# spellings (`ViewDidLoad`) match.
struct KeywordTable: Sendable {
    static let shared = KeywordTable()

    private static let slotCount = 512
    private var words = [[UInt8]](repeating: [], count: slotCount)
    private var keywords = [Keyword?](repeating: nil, count: slotCount)
    /// A bit per `headBit` of a keyword's first four bytes: most words are turned away by one bit.
    private var heads = [UInt64](repeating: 0, count: 64)
    /// Every keyword, as stored (first letter lower-cased).
    let spellings: [[UInt8]]
    /// Finds where a keyword may start, for a recogniser that watches no words of its own.
    let sieve: KeywordSieve
    /// What each byte value can be in a word. Built once for the process and never freed.
    let classes = ByteClassTable()

    static let maxWordLength = 40
    /// The shortest keyword (`init`): shorter words are not looked up.
    static let minWordLength = 4

    private init() {
        var entries: [(word: String, keyword: Keyword)] = []
        for callback in Callback.allCases {
            entries += callback.spellings.map { ($0, .callback(callback)) }
        }
        entries += ["addObserver", "addObserverForName"].map { ($0, .observer(adds: true)) }
        entries.append(("removeObserver", .observer(adds: false)))
        entries += UIKitMessages.triggerWords.enumerated().map { ($1, .warningTrigger($0)) }
        spellings = entries.map { Array($0.word.utf8).enumerated().map { $0.offset == 0 ? $0.element | 0x20 : $0.element } }
        sieve = KeywordSieve(heads: spellings)
        for (bytes, entry) in zip(spellings, entries) { insert(bytes, entry.keyword) }
    }

    private mutating func insert(_ bytes: [UInt8], _ keyword: Keyword) {
        let slot = bytes.withUnsafeBufferPointer { b in
            var slot = Self.slot(b, 0..<b.count)
            while keywords[slot] != nil { slot = (slot + 1) & (Self.slotCount - 1) }
            Self.insert(Self.headBit(b, at: 0), into: &heads)
            return slot
        }
        words[slot] = bytes
        keywords[slot] = keyword
    }

    /// A hash of the four bytes at `start` (the first lower-cased, as keywords are stored), as a bit of `heads`.
    @inline(__always) static func headBit(_ b: Bytes, at start: Int) -> Int {
        Int((head(b, at: start) &* 0x9E37_79B1) >> 20)
    }

    /// Whether `bit` (`headBit`) is the head of some keyword.
    @inline(__always) func isKeywordHead(_ bit: Int) -> Bool { Self.contains(bit, in: heads) }

    /// Whether a table of head bits (64 words, as `heads`) has `bit`.
    @inline(__always) static func contains(_ bit: Int, in bits: [UInt64]) -> Bool { bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0 }

    /// Sets `bit` in a table of head bits.
    static func insert(_ bit: Int, into bits: inout [UInt64]) { bits[bit >> 6] |= 1 << UInt64(bit & 63) }

    @inline(__always) private static func head(_ b: Bytes, at start: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: UInt32.self)) | 0x20
    }

    /// The first slot of `b[word]` (at least four bytes): a hash of its length, its first four bytes and its
    /// last four, read without a loop.
    @inline(__always) private static func slot(_ b: Bytes, _ word: Range<Int>) -> Int {
        let tail = word.count > 4 ? UInt32(littleEndian: UnsafeRawPointer(b.baseAddress! + word.upperBound - 4).loadUnaligned(as: UInt32.self)) : 0
        let hash = ((head(b, at: word.lowerBound) &* 0x9E37_79B1) ^ (tail &* 0x85EB_CA77) ^ UInt32(word.count)) &* 0x27D4_EB2F
        return Int(hash >> 23)  // 512 slots
    }

    /// The first callback word that starts a word in `b[from..<message.upperBound]`, if any.
    func firstCallback(in b: Bytes, from: Int, _ message: Range<Int>) -> Callback? {
        var next = from
        while next < message.upperBound,
              let start = sieve.firstCandidate(b, from: next, lower: message.lowerBound, end: message.upperBound, classes: classes) {
            let end = classes.wordEnd(b, from: start + 1, limit: message.upperBound)
            next = end
            if classes[b[start]] & ByteClass.wordStart != 0, case .callback(let callback)? = keyword(b, start..<end) { return callback }
        }
        return nil
    }

    /// The keyword `b[word]` is, its first letter in either case.
    @inline(__always) func keyword(_ b: Bytes, _ word: Range<Int>) -> Keyword? {
        guard word.count >= Self.minWordLength, word.count <= Self.maxWordLength else { return nil }
        var slot = Self.slot(b, word)
        while let keyword = keywords[slot] {
            if words[slot].count == word.count, equalsWord(words[slot], b, word) { return keyword }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        return nil
    }

    @inline(__always) private func equalsWord(_ word: [UInt8], _ b: Bytes, _ range: Range<Int>) -> Bool {
        guard word[0] == b[range.lowerBound] | 0x20 else { return false }
        return word.withUnsafeBufferPointer { memcmp($0.baseAddress! + 1, b.baseAddress! + range.lowerBound + 1, range.count - 1) == 0 }
    }
}

/// 256 bytes of `ByteClass` bits, written once while `KeywordTable.shared` is made and only read after.
struct ByteClassTable: @unchecked Sendable {
    private let bits: UnsafeMutablePointer<UInt8>

    fileprivate init() {
        bits = .allocate(capacity: 256)
        for byte in UInt8.min...UInt8.max {
            var classes: UInt8 = 0
            // Non-ASCII bytes end a word here, so a callback right after an emoji or a dash is seen; a callback
            // right after a letter of another script is then turned away (`EventRecognizer.continuesNonASCIIWord`).
            if byte < 0x80, ASCII.isIdentifier(byte) { classes |= ByteClass.identifier }
            if ASCII.isLetter(byte) || byte == ASCII.underscore { classes |= ByteClass.wordStart }
            (bits + Int(byte)).initialize(to: classes)
        }
    }

    @inline(__always) subscript(byte: UInt8) -> UInt8 { bits[Int(byte)] }

    /// The first index from `start` on, before `limit`, whose byte does not continue a word (`ByteClass.identifier`),
    /// or `limit`. Eight bytes a step: the recogniser spends most of its time in the words of messages.
    @inline(__always) func wordEnd(_ b: Bytes, from start: Int, limit: Int) -> Int {
        var i = start
        while i + 8 <= limit {
            guard bits[Int(b[i])] & ByteClass.identifier != 0 else { return i }
            guard bits[Int(b[i + 1])] & ByteClass.identifier != 0 else { return i + 1 }
            guard bits[Int(b[i + 2])] & ByteClass.identifier != 0 else { return i + 2 }
            guard bits[Int(b[i + 3])] & ByteClass.identifier != 0 else { return i + 3 }
            guard bits[Int(b[i + 4])] & ByteClass.identifier != 0 else { return i + 4 }
            guard bits[Int(b[i + 5])] & ByteClass.identifier != 0 else { return i + 5 }
            guard bits[Int(b[i + 6])] & ByteClass.identifier != 0 else { return i + 6 }
            guard bits[Int(b[i + 7])] & ByteClass.identifier != 0 else { return i + 7 }
            i += 8
        }
        while i < limit, bits[Int(b[i])] & ByteClass.identifier != 0 { i += 1 }
        return i
    }
}

/// Bits of `KeywordTable.classes`.
enum ByteClass {
    /// Continues a word: an ASCII letter, digit or `_`.
    static let identifier: UInt8 = 1
    /// Starts a word: a letter or `_`.
    static let wordStart: UInt8 = 2
}
