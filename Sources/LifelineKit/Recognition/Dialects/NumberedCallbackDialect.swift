/// A callback word with a number glued to its end, and no label: `viewDidLoad1`, `viewWillAppear2`. The number is
/// how the author told controllers apart (`print("viewDidLoad1")` in the first, `…2` in the second), so each
/// number names one controller. Callback words that are also ordinary words (`init2`) are not read this way.
enum NumberedCallbackDialect: Dialect {
    static let description = DialectDescription(
        identifier: "numbered-callback",
        summary: "a callback with the controller's number glued on (`viewDidLoad1`): that number's controller",
        samples: [
            DialectSample("viewDidLoad1", .callback(.viewDidLoad, controller: "(controller 1)")),
            DialectSample("viewWillAppear2", .callback(.viewWillAppear, controller: "(controller 2)")),
            DialectSample("[DEBUG] viewDidDisappear12", .callback(.viewDidDisappear, controller: "(controller 12)")),
            DialectSample("viewDidLoadCount", .other),
            DialectSample("viewDidLoad1234", .other),
            DialectSample("init2", .other),
            DialectSample("calls viewDidLoad2 twice", .other),
        ])

    /// Longest number read as a controller's: more digits are a value, not a tag.
    static let maxDigits = 3

    /// The event of the word `b[start..<end]` when it is a callback word and up to `maxDigits` digits, standing
    /// with no label before it (`LabelText.hasNoLabel`) and nothing but blanks or punctuation after it.
    @inline(never)
    static func event(_ b: Bytes, _ start: Int, _ end: Int, _ range: Range<Int>, _ names: inout ControllerNames) -> RecognizedEvent? {
        var digitsStart = end
        while digitsStart > start, ASCII.isDigit(b[digitsStart - 1]) { digitsStart -= 1 }
        guard digitsStart < end, end - digitsStart <= maxDigits, digitsStart > start,
              case .callback(let callback)? = KeywordTable.shared.keyword(b, start..<digitsStart), !callback.isCommonWord,
              LabelText.hasNoLabel(b, range.lowerBound..<start),
              !LabelText.startsWithLetter(b, b.skippingBlanks(from: end), limit: range.upperBound) else { return nil }
        let name = "(controller \(b.string(digitsStart..<end)))"
        return RecognizedEvent(kind: .callback(callback), controller: ControllerRef(interned: ControllerName(name)), argument: nil)
    }
}
