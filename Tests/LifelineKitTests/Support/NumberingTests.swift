import XCTest
@testable import LifelineKit

final class NumberingTests: XCTestCase {
    /// Values whose hashes collide keep numbers of their own, found again whichever was seen first.
    func testValuesSharingAHashEachKeepTheirNumber() {
        var numbering = Numbering<Colliding>()
        let values = ["a", "b", "c", "a", "d", "b"].map(Colliding.init)
        let ids = values.map { numbering.id($0) }
        XCTAssertEqual(ids, [0, 1, 2, 0, 3, 1])
        for (value, id) in zip(values, ids) {
            XCTAssertEqual(numbering.existingID(value), id)
            XCTAssertEqual(numbering[id], value)
        }
        XCTAssertNil(numbering.existingID(Colliding(name: "e")), "a value never numbered is not found, though its hash is")
        XCTAssertEqual(numbering.count, 4)
    }

    /// Distinct hashes: one number each, in order of first sight.
    func testValuesAreNumberedInOrderOfFirstSight() {
        var numbering = Numbering<String>()
        XCTAssertEqual(["x", "y", "x", "z"].map { numbering.id($0) }, [0, 1, 0, 2])
        XCTAssertNil(numbering.existingID("w"))
    }
}

/// A value whose every instance has the same hash.
private struct Colliding: QuickHashable, Sendable {
    let name: String
    var quickHash: Int { 7 }
}
