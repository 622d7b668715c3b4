import XCTest
@testable import LifelineKit

/// Descriptions remembered by their text must parse exactly as they would afresh.
final class ControllerNamesTests: XCTestCase {
    private func parse(_ text: String, at start: Int = 0, limit: Int? = nil, names: inout ControllerNames) -> String {
        var copy = text
        return copy.withUTF8 { b in
            guard let (ref, end) = ControllerRefParser.parseAngle(b, at: start, limit: limit ?? b.count, names: &names) else { return "nil" }
            return "\(ref) end \(end)"
        }
    }

    func testARememberedDescriptionParsesAsBefore() {
        var names = ControllerNames()
        let line = "<Shop.CartViewController: 0x7f8b2c4f1400> viewWillAppear(_:)"
        XCTAssertEqual(parse(line, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 41")
        XCTAssertEqual(parse(line, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 41", "remembered")
        var fresh = ControllerNames.uncached
        XCTAssertEqual(parse(line, names: &fresh), "<Shop.CartViewController: 0x7f8b2c4f1400> end 41", "uncached")
    }

    func testAnotherNameAtTheSameAddressIsReadAfresh() {
        var names = ControllerNames()
        _ = parse("<Shop.CartViewController: 0x7f8b2c4f1400> viewDidLoad", names: &names)
        XCTAssertEqual(parse("<Shop.HomeViewController: 0x7f8b2c4f1400> viewDidLoad", names: &names),
                       "<Shop.HomeViewController: 0x7f8b2c4f1400> end 41", "same length, other bytes")
        XCTAssertEqual(parse("<Shop.Cart: 0x7f8b2c4f1400> viewDidLoad", names: &names), "<Shop.Cart: 0x7f8b2c4f1400> end 27")
        XCTAssertEqual(parse("<Shop Cart: 0x7f8b2c4f1400> viewDidLoad", names: &names), "nil", "a space in the name is still refused")
    }

    func testOnlyPlainDescriptionsAreRememberedAndNestedOnesStillParse() {
        var names = ControllerNames()
        let nested = "<Shop.CartViewController: 0x7f8b2c4f1400; view = <UIView: 0x7f8b2c4f2000>> viewDidLoad"
        XCTAssertEqual(parse(nested, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 74")
        XCTAssertEqual(parse(nested, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 74")
        XCTAssertEqual(parse("<Shop.CartViewController: 0x7f8b2c4f1400 viewDidLoad", names: &names), "nil", "not closed")
        let long = "<" + String(repeating: "Long", count: 20) + "Controller: 0x7f8b2c4f1400> viewDidLoad"
        XCTAssertEqual(parse(long, names: &names), String(long.prefix(long.count - 12)) + " end \(long.count - 12)")
        XCTAssertEqual(parse(long, names: &names), String(long.prefix(long.count - 12)) + " end \(long.count - 12)", "too long to remember")
    }

    func testManyAddressesSharingSlotsStayExact() {
        var names = ControllerNames()
        for round in 0..<2 {
            for index in 0..<1_000 {
                let address = String(0x7f8b_0000_0000 + index * 0x200, radix: 16)
                let name = index % 3 == 0 ? "Shop.CartViewController" : "Shop.Item\(index)Controller"
                XCTAssertEqual(parse("<\(name): 0x\(address)> viewDidLoad", names: &names), "<\(name): 0x\(address)> end \(name.count + address.count + 6)",
                               "round \(round), \(index)")
            }
        }
    }

    func testARememberedTextIsFoundOnlyWhereItWholeFits() {
        var names = ControllerNames()
        let line = "<Shop.CartViewController: 0x7f8b2c4f1400> viewWillAppear(_:)"
        XCTAssertEqual(parse(line, limit: 41, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 41")
        XCTAssertEqual(parse(line, limit: 41, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 41", "remembered")
        XCTAssertEqual(parse(line, limit: 40, names: &names), "nil", "its `>` past the limit")
        XCTAssertEqual(parse(line, names: &names), "<Shop.CartViewController: 0x7f8b2c4f1400> end 41", "another limit")
        XCTAssertEqual(parse("<Shop.CartViewController: 0x7f8b2c4f14000> viewWillAppear(_:)", limit: 42, names: &names),
                       "<Shop.CartViewController: 0x7f8b2c4f14000> end 42", "one more digit")
    }

    func testEqualAddressesWrittenDifferentlyAndShortDescriptionsParseAsAfresh() {
        var names = ControllerNames()
        for _ in 0..<2 {
            XCTAssertEqual(parse("<Shop.Cart: 0x07f01>", names: &names), "<Shop.Cart: 0x7f01> end 20")
            XCTAssertEqual(parse("<Shop.Cart: 0x7f01>", names: &names), "<Shop.Cart: 0x7f01> end 19")
            XCTAssertEqual(parse("<A: 0x1>", names: &names), "<A: 0x1> end 8", "shorter than the bytes a slot is chosen by")
        }
    }
}

/// A class name of megabytes must not cost megabytes per controller: names are capped where they are interned.
final class LongControllerNameTests: XCTestCase {
    func testANameLongerThanTheCapKeepsItsStartAndAHashOfTheWhole() throws {
        // Two names alike but for their last byte, with a two-byte character where the cut falls.
        let start = String(repeating: "A", count: ControllerNames.longestName - 20) + "é" + String(repeating: "B", count: 4000)
        let trace = ["1", "2"].flatMap { last in
            ["<\(start)\(last): 0x7f01> viewDidLoad", "<\(start)\(last): 0x7f01> viewDidLoad"]
        }.joined(separator: "\n")
        let findings = try TraceFixture.analyze(trace).findings.filter { $0.rule == "load-once" }
        XCTAssertEqual(findings.count, 2, "one finding per controller: the two names stay two controllers")
        let names = findings.map(\.subject.ref.name)
        XCTAssertNotEqual(names[0], names[1])
        for name in names {
            XCTAssertLessThanOrEqual(name.utf8.count, ControllerNames.longestName)
            XCTAssertTrue(name.hasPrefix(String(repeating: "A", count: ControllerNames.longestName - 20)), "keeps its start")
            XCTAssertFalse(name.contains("é"), "cut before a character it cannot keep whole")
            XCTAssertNotNil(name.range(of: "…[0-9a-f]{16}$", options: .regularExpression), name.suffix(30).description)
        }
        let short = try TraceFixture.analyze("<Shop.Cart: 0x7f01> viewDidLoad\n<Shop.Cart: 0x7f01> viewDidLoad").findings
        XCTAssertEqual(short.first?.subject.ref.name, "Shop.Cart", "a name under the cap is kept as it is")
    }
}
