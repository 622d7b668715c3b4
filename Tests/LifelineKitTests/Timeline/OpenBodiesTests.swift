import XCTest
@testable import LifelineKit

final class OpenBodiesTests: XCTestCase {
    private let main = OpenBodies.ThreadKey(process: ProcessKey(name: "Shop", pid: 4002), thread: 1)
    private let worker = OpenBodies.ThreadKey(process: ProcessKey(name: "Shop", pid: 4002), thread: 2)
    private let cart = InstanceKey(process: ProcessKey(name: "Shop", pid: 4002), ref: ControllerRef(name: "Shop.Cart", address: 0x10))
    private let home = InstanceKey(process: ProcessKey(name: "Shop", pid: 4002), ref: ControllerRef(name: "Shop.Home", address: 0x20))

    func testThreadsKeepTheirSlots() {
        var bodies = OpenBodies()
        let first = bodies.slot(process: main.process, thread: main.thread)
        let second = bodies.slot(process: worker.process, thread: worker.thread)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(bodies.slot(process: main.process, thread: main.thread), first)
        XCTAssertEqual(bodies.slot(process: worker.process, thread: worker.thread), second)
        let otherProcess = bodies.slot(process: ProcessKey(name: "Shop", pid: 4003), thread: main.thread)
        XCTAssertNotEqual(otherProcess, first, "one thread id in another process is another thread")
        XCTAssertEqual(bodies.slot(process: main.process, thread: main.thread), first)
        XCTAssertNil(bodies.instance(first), "a new thread has no open body")
        XCTAssertNil(bodies.close(first), "nothing to close")
    }

    func testClosingReportsWhatTheBodySaw() {
        var bodies = OpenBodies()
        let slot = bodies.slot(process: main.process, thread: main.thread)
        bodies.open(slot, callback: .viewDidLoad, line: 3, instance: cart)
        XCTAssertTrue(bodies.isOpen(slot, for: cart))
        XCTAssertFalse(bodies.isOpen(slot, for: home))
        XCTAssertEqual(bodies.callback(slot), .viewDidLoad)
        bodies.touch(slot, .observerAdded("Keyboard"))
        bodies.touch(slot, .observerRemoved("Cart"))
        let closed = bodies.close(slot)
        XCTAssertEqual(closed?.callback, .viewDidLoad)
        XCTAssertEqual(closed?.touchedObservers, true)
        let body = bodies.lastBody(slot)
        XCTAssertEqual(body.line, 3)
        XCTAssertEqual(body.instance, cart)
        XCTAssertEqual(body.touchedObservers, ["Keyboard", "Cart"])
        XCTAssertEqual(body.removedObservers, ["Cart"])
        XCTAssertNil(bodies.instance(slot), "closed")
        XCTAssertNil(bodies.callback(slot))
        XCTAssertNil(bodies.close(slot), "closed once")
    }

    /// A slot reuses its body's storage: the next body must start without the last one's observers.
    func testReopeningStartsAFreshBody() {
        var bodies = OpenBodies()
        let slot = bodies.slot(process: main.process, thread: main.thread)
        bodies.open(slot, callback: .viewWillAppear, line: 1, instance: cart)
        bodies.touch(slot, .observerRemoved("Cart"))
        _ = bodies.close(slot)
        bodies.open(slot, callback: .viewDidAppear, line: 2, instance: home)
        XCTAssertEqual(bodies.close(slot)?.touchedObservers, false)
        let body = bodies.lastBody(slot)
        XCTAssertEqual(body.instance, home)
        XCTAssertEqual(body.callback, .viewDidAppear)
        XCTAssertEqual(body.touchedObservers, [])
        XCTAssertEqual(body.removedObservers, [])
    }

    func testTouchOutsideABodyIsIgnoredAndHostsAreLoadingOrAppearingBodies() {
        var bodies = OpenBodies()
        let slot = bodies.slot(process: main.process, thread: main.thread)
        bodies.touch(slot, .observerAdded("Keyboard"))
        XCTAssertNil(bodies.close(slot))
        bodies.open(slot, callback: .viewWillAppear, line: 1, instance: cart)
        XCTAssertEqual(bodies.host(slot), cart)
        _ = bodies.close(slot)
        XCTAssertNil(bodies.host(slot), "closed")
        bodies.open(slot, callback: .viewWillDisappear, line: 2, instance: cart)
        XCTAssertNil(bodies.host(slot), "a disappearance hosts no guest")
        XCTAssertEqual(bodies.openSlots, [slot])
        let other = bodies.slot(process: worker.process, thread: worker.thread)
        bodies.open(other, callback: .`init`, line: 3, instance: home)
        XCTAssertEqual(bodies.openSlots, [slot, other], "ordered by process, then thread")
    }
}
