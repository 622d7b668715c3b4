/// What a word in a message can mean to Lifeline.
enum Keyword: Equatable, Sendable {
    case callback(Callback)
    case observer(adds: Bool)
    /// First word of one of UIKit's own console warnings (§3.7).
    case warningTrigger
}

/// A fixed open-addressing hash table from word bytes to `Keyword`, probed without allocating.
/// Words are looked up with their first letter lower-cased so C# spellings (`ViewDidLoad`) match.
struct KeywordTable: Sendable {
    static let shared = KeywordTable()

    private static let slotCount = 512
    private var hashes = [UInt32](repeating: 0, count: slotCount)
    private var words = [[UInt8]](repeating: [], count: slotCount)
    private var keywords = [Keyword?](repeating: nil, count: slotCount)
    /// Bit `n` set when some keyword starts with the `n`th letter (either case): words starting otherwise are
    /// skipped without hashing.
    private var firstLetters: UInt32 = 0

    /// Whether a word starting with `letter` (an ASCII letter or `_`) can be a keyword.
    @inline(__always) func mayStartKeyword(_ letter: UInt8) -> Bool {
        let index = (letter | 0x20) &- 0x61
        return index < 26 && firstLetters >> UInt32(index) & 1 != 0
    }

    /// What each byte value can be in a word (`ByteClass` bits): the scanner's one lookup per byte.
    /// Built once for the process and never freed.
    let classes: ByteClassTable

    static let maxWordLength = 40
    /// The shortest keyword (`init`): shorter words are not looked up.
    static let minWordLength = 4

    private init() {
        let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        classes.initialize(repeating: 0, count: 256)
        self.classes = ByteClassTable(bits: classes)
        for callback in Callback.allCases {
            for spelling in callback.spellings { insert(spelling, .callback(callback)) }
        }
        for word in ["addObserver", "addObserverForName"] { insert(word, .observer(adds: true)) }
        insert("removeObserver", .observer(adds: false))
        for word in UIKitWarnings.triggerWords { insert(word, .warningTrigger) }
        for byte in UInt8.min...UInt8.max {
            var bits: UInt8 = 0
            if ASCII.isIdentifier(byte) { bits |= ByteClass.identifier }
            if ASCII.isLetter(byte) || byte == ASCII.underscore { bits |= ByteClass.wordStart }
            if ASCII.isLetter(byte), mayStartKeyword(byte) { bits |= ByteClass.keywordStart }
            classes[Int(byte)] = bits
        }
    }

    private mutating func insert(_ word: String, _ keyword: Keyword) {
        let bytes = Array(word.utf8)
        classes.allowPair(bytes[0], bytes[1])
        var hash = KeywordTable.seed
        for (index, byte) in bytes.enumerated() { hash = KeywordTable.mix(hash, index == 0 ? byte | 0x20 : byte) }
        var slot = Int(hash) & (KeywordTable.slotCount - 1)
        while keywords[slot] != nil { slot = (slot + 1) & (KeywordTable.slotCount - 1) }
        firstLetters |= 1 << UInt32((bytes[0] | 0x20) &- 0x61)
        hashes[slot] = hash
        words[slot] = bytes.enumerated().map { $0.offset == 0 ? $0.element | 0x20 : $0.element }
        keywords[slot] = keyword
    }

    static let seed: UInt32 = 2_166_136_261
    @inline(__always) static func mix(_ hash: UInt32, _ byte: UInt8) -> UInt32 { (hash ^ UInt32(byte)) &* 16_777_619 }

    /// Looks up `b[range]` whose hash (first byte lower-cased) the caller computed with `mix`.
    @inline(__always) func keyword(hash: UInt32, _ b: Bytes, _ range: Range<Int>) -> Keyword? {
        var slot = Int(hash) & (KeywordTable.slotCount - 1)
        while let keyword = keywords[slot] {
            if hashes[slot] == hash, words[slot].count == range.count, equalsWord(words[slot], b, range) { return keyword }
            slot = (slot + 1) & (KeywordTable.slotCount - 1)
        }
        return nil
    }

    @inline(__always) private func equalsWord(_ word: [UInt8], _ b: Bytes, _ range: Range<Int>) -> Bool {
        guard word[0] == b[range.lowerBound] | 0x20 else { return false }
        var k = 1
        for i in (range.lowerBound + 1)..<range.upperBound {
            if word[k] != b[i] { return false }
            k += 1
        }
        return true
    }
}

/// 256 bytes of `ByteClass` bits, and which first two bytes begin a keyword; written once while
/// `KeywordTable.shared` is made and only read after.
struct ByteClassTable: @unchecked Sendable {
    fileprivate let bits: UnsafeMutablePointer<UInt8>
    /// One bit per (first letter lower-cased, second byte): 32 × 256 bits.
    private let pairs: UnsafeMutablePointer<UInt64>

    fileprivate init(bits: UnsafeMutablePointer<UInt8>) {
        self.bits = bits
        pairs = .allocate(capacity: 32 * 256 / 64)
        pairs.initialize(repeating: 0, count: 32 * 256 / 64)
    }

    @inline(__always) subscript(byte: UInt8) -> UInt8 { bits[Int(byte)] }

    /// Whether a word whose first letter is `first` and second byte is `second` can be a keyword: most words
    /// that start like one are turned away here, before they are hashed.
    @inline(__always) func mayStartKeyword(_ first: UInt8, _ second: UInt8) -> Bool {
        let index = Int(first & 0x1F) << 8 | Int(second)
        return pairs[index >> 6] >> UInt64(index & 63) & 1 != 0
    }

    fileprivate func allowPair(_ first: UInt8, _ second: UInt8) {
        let index = Int(first & 0x1F) << 8 | Int(second)
        pairs[index >> 6] |= 1 << UInt64(index & 63)
    }
}

/// Bits of `KeywordTable.classes`.
enum ByteClass {
    /// Continues a word: `ASCII.isIdentifier`.
    static let identifier: UInt8 = 1
    /// Starts a word: a letter or `_`.
    static let wordStart: UInt8 = 2
    /// Starts a word that may be a keyword (`KeywordTable.mayStartKeyword`).
    static let keywordStart: UInt8 = 4
}
