import XCTest
@testable import LifelineKit

/// The end of a trace gets the same instances in the same order whether another thread makes the batches or not.
final class IdleBatchesTests: XCTestCase {
    func testBatchesHandOutEveryInstanceInSerialOrderOnOneThreadOrTwo() {
        var store = IdleStore()
        var facts = TimelineFacts()
        var expected: [Instance] = []
        let count = IdleBatches.size * 2 + 7  // two full batches and a short one
        for number in 0..<count {
            let serial = 1 + (number * 7919) % count  // stored out of serial order
            let key = InstanceKey(process: ProcessKey(name: "Shop", pid: 1),
                                  ref: ControllerRef(name: "Shop.ListViewController", address: 0x9000 + UInt64(number) * 16))
            var instance = Instance(serial: serial, key: key, generation: 1, profile: facts.profile(for: key.ref))
            instance.lastLine = serial
            XCTAssertTrue(store.insert(instance, facts: facts))
            expected.append(instance)
        }
        expected.sort { $0.serial < $1.serial }
        for ahead in [false, true] {
            var batches = IdleBatches(store, facts: facts, order: store.recordsBySerial, ahead: ahead)
            var handedOut: [Instance] = []
            var batchCount = 0
            var done: [Instance] = []
            while let batch = batches.next(freeing: done) {
                batchCount += 1
                handedOut += batch
                done = batch
            }
            XCTAssertEqual(batchCount, 3, "ahead: \(ahead)")
            XCTAssertEqual(handedOut, expected, "ahead: \(ahead)")
        }
    }

    func testNoRecordsMeansNoBatch() {
        for ahead in [false, true] {
            var batches = IdleBatches(IdleStore(), facts: TimelineFacts(), order: [], ahead: ahead)
            XCTAssertNil(batches.next(freeing: []))
        }
    }
}
