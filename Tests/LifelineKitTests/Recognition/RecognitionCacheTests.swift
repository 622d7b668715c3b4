import XCTest
@testable import LifelineKit

/// A message read from the cache says all that reading it said: its outcome, the dialect that named the controller,
/// why a callback word was not attributed, its label's role and print site (`lifeline events` shows them).
final class RecognitionCacheTests: XCTestCase {
    func testAMessageReadAgainSaysWhatItSaidTheFirstTime() {
        let lines = [
            "<Shop.Home: 0x7f01> viewDidAppear(_:)", "-[Shop.List viewWillAppear:]", "[LC] Q7 dealloc", "[LC] HomeVC viewDidLoad",
            "Will call viewWillAppear on child", "9 UIKitCore 0x1 -[UIViewController loadView] + 52", "Network init complete",
            "<Shop.Home: 0x7f01> willMove(toParent:) <Shop.Nav: 0x7f02>",
        ]
        var recognizer = EventRecognizer()
        var first: [String] = []
        for round in 0..<3 {
            for (index, line) in lines.enumerated() {
                let said = Self.said(line, by: &recognizer)
                if round == 0 { first.append(said) } else { XCTAssertEqual(said, first[index], "read \(round + 1): \(line)") }
            }
        }
        XCTAssertEqual(Set(first).count, lines.count, "each line reads differently: \(first)")
    }

    func testOneOffParsesKeepNothing() {
        var recognizer = EventRecognizer(names: .uncached)
        XCTAssertEqual(Self.said("[LC] HomeVC viewDidLoad", by: &recognizer), Self.said("[LC] HomeVC viewDidLoad", by: &recognizer))
    }

    private static func said(_ line: String, by recognizer: inout EventRecognizer) -> String {
        var line = line
        return line.withUTF8 { b in
            let outcome = recognizer.recognize(b, in: 0..<b.count)
            return "\(outcome.event.map { "\($0.kind) \($0.controller?.description ?? "-") \(String(describing: $0.argument))" } ?? "\(outcome)") "
                + "\(recognizer.lastDialect?.description.identifier ?? "-") \(recognizer.rejection ?? "-") \(recognizer.vouching) \(recognizer.printSite)"
        }
    }
}
