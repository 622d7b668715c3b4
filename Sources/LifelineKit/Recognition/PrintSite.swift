/// Which print statement a line came from, told by its text less the values that change from one call to the
/// next: timestamps and other numbers joined by `:`, `.`, `-` or `/`, hexadecimal addresses, counters (a number
/// after `#` or `=`, or ending the line), descriptions (`<…>`) and the words `nil`, `null`, `true`, `false`, `YES`
/// and `NO`. Two lines of one callback of one instance, one right after the other,
/// that come from different print sites are one delivery logged twice (`[VC viewDidLoad()](26): g` then
/// `(27): 1`); from the same site, the callback ran twice.
enum PrintSite {
    /// Pairs of lines and whether they come from the same print site; one generic test runs them.
    static let samples: [(first: String, second: String, sameSite: Bool)] = [
        ("viewDidDisappear", "viewDidDisappear", true),
        ("2017-03-01 18:03:46.488 App[32254:401790] -[VC viewDidLayoutSubviews]",
         "2017-03-01 18:03:46.490 App[32254:401791] -[VC viewDidLayoutSubviews]", true),
        ("<Shop.Cart: 0x7f01> viewWillAppear(_:) #1", "<Shop.Cart: 0x7f01> viewWillAppear(_:) #2", true),
        ("VC1 viewDidLoad count=3", "VC1 viewDidLoad count=4", true),
        (" [LMXibLifeListViewController viewDidLoad()](26): g", " [LMXibLifeListViewController viewDidLoad()](27): 1", false),
        (" [LMXibLifeListViewController viewDidLoad()](29): 2", " [LMXibLifeListViewController viewDidLoad()](31): 3", false),
        ("[BaseVC] viewWillAppear <Shop.Cart: 0x1>", "Cart viewWillAppear(_:) start", false),
        ("<Shop.A: 0x1> didMove(toParent:) nil", "<Shop.A: 0x1> didMove(toParent:) <UINavigationController: 0x9>", true),
        ("HomeVC viewWillAppear animated: true", "HomeVC viewWillAppear animated: false", true),
        ("HomeVC viewWillAppear start", "HomeVC viewWillAppear end", false),
    ]

    /// Whether `a` and `b` come from one print statement.
    static func same(_ a: Bytes, _ b: Bytes) -> Bool {
        var i = 0, j = 0
        while true {
            i = skipVariable(a, from: i, lower: 0, end: a.count)
            j = skipVariable(b, from: j, lower: 0, end: b.count)
            if i == a.count || j == b.count { return i == a.count && j == b.count }
            guard a[i] == b[j] else { return false }
            i += 1
            j += 1
        }
    }

    /// The print site of a label's callback line (`message` without its log prefix), as a number: its text with
    /// the label and the callback word as holes and the values masked as `same` masks them. Lines of one print
    /// statement about different controllers share it (`[LC] C1 viewDidLoad`, `[LC] Q7 dealloc`). Nil when nothing
    /// but holes and punctuation is left (`C1 viewDidLoad`): such a shape tells no print statement from another.
    static func fingerprint(_ b: Bytes, message: Range<Int>, label: Range<Int>?, callback: Range<Int>) -> UInt32? {
        var hash: UInt32 = 0x811C_9DC5
        var hasWord = false
        var i = message.lowerBound
        func mix(_ byte: UInt8) { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        while true {
            i = skipVariable(b, from: i, lower: message.lowerBound, end: message.upperBound)
            guard i < message.upperBound else { break }
            if let label, label.contains(i) {
                mix(0x01)
                i = label.upperBound
            } else if callback.contains(i) {
                mix(0x02)
                i = callback.upperBound
            } else {
                if ASCII.isIdentifier(b[i]) { hasWord = true }
                mix(b[i])
                i += 1
            }
        }
        return hasWord ? hash : nil
    }

    /// Past any variable parts at `i` (in `b[lower..<end]`): an address, a number joined to others by separators
    /// (a time, a date, a pid:tid pair) or a counter.
    private static func skipVariable(_ b: Bytes, from start: Int, lower: Int, end limit: Int) -> Int {
        var i = start
        while i < limit {
            if b[i] == ASCII.zero, i + 2 < limit, b[i + 1] | 0x20 == ASCII.lowerX, ASCII.isHexDigit(b[i + 2]),
               i == lower || !ASCII.isIdentifier(b[i - 1]) {
                i += 2
                while i < limit, ASCII.isHexDigit(b[i]) { i += 1 }
                continue
            }
            if b[i] == ASCII.less, let close = closingBracket(b, from: i, end: limit) {
                i = close + 1
                continue
            }
            if ASCII.isLetter(b[i]), i == lower || !ASCII.isIdentifier(b[i - 1]) {
                var end = i
                while end < limit, ASCII.isIdentifier(b[end]) { end += 1 }
                guard valueWords.contains(where: { $0.count == end - i && b.matches($0, at: i, before: end) }) else { return i }
                i = end
                continue
            }
            guard ASCII.isDigit(b[i]), i == lower || !ASCII.isLetter(b[i - 1]) else { return i }
            var end = i, joined = false
            while end < limit {
                if ASCII.isDigit(b[end]) { end += 1; continue }
                if end + 1 < limit, isJoiner(b[end]), ASCII.isDigit(b[end + 1]) { joined = true; end += 1; continue }
                break
            }
            let counter = i > lower && (b[i - 1] == 0x23 || b[i - 1] == ASCII.equals)
            let last = end == limit
            guard joined || counter || last else { return i }
            i = end
        }
        return i
    }

    private static let valueWords: [[UInt8]] = ["nil", "null", "true", "false", "YES", "NO"].map { Array($0.utf8) }

    /// The `>` that closes the `<` at `open`, nested ones skipped; nil when the line ends first.
    private static func closingBracket(_ b: Bytes, from open: Int, end: Int) -> Int? {
        var depth = 0
        for i in open..<end {
            if b[i] == ASCII.less { depth += 1 }
            if b[i] == ASCII.greater {
                depth -= 1
                if depth == 0 { return i }
            }
        }
        return nil
    }

    private static func isJoiner(_ byte: UInt8) -> Bool {
        byte == ASCII.colon || byte == ASCII.period || byte == ASCII.minus || byte == ASCII.slash
    }
}
