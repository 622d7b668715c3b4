/// One way people write a lifecycle line: the shape of the line around the callback word, with sample lines and
/// what each must yield. `DialectRegistry.all` is the table; one generic test runs every entry's samples, the
/// way every rule's examples run. Adding a dialect is one entry plus its samples.
protocol Dialect: SharedMetatype {
    static var description: DialectDescription { get }
}

/// A dialect that names the controller of a callback word (`vc1 – loadView`, `-[Cart viewDidLoad]`, …).
/// `EventRecognizer` asks these in `DialectRegistry.naming` order; the first that answers wins.
protocol NamingDialect: Dialect {
    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution
}

/// What a dialect documents about itself (`lifeline events` and the README cite the identifiers).
struct DialectDescription: Sendable {
    let identifier: String
    let summary: String
    let samples: [DialectSample]
}

/// A sample line (a message, after any log prefix) and what recognising it must yield.
struct DialectSample: Sendable {
    enum Yield: Equatable, Sendable {
        /// A callback of the named controller (`ControllerRef.description` form), with its argument if any.
        case callback(Callback, controller: String, argument: String? = nil)
        /// An observer line, attributed later when it names no controller.
        case observer(EventKind, controller: String?)
        /// A UIKit warning blaming the controller.
        case warning(controller: String)
        /// A callback of a name that does not read as a controller's, beside a callback word that is also an
        /// ordinary word: an event only where the file vouches for the name (`LabelVouching`).
        case callbackIfVouched(Callback, controller: String)
        /// A callback word Lifeline will not attribute (prose around it).
        case unattributed
        /// No event at all: an other line.
        case other
    }

    let line: String
    let yields: Yield

    init(_ line: String, _ yields: Yield) {
        self.line = line
        self.yields = yields
    }
}

/// A callback word found in a message, as the naming dialects see it.
struct CallbackWord {
    let bytes: Bytes
    /// The message (the line less its log prefix).
    let message: Range<Int>
    /// The callback word itself (`viewWillAppear` of `viewWillAppear(_:)`).
    let word: Range<Int>
    let callback: Callback
    /// Just after the word's argument syntax: `(…)` or `:name:…`.
    let afterSyntax: Int

    /// The text before the word, less a thread's description at its end: `print(Thread.current, #function)` prints
    /// `<_NSMainThread: 0x6000…>{number = 1, name = main} viewDidLoad()`, which names a thread, not a controller.
    @inline(__always) var before: Range<Int> {
        let lower = message.lowerBound
        var end = word.lowerBound
        while end > lower, bytes[end - 1] == ASCII.space { end -= 1 }
        // Most lines end otherwise: the description is looked for only before a `}`.
        guard end > lower, bytes[end - 1] == ASCII.closeBrace,
              let start = LabelText.threadDescriptionStart(endingAt: end, in: bytes, lower: lower) else { return lower..<word.lowerBound }
        return lower..<start
    }
}

/// A naming dialect's answer.
enum Attribution {
    case controller(ControllerRef)
    /// The line is in this dialect's shape but names no controller Lifeline can trust; the reason is shown by
    /// `lifeline events`. No later dialect is asked.
    case rejected(String)
    /// Not this dialect's shape: ask the next one.
    case notThisShape
}

extension ControllerRef {
    /// The controller of callbacks logged with no label at all (`print(#function)`): one per process, or per
    /// file for lines with no process.
    static let unlabelled = ControllerRef(name: "(unlabelled controller)")
    /// The controller UIKit's navigation-bar messages are about: they name none.
    static let navigationController = ControllerRef(name: "(navigation controller)")

    /// Whether this is `unlabelled`: one key that may stand for several controllers over time.
    var isUnlabelled: Bool { address == nil && name == ControllerRef.unlabelled.name }
}

#if compiler(>=6.2)
/// Dialect types are shared by every parsing thread through `DialectRegistry`'s tables.
protocol SharedMetatype: SendableMetatype {}
#else
protocol SharedMetatype {}
#endif
