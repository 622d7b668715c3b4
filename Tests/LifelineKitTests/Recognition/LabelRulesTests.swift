import XCTest
@testable import LifelineKit

/// Runs every sample of `LabelRules.rules`: each line names the controller its rule says, or none (a line alone
/// vouches for no name, so a callback that waits for the file's word counts as none).
final class LabelRulesTests: XCTestCase {
    func testEveryRuleReadsItsSamples() {
        for rule in LabelRules.rules {
            XCTAssertFalse(rule.samples.isEmpty, rule.name)
            for sample in rule.samples {
                var copy = sample.line
                var recognizer = EventRecognizer()
                let event = copy.withUTF8 { recognizer.recognize($0, in: 0..<$0.count) }.event
                let named = recognizer.vouching == .needsVouching ? nil : event?.controller?.name
                XCTAssertEqual(named, sample.controller, "\(rule.name): \(sample.line)")
            }
        }
    }
}
