import XCTest
@testable import LifelineKit

final class CallbackTests: XCTestCase {
    /// Sets, idle records and the engine's per-kind rule lists index callbacks by `ordinal`, read from the case itself.
    func testOrdinalIsThePositionInAllCasesAndByOrdinalItsInverse() {
        for (position, callback) in Callback.allCases.enumerated() {
            XCTAssertEqual(callback.ordinal, position, "\(callback)")
            XCTAssertEqual(Callback.byOrdinal[callback.ordinal], callback)
        }
        XCTAssertEqual(Callback.byOrdinal.count, Callback.allCases.count)
    }

    /// `CallbackSet` keeps one bit per ordinal in 32 bits.
    func testEveryCallbackHasABitOfItsOwn() {
        XCTAssertLessThanOrEqual(Callback.allCases.count, UInt32.bitWidth)
        for callback in Callback.allCases {
            let set = CallbackSet([callback])
            XCTAssertEqual(Callback.allCases.filter(set.contains), [callback])
        }
        XCTAssertTrue(Callback.allCases.allSatisfy(CallbackSet(Callback.allCases).contains))
    }
}
