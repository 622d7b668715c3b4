// LifelineTracing.swift: logs the lifecycle of every UIViewController for Lifeline, from one call.
//
// Add this file to the app target and call `LifelineTracing.install()` once, first thing in
// `application(_:didFinishLaunchingWithOptions:)`. It is compiled in DEBUG builds only and needs iOS 14.
// Every line names the instance, as Lifeline reads best:
//
//     <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear animated=1
//     <Shop.CartViewController: 0x7fa1c8d0a200> willMove toParent=<UINavigationController: 0x7fa1c8c05400>
//
// Lines go to the unified log (subsystem "lifeline", category "lifecycle"; Xcode's console shows them) or, with
// `output: .standardOutput`, to `print`. Capture them as docs/capture.md says, then run `lifeline check`.
//
// What it cannot see: an override that does not call `super` (most `loadView` overrides), and observers added
// with a block (`addObserver(forName:object:queue:using:)`: the observer is a token, not the controller).

#if DEBUG
import ObjectiveC
import os
import UIKit

enum LifelineTracing {
    enum Output: Sendable {
        /// The unified log, as public strings: Xcode's console, `log stream`, `log show`.
        case unifiedLog
        /// Standard output: a console captured with `xcrun simctl launch --console`.
        case standardOutput
    }

    struct Options: Sendable {
        var output = Output.unifiedLog
        /// Also log `viewWillLayoutSubviews` and `viewDidLayoutSubviews` (several lines per layout pass).
        var layout = false
        /// Also log `NotificationCenter` observers added and removed by a view controller.
        var observers = false
        /// Classes whose name starts with one of these are not logged: UIKit's private and keyboard controllers.
        var skippedPrefixes = ["_", "UIInputWindowController", "UICompatibilityInputViewController",
                               "UIEditingOverlayViewController", "UISystemKeyboardDockController"]
    }

    /// Set once by `install`, before any exchanged method runs; only read afterwards.
    nonisolated(unsafe) private static var options: Options?
    nonisolated(unsafe) private static var sentinelKey: UInt8 = 0
    nonisolated(unsafe) private static let logger = Logger(subsystem: "lifeline", category: "lifecycle")

    /// Starts logging. Call once on the main thread before the first view controller loads; later calls do nothing.
    @MainActor
    static func install(_ options: Options = Options()) {
        guard self.options == nil else { return }
        self.options = options
        var pairs: [(Selector, Selector)] = [
            (#selector(UIViewController.loadView), #selector(UIViewController.lifeline_loadView)),
            (#selector(UIViewController.viewDidLoad), #selector(UIViewController.lifeline_viewDidLoad)),
            (#selector(UIViewController.viewWillAppear(_:)), #selector(UIViewController.lifeline_viewWillAppear(_:))),
            (#selector(UIViewController.viewIsAppearing(_:)), #selector(UIViewController.lifeline_viewIsAppearing(_:))),
            (#selector(UIViewController.viewDidAppear(_:)), #selector(UIViewController.lifeline_viewDidAppear(_:))),
            (#selector(UIViewController.viewWillDisappear(_:)), #selector(UIViewController.lifeline_viewWillDisappear(_:))),
            (#selector(UIViewController.viewDidDisappear(_:)), #selector(UIViewController.lifeline_viewDidDisappear(_:))),
            (#selector(UIViewController.willMove(toParent:)), #selector(UIViewController.lifeline_willMove(toParent:))),
            (#selector(UIViewController.didMove(toParent:)), #selector(UIViewController.lifeline_didMove(toParent:))),
            (#selector(UIViewController.addChild(_:)), #selector(UIViewController.lifeline_addChild(_:))),
            (#selector(UIViewController.removeFromParent), #selector(UIViewController.lifeline_removeFromParent)),
        ]
        if options.layout {
            pairs += [
                (#selector(UIViewController.viewWillLayoutSubviews), #selector(UIViewController.lifeline_viewWillLayoutSubviews)),
                (#selector(UIViewController.viewDidLayoutSubviews), #selector(UIViewController.lifeline_viewDidLayoutSubviews)),
            ]
        }
        for (original, replacement) in pairs { exchange(UIViewController.self, original, replacement) }
        if options.observers {
            exchange(NotificationCenter.self, #selector(NotificationCenter.addObserver(_:selector:name:object:)),
                     #selector(NotificationCenter.lifeline_addObserver(_:selector:name:object:)))
            exchange(NotificationCenter.self, #selector(NotificationCenter.removeObserver(_:name:object:)),
                     #selector(NotificationCenter.lifeline_removeObserver(_:name:object:)))
            exchange(NotificationCenter.self, #selector(NotificationCenter.removeObserver(_:)),
                     #selector(NotificationCenter.lifeline_removeObserver(_:)))
        }
    }

    /// Swaps two methods of `type`: calls of `original` run `replacement`, which calls `original` by its own name.
    private static func exchange(_ type: AnyClass, _ original: Selector, _ replacement: Selector) {
        guard let originalMethod = class_getInstanceMethod(type, original),
              let replacementMethod = class_getInstanceMethod(type, replacement) else {
            assertionFailure("LifelineTracing: \(type) has no \(original)")
            return
        }
        method_exchangeImplementations(originalMethod, replacementMethod)
    }

    /// Logs `message` about `controller` unless its class is skipped; the first time, ties a sentinel to it that logs
    /// its `deinit`.
    fileprivate static func trace(_ controller: UIViewController, _ message: String) {
        guard let options else { return }
        let className = NSStringFromClass(type(of: controller))
        guard !options.skippedPrefixes.contains(where: { className.hasPrefix($0) }) else { return }
        let described = describe(controller)
        if objc_getAssociatedObject(controller, &sentinelKey) == nil {
            objc_setAssociatedObject(controller, &sentinelKey, DeinitSentinel(described), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        emit(described, message)
    }

    /// Writes one line: the controller's description, a space, the message.
    fileprivate static func emit(_ described: String, _ message: String) {
        let line = described + " " + message
        switch options?.output ?? .unifiedLog {
        case .unifiedLog: logger.log("\(line, privacy: .public)")
        case .standardOutput: print(line)
        }
    }

    /// `<Module.Class: 0xADDRESS>` as UIKit prints it, built here so that an overridden `description` changes nothing;
    /// `nil` for no object.
    fileprivate static func describe(_ object: AnyObject?) -> String {
        guard let object else { return "nil" }
        let address = String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
        return "<\(NSStringFromClass(type(of: object))): 0x\(address)>"
    }
}

/// Released with its controller (associated objects go when their owner is deallocated), it logs the `deinit`.
private final class DeinitSentinel {
    let described: String

    init(_ described: String) { self.described = described }

    deinit { LifelineTracing.emit(described, "deinit") }
}

// Each replacement logs, then calls the original: after `exchange`, its own name leads to UIKit's implementation.
extension UIViewController {
    @objc fileprivate dynamic func lifeline_loadView() {
        LifelineTracing.trace(self, "loadView")
        lifeline_loadView()
    }

    @objc fileprivate dynamic func lifeline_viewDidLoad() {
        LifelineTracing.trace(self, "viewDidLoad")
        lifeline_viewDidLoad()
    }

    @objc fileprivate dynamic func lifeline_viewWillAppear(_ animated: Bool) {
        LifelineTracing.trace(self, "viewWillAppear animated=\(animated ? 1 : 0)")
        lifeline_viewWillAppear(animated)
    }

    @objc fileprivate dynamic func lifeline_viewIsAppearing(_ animated: Bool) {
        LifelineTracing.trace(self, "viewIsAppearing animated=\(animated ? 1 : 0)")
        lifeline_viewIsAppearing(animated)
    }

    @objc fileprivate dynamic func lifeline_viewDidAppear(_ animated: Bool) {
        LifelineTracing.trace(self, "viewDidAppear animated=\(animated ? 1 : 0)")
        lifeline_viewDidAppear(animated)
    }

    @objc fileprivate dynamic func lifeline_viewWillDisappear(_ animated: Bool) {
        LifelineTracing.trace(self, "viewWillDisappear animated=\(animated ? 1 : 0)")
        lifeline_viewWillDisappear(animated)
    }

    @objc fileprivate dynamic func lifeline_viewDidDisappear(_ animated: Bool) {
        LifelineTracing.trace(self, "viewDidDisappear animated=\(animated ? 1 : 0)")
        lifeline_viewDidDisappear(animated)
    }

    @objc fileprivate dynamic func lifeline_viewWillLayoutSubviews() {
        LifelineTracing.trace(self, "viewWillLayoutSubviews")
        lifeline_viewWillLayoutSubviews()
    }

    @objc fileprivate dynamic func lifeline_viewDidLayoutSubviews() {
        LifelineTracing.trace(self, "viewDidLayoutSubviews")
        lifeline_viewDidLayoutSubviews()
    }

    @objc fileprivate dynamic func lifeline_willMove(toParent parent: UIViewController?) {
        LifelineTracing.trace(self, "willMove toParent=\(LifelineTracing.describe(parent))")
        lifeline_willMove(toParent: parent)
    }

    @objc fileprivate dynamic func lifeline_didMove(toParent parent: UIViewController?) {
        LifelineTracing.trace(self, "didMove toParent=\(LifelineTracing.describe(parent))")
        lifeline_didMove(toParent: parent)
    }

    @objc fileprivate dynamic func lifeline_addChild(_ child: UIViewController) {
        LifelineTracing.trace(self, "addChild child=\(LifelineTracing.describe(child))")
        lifeline_addChild(child)
    }

    @objc fileprivate dynamic func lifeline_removeFromParent() {
        LifelineTracing.trace(self, "removeFromParent")
        lifeline_removeFromParent()
    }
}

// Observers count only when the observer is a view controller. Removing by no name removes all of its observers.
extension NotificationCenter {
    @objc fileprivate dynamic func lifeline_addObserver(_ observer: Any, selector: Selector, name: NSNotification.Name?, object: Any?) {
        if let controller = observer as? UIViewController {
            let observed = name?.rawValue ?? "*"
            LifelineTracing.trace(controller, "addObserver name=\(observed)")
        }
        lifeline_addObserver(observer, selector: selector, name: name, object: object)
    }

    @objc fileprivate dynamic func lifeline_removeObserver(_ observer: Any, name: NSNotification.Name?, object: Any?) {
        if let controller = observer as? UIViewController {
            if let name {
                LifelineTracing.trace(controller, "removeObserver name=\(name.rawValue)")
            } else {
                LifelineTracing.trace(controller, "removeObserver self")
            }
        }
        lifeline_removeObserver(observer, name: name, object: object)
    }

    @objc fileprivate dynamic func lifeline_removeObserver(_ observer: Any) {
        if let controller = observer as? UIViewController {
            LifelineTracing.trace(controller, "removeObserver self")
        }
        lifeline_removeObserver(observer)
    }
}
#endif
