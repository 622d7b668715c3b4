import XCTest
@testable import LifelineKit

/// Runs `PatternSuggester.samples`: each log gives its pattern, and the pattern reads the log.
final class PatternSuggesterTests: XCTestCase {
    func testEverySampleGivesItsPatternAndItsReading() throws {
        for sample in PatternSuggester.samples {
            let lines = sample.log.enumerated().map { (line: $0.offset + 1, message: LineExplainer.message(of: $0.element)) }
            let suggestion = try XCTUnwrap(PatternSuggester.suggest(lines), sample.pattern)
            XCTAssertEqual(suggestion.pattern, sample.pattern)
            XCTAssertEqual(suggestion.readings.count, sample.log.count)
            let first = try XCTUnwrap(suggestion.readings.first)
            XCTAssertEqual("\(first.line) \(first.callback.rawValue) \(first.controller)", sample.first)
        }
    }

    func testOneLineOrNoCallbackGivesNoSuggestion() {
        XCTAssertNil(PatternSuggester.suggest([(1, "lifecycle event=viewDidLoad screen=Cart")]))
        XCTAssertNil(PatternSuggester.suggest([(1, "hello world"), (2, "hello there")]))
    }
}
