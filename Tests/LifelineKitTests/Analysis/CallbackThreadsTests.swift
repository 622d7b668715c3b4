@testable import LifelineKit
import XCTest

/// `CallbackThreads` tells threads apart by thread id, pid and process name, whatever their number and however
/// long the names: the parser keeps a line for the work pattern only when its own thread runs an appearance callback.
final class CallbackThreadsTests: XCTestCase {
    private let controller = ControllerRef(name: "Shop.HomeVC", address: 0x7f01)

    /// The state of a line on the thread, or nil when it is not kept.
    private func place(_ threads: inout CallbackThreads, _ name: String?, pid: Int32?, thread: UInt64?) -> CallbackThreads.State? {
        var bytes = Array((name ?? "").utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            threads.place(name: name == nil ? nil : Bytes(buffer), pid: pid, thread: thread,
                          process: ProcessKey(name: name, pid: pid))?.state
        }
    }

    private func note(_ threads: inout CallbackThreads, _ callback: Callback, _ name: String?, pid: Int32?, thread: UInt64?) {
        var bytes = Array((name ?? "").utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            threads.note(callback, controller: controller, name: name == nil ? nil : Bytes(buffer), pid: pid, thread: thread,
                         process: ProcessKey(name: name, pid: pid))
        }
    }

    func testManyThreadsAndLongNamesAreToldApart() {
        var threads = CallbackThreads(inside: WorkInAppearanceRule.appearanceCallbacks, ignoredClasses: [])
        threads.startChunk()
        let names = ["ShopExtensionA", "ShopExtensionB"]  // the same first eight bytes
        for thread in UInt64(1)...12 {
            for name in names {
                let inside = (thread % 2 == 1) == (name == names[0])
                note(&threads, inside ? .viewDidAppear : .viewDidDisappear, name, pid: 40, thread: thread)
            }
        }
        for _ in 0..<2 {  // found again after interleaving, through the cache and the index
            for thread in UInt64(1)...12 {
                for name in names {
                    let inside = (thread % 2 == 1) == (name == names[0])
                    XCTAssertEqual(place(&threads, name, pid: 40, thread: thread), inside ? .inside : nil, "\(name) thread \(thread)")
                }
            }
        }
        XCTAssertEqual(threads.threads.count, 24)
        XCTAssertEqual(place(&threads, "ShopExtensionA", pid: 41, thread: 1), .atChunkStart, "another pid is another thread")
        XCTAssertEqual(place(&threads, "ShopExtensionA", pid: nil, thread: 1), .atChunkStart, "no pid is another thread")
        XCTAssertEqual(place(&threads, nil, pid: 40, thread: 1), .atChunkStart, "no name is another thread")
        XCTAssertEqual(place(&threads, "ShopExtension", pid: 40, thread: 1), .atChunkStart, "a shorter name is another thread")
    }

    func testNamesOfEveryLengthDifferingInAnyByteAreToldApart() {
        for length in 1...12 {
            var threads = CallbackThreads(inside: WorkInAppearanceRule.appearanceCallbacks, ignoredClasses: [])
            threads.startChunk()
            let name = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0))) })
            note(&threads, .viewDidAppear, name, pid: 7, thread: 1)
            for position in 0..<length {
                var other = Array(name.utf8)
                other[position] = UInt8(ascii: "Z")
                XCTAssertEqual(place(&threads, String(decoding: other, as: UTF8.self), pid: 7, thread: 1), .atChunkStart,
                               "\(name) and its byte \(position) changed")
            }
            XCTAssertEqual(place(&threads, name, pid: 7, thread: 1), .inside, name)
            XCTAssertEqual(place(&threads, String(name.dropLast()), pid: 7, thread: 1), .atChunkStart,
                           "a shorter name is another thread")
        }
    }

    func testAThreadWithoutIdsIsOneThread() {
        var threads = CallbackThreads(inside: WorkInAppearanceRule.appearanceCallbacks, ignoredClasses: [])
        threads.startChunk()
        note(&threads, .viewWillAppear, nil, pid: nil, thread: nil)
        XCTAssertEqual(place(&threads, nil, pid: nil, thread: nil), .inside)
        note(&threads, .viewWillDisappear, nil, pid: nil, thread: nil)
        XCTAssertNil(place(&threads, nil, pid: nil, thread: nil))
        threads.startChunk()
        XCTAssertEqual(place(&threads, nil, pid: nil, thread: nil), .atChunkStart, "a new chunk forgets the threads")
    }
}
