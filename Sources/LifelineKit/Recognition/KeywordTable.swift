/// What a word in a message can mean to Lifeline.
enum Keyword: Equatable, Sendable {
    case callback(Callback)
    case observer(adds: Bool)
    /// First word of one of UIKit's own console warnings: its index in `UIKitWarnings.triggerWords`.
    case warningTrigger(Int)
}

/// A fixed open-addressing hash table from word bytes to `Keyword`, probed without allocating.
/// Words are looked up with their first letter lower-cased so C# spellings (`ViewDidLoad`) match.
struct KeywordTable: Sendable {
    static let shared = KeywordTable()

    private static let slotCount = 512
    private var hashes = [UInt32](repeating: 0, count: slotCount)
    private var words = [[UInt8]](repeating: [], count: slotCount)
    private var keywords = [Keyword?](repeating: nil, count: slotCount)
    /// What each byte value can be in a word, and which first two bytes start a keyword. Built once for the
    /// process and never freed.
    let classes = ByteClassTable()

    static let maxWordLength = 40
    /// The shortest keyword (`init`): shorter words are not looked up.
    static let minWordLength = 4

    private init() {
        for callback in Callback.allCases {
            for spelling in callback.spellings { insert(spelling, .callback(callback)) }
        }
        for word in ["addObserver", "addObserverForName"] { insert(word, .observer(adds: true)) }
        insert("removeObserver", .observer(adds: false))
        for (index, word) in UIKitWarnings.triggerWords.enumerated() { insert(word, .warningTrigger(index)) }
    }

    private mutating func insert(_ word: String, _ keyword: Keyword) {
        let bytes = Array(word.utf8)
        classes.allowKeywordStart(bytes[0], bytes[1])
        var hash = KeywordTable.seed
        for (index, byte) in bytes.enumerated() { hash = KeywordTable.mix(hash, index == 0 ? byte | 0x20 : byte) }
        var slot = Int(hash) & (KeywordTable.slotCount - 1)
        while keywords[slot] != nil { slot = (slot + 1) & (KeywordTable.slotCount - 1) }
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
    private let bits: UnsafeMutablePointer<UInt8>
    /// One bit per (first letter, either case; second byte): 32 × 256 bits.
    private let pairs: UnsafeMutablePointer<UInt64>

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
        pairs = .allocate(capacity: 32 * 256 / 64)
        pairs.initialize(repeating: 0, count: 32 * 256 / 64)
    }

    @inline(__always) subscript(byte: UInt8) -> UInt8 { bits[Int(byte)] }

    /// Whether a word that starts with the letter `first` and the byte `second` can be a keyword: most words that
    /// start with a `keywordStart` letter are turned away here, before they are hashed.
    @inline(__always) func mayStartKeyword(_ first: UInt8, _ second: UInt8) -> Bool {
        let index = Int(first & 0x1F) << 8 | Int(second)
        return pairs[index >> 6] >> UInt64(index & 63) & 1 != 0
    }

    /// Notes a keyword's first two bytes: its first letter, in either case, now starts a possible keyword.
    fileprivate func allowKeywordStart(_ first: UInt8, _ second: UInt8) {
        bits[Int(first | 0x20)] |= ByteClass.keywordStart
        bits[Int(first & ~0x20)] |= ByteClass.keywordStart
        let index = Int(first & 0x1F) << 8 | Int(second)
        pairs[index >> 6] |= 1 << UInt64(index & 63)
    }
}

/// Bits of `KeywordTable.classes`.
enum ByteClass {
    /// Continues a word: an ASCII letter, digit or `_`.
    static let identifier: UInt8 = 1
    /// Starts a word: a letter or `_`.
    static let wordStart: UInt8 = 2
    /// A letter that some keyword starts with (either case): other words are skipped before their second byte.
    static let keywordStart: UInt8 = 4
}
