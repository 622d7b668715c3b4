import XCTest
@testable import LifelineKit

final class EventNameTests: XCTestCase {
    /// Baseline files store these names: changing one would make every recorded finding of its event new again.
    func testEveryKindOfEventHasItsFixedName() {
        let kinds: [EventKind] = [.callback(.viewDidLoad), .callback(.`init`), .observerAdded("N"), .observerRemoved("N"),
                                  .observersRemovedAll, .uikitWarning("Unbalanced calls")]
        XCTAssertEqual(kinds.map(\.name.name), ["viewDidLoad", "init", "addObserver", "removeObserver", "removeObserver", "uikitWarning"])
        XCTAssertEqual(Callback.allCases.map { EventName.callback($0).name }, Callback.allCases.map(\.rawValue))
    }

    func testTextShowsTheName() {
        XCTAssertEqual("\(EventName.addObserver) at line 3", "addObserver at line 3")
        XCTAssertEqual(EventKind.observersRemovedAll.name, .removeObserver)
    }
}
