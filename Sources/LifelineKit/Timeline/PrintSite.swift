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
            i = skipVariable(a, from: i)
            j = skipVariable(b, from: j)
            if i == a.count || j == b.count { return i == a.count && j == b.count }
            guard a[i] == b[j] else { return false }
            i += 1
            j += 1
        }
    }

    /// Past any variable parts at `i`: an address, a number joined to others by separators (a time, a date, a
    /// pid:tid pair) or a counter.
    private static func skipVariable(_ b: Bytes, from start: Int) -> Int {
        var i = start
        while i < b.count {
            if b[i] == ASCII.zero, i + 2 < b.count, b[i + 1] | 0x20 == ASCII.lowerX, ASCII.isHexDigit(b[i + 2]),
               i == 0 || !ASCII.isIdentifier(b[i - 1]) {
                i += 2
                while i < b.count, ASCII.isHexDigit(b[i]) { i += 1 }
                continue
            }
            if b[i] == ASCII.less, let close = closingBracket(b, from: i) {
                i = close + 1
                continue
            }
            if ASCII.isLetter(b[i]), i == 0 || !ASCII.isIdentifier(b[i - 1]) {
                var end = i
                while end < b.count, ASCII.isIdentifier(b[end]) { end += 1 }
                guard valueWords.contains(where: { $0.count == end - i && b.matches($0, at: i, before: end) }) else { return i }
                i = end
                continue
            }
            guard ASCII.isDigit(b[i]), i == 0 || !ASCII.isLetter(b[i - 1]) else { return i }
            var end = i, joined = false
            while end < b.count {
                if ASCII.isDigit(b[end]) { end += 1; continue }
                if end + 1 < b.count, isJoiner(b[end]), ASCII.isDigit(b[end + 1]) { joined = true; end += 1; continue }
                break
            }
            let counter = i > 0 && (b[i - 1] == 0x23 || b[i - 1] == ASCII.equals)
            let last = end == b.count
            guard joined || counter || last else { return i }
            i = end
        }
        return i
    }

    private static let valueWords: [[UInt8]] = ["nil", "null", "true", "false", "YES", "NO"].map { Array($0.utf8) }

    /// The `>` that closes the `<` at `open`, nested ones skipped; nil when the line ends first.
    private static func closingBracket(_ b: Bytes, from open: Int) -> Int? {
        var depth = 0
        for i in open..<b.count {
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
