import XCTest
@testable import LifelineKit

/// Every dialect, every controller spelling, and lines that must not become events.
final class EventRecognizerTests: XCTestCase {
    private func event(_ message: String) -> RecognizedEvent? {
        var copy = message
        return copy.withUTF8 { bytes in
            var recognizer = EventRecognizer()
            let event = recognizer.recognize(bytes, in: 0..<bytes.count).event
            return recognizer.vouching == .needsVouching ? nil : event  // a line alone vouches for nothing
        }
    }

    private func callback(_ message: String) -> Callback? { event(message)?.kind.callback }

    func testSwiftObjCCSharpAndPlainSpellingsOfEveryCallback() {
        let spellings: [(String, Callback)] = [
            ("<M.A: 0x1> init(nibName:bundle:)", .`init`), ("<M.A: 0x1> init(coder:)", .`init`),
            ("-[A initWithNibName:bundle:]", .`init`), ("-[AVC initWithCoder:]", .`init`), ("-[AVC awakeFromNib]", .`init`),
            ("<M.A: 0x1> loadView()", .loadView), ("A LoadView", .loadView),
            ("<M.A: 0x1> viewDidLoad()", .viewDidLoad), ("CartViewController ViewDidLoad", .viewDidLoad),
            ("-[A viewWillAppear:]", .viewWillAppear), ("<M.A: 0x1> viewWillAppear(_:)", .viewWillAppear),
            ("vc1 viewWillAppear", .viewWillAppear), ("A ViewWillAppear", .viewWillAppear),
            ("<M.A: 0x1> viewIsAppearing(_:)", .viewIsAppearing), ("-[A viewDidAppear:]", .viewDidAppear),
            ("<M.A: 0x1> viewWillDisappear(_:)", .viewWillDisappear), ("A ViewDidDisappear", .viewDidDisappear),
            ("<M.A: 0x1> viewWillLayoutSubviews()", .viewWillLayoutSubviews), ("-[A viewDidLayoutSubviews]", .viewDidLayoutSubviews),
            ("<M.A: 0x1> updateViewConstraints()", .updateViewConstraints),
            ("<M.A: 0x1> willMove(toParent:) nil", .willMove), ("-[A willMoveToParentViewController:] (null)", .willMove),
            ("CartViewController WillMoveToParentViewController", .willMove), ("vc4 willMoveToParent vc3", .willMove),
            ("<M.A: 0x1> didMove(toParent:) nil", .didMove), ("-[A didMoveToParentViewController:] (null)", .didMove),
            ("<M.A: 0x1> addChild(_:) <M.B: 0x2>", .addChild), ("-[A addChildViewController:]", .addChild),
            ("<M.A: 0x1> removeFromParent()", .removeFromParent), ("-[A removeFromParentViewController]", .removeFromParent),
            ("-[A viewWillUnload]", .viewWillUnload), ("A ViewDidUnload", .viewDidUnload),
            ("-[AVC dealloc]", .dealloc), ("<M.A: 0x1> deinit", .dealloc), ("CartViewController Dispose", .dealloc),
            ("~CartViewController()", .dealloc),
            ("<M.A: 0x1> didReceiveMemoryWarning()", .didReceiveMemoryWarning),
            ("<M.A: 0x1> viewWillTransition(to:with:)", .viewWillTransition),
            ("-[A viewWillTransitionToSize:withTransitionCoordinator:]", .viewWillTransition),
            ("<M.A: 0x1> traitCollectionDidChange(_:)", .traitCollectionDidChange),
            ("<M.A: 0x1> viewWillAppear(_:) (the old Swift 4 names too)", .viewWillAppear),
            ("<M.A: 0x1> willMove(toParentViewController:) nil", .willMove),
        ]
        for (message, expected) in spellings {
            XCTAssertEqual(callback(message), expected, message)
        }
    }

    /// A method every object has (`init`, `dealloc`) of a class whose name does not read as a controller's waits for
    /// the file to vouch for the name (`LabelVouching`); a selector only controllers have does not.
    func testCommonMethodsOfUnknownClassesWaitForTheFile() {
        for message in ["-[Person dealloc]", "-[WFIsolatedShortcutRunner init]", "-[MMTestLifeView willMove(toSuperview:)]", "[Step] addChildViewController:"] {
            XCTAssertNil(event(message), message)
        }
        XCTAssertEqual(callback("-[Panel willMoveToParentViewController:] (null)"), .willMove)
        XCTAssertEqual(callback("Panel.willMove(toParent:)"), .willMove)
    }

    func testControllerSpellings() {
        XCTAssertEqual(event("<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()")?.controller,
                       ControllerRef(name: "Shop.CartViewController", address: 0x7fa1c8d0a200))
        XCTAssertEqual(event("<CartViewController: 0x7fa1c8d0a200; view = <UIView>> viewDidLoad")?.controller,
                       ControllerRef(name: "CartViewController", address: 0x7fa1c8d0a200))
        XCTAssertEqual(event("-[ProfileViewController viewDidAppear:]")?.controller, ControllerRef(name: "ProfileViewController"))
        XCTAssertEqual(event("[ProfileViewController viewDidAppear]")?.controller, ControllerRef(name: "ProfileViewController"))
        XCTAssertEqual(event("Shop.CartViewController.viewDidLoad()")?.controller, ControllerRef(name: "Shop.CartViewController"))
        XCTAssertEqual(event("CartViewController viewDidLoad")?.controller, ControllerRef(name: "CartViewController"))
        XCTAssertEqual(event("vc1 viewWillAppear")?.controller, ControllerRef(name: "vc1"))
        XCTAssertEqual(event("viewDidLoad() <Shop.CartViewController: 0x1>")?.controller,
                       ControllerRef(name: "Shop.CartViewController", address: 1), "print(#function, self)")
        XCTAssertEqual(event("<Café.PanierViewController: 0x7fa1c8d0a200> viewWillAppear(_:)")?.controller.map(\.name),
                       "Café.PanierViewController")
        XCTAssertEqual(event("<TestMe.日本語ViewController: 0x7f> viewDidLoad() 🚀")?.kind, .callback(.viewDidLoad))
    }

    func testContainmentArguments() {
        XCTAssertEqual(event("<M.B: 0x2> willMove(toParent:) <UINavigationController: 0x7fa1c8c05400>")?.argument,
                       .controller(ControllerRef(name: "UINavigationController", address: 0x7fa1c8c05400)))
        XCTAssertEqual(event("<M.B: 0x2> didMove(toParent:) Optional(<M.A: 0x1>)")?.argument,
                       .controller(ControllerRef(name: "M.A", address: 1)))
        XCTAssertEqual(event("<M.B: 0x2> willMove(toParent:) nil")?.argument, .noParent)
        XCTAssertEqual(event("-[B didMoveToParentViewController:] (null)")?.argument, .noParent)
        XCTAssertEqual(event("vc4 willMoveToParent vc3")?.argument, .controller(ControllerRef(name: "vc3")))
        XCTAssertNil(event("<M.B: 0x2> didMove(toParent:)")?.argument, "argument not logged")
        XCTAssertEqual(event("<M.A: 0x1> addChild(_:) <M.B: 0x2>")?.controller, ControllerRef(name: "M.A", address: 1))
    }

    func testObserverLines() {
        XCTAssertEqual(event("addObserver CartDidChange")?.kind, .observerAdded("CartDidChange"))
        XCTAssertEqual(event("removeObserver: CartDidChange")?.kind, .observerRemoved("CartDidChange"))
        XCTAssertEqual(event("NotificationCenter addObserver(forName: .cartDidChange)")?.kind, .observerAdded("cartDidChange"))
        XCTAssertEqual(event("removeObserver name=UIKeyboardWillShowNotification")?.kind, .observerRemoved("UIKeyboardWillShowNotification"))
        XCTAssertEqual(event("NotificationCenter.default.removeObserver(self)")?.kind, .observersRemovedAll)
        XCTAssertNil(event("addObserver CartDidChange")?.controller, "attributed later by thread")
        XCTAssertEqual(event("<M.A: 0x1> addObserver Foo")?.controller, ControllerRef(name: "M.A", address: 1))
    }

    func testUIKitWarningsBlameTheRightController() {
        let unbalanced = event("Unbalanced calls to begin/end appearance transitions for <Shop.CartViewController: 0x7fa1c8d0a200>.")
        XCTAssertEqual(unbalanced?.controller, ControllerRef(name: "Shop.CartViewController", address: 0x7fa1c8d0a200))
        let present = event("Warning: Attempt to present <Shop.Login: 0x2> on <Shop.List: 0x1> whose view is not in the window hierarchy!")
        XCTAssertEqual(present?.controller, ControllerRef(name: "Shop.List", address: 1))
        XCTAssertEqual(event("Presenting view controllers on detached view controllers is discouraged <Shop.Detail: 0x3>.")?.controller,
                       ControllerRef(name: "Shop.Detail", address: 3))
    }

    func testOrdinaryLinesAreNotEvents() {
        for message in [
            "Network reachability changed: WiFi", "Cart total recalculated: 3 items", "init done", "Network init complete",
            "viewDidLoadCount = 3", "Will call viewWillAppear on child", "loaded viewDidLoad.swift:42",
            "Thread started: <Thread Pool> #4", "The thread 0x8 has exited with code 0 (0x0).", "Attempt to reconnect",
            "deallocating buffer", "首页viewDidLoad", "",
        ] {
            XCTAssertNil(event(message), message)
        }
    }

    func testProseAroundACallbackIsUnattributedWithAReason() {
        var copy = "Will call viewWillAppear on child"
        var recognizer = EventRecognizer()
        let outcome = copy.withUTF8 { recognizer.recognize($0, in: 0..<$0.count) }
        guard outcome == .unattributed, let why = recognizer.rejection else { return XCTFail("\(outcome)") }
        XCTAssertTrue(why.contains("prose"), why)
    }

    func testARedactedDescriptionIsUnattributedAsRedacted() {
        for message in ["<private> viewWillAppear(_:)", "<mask.hash: 'Gy+aRbBh2dJ5tlAVd8dQtg=='> viewWillAppear(_:)"] {
            var copy = message
            var recognizer = EventRecognizer()
            let outcome = copy.withUTF8 { recognizer.recognize($0, in: 0..<$0.count) }
            guard outcome == .unattributed, let why = recognizer.rejection else { XCTFail("\(message): \(outcome)"); continue }
            XCTAssertTrue(why.contains("redacted"), why)
        }
    }

    func testKeywordsAreFoundWhateverTheirFirstLetter() {
        let spellings = Callback.allCases.flatMap(\.spellings)
        for spelling in spellings {
            XCTAssertNotNil(event("<Shop.CartViewController: 0x7f01> \(spelling)"), spelling)
        }
        XCTAssertNotNil(event("<Shop.CartViewController: 0x7f01> addObserver CartDidChange"))
        XCTAssertNotNil(event("<Shop.CartViewController: 0x7f01> removeObserver CartDidChange"))
    }
}
