import XCTest
@testable import LifelineKit

final class IntMapTests: XCTestCase {
    func testBehavesAsADictionaryThroughRandomInsertsAndRemovals() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var map = IntMap<Int>()
            var reference: [Int: Int] = [:]
            // Small key ranges make long probe runs and many removals inside them; negative keys are class numbers.
            let range = round.isMultiple(of: 2) ? -40...40 : -5_000...5_000
            for step in 0..<4_000 {
                let key = Int.random(in: range, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0, 1:
                    XCTAssertEqual(map.insert(step, for: key), reference.updateValue(step, forKey: key))
                case 2:
                    let held = reference[key]
                    if held == nil { reference[key] = step }
                    XCTAssertEqual(map.keepingFirst(step, for: key), held, "the first value stands")
                default:
                    XCTAssertEqual(map.removeValue(forKey: key), reference.removeValue(forKey: key))
                }
                XCTAssertEqual(map.count, reference.count)
            }
            for key in range { XCTAssertEqual(map[key], reference[key], "key \(key)") }
            XCTAssertEqual(range.filter { map.contains($0) }.count, reference.count)
        }
    }

    func testSubscriptSetsAndRemovesAndRemoveAllEmpties() {
        var map = IntMap<String>()
        XCTAssertTrue(map.isEmpty)
        XCTAssertNil(map[7])
        map[7] = "seven"
        map[-7] = "minus seven"
        map[7] = "SEVEN"
        XCTAssertEqual(map[7], "SEVEN")
        XCTAssertEqual(map.count, 2)
        map[7] = nil
        XCTAssertNil(map[7])
        XCTAssertEqual(map[-7], "minus seven")
        for key in 0..<100 { map[key * 1_024] = "\(key)" }  // keys that share their low bits
        XCTAssertEqual(map[99 * 1_024], "99")
        map.removeAll()
        XCTAssertTrue(map.isEmpty)
        XCTAssertNil(map[-7])
        map[3] = "three"
        XCTAssertEqual(map[3], "three")
    }
}
