/// A lifecycle callback in canonical form, whatever dialect logged it.
public enum Callback: String, CaseIterable, Sendable, Hashable {
    case `init`, loadView, viewDidLoad
    case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews, updateViewConstraints
    case willMove, didMove, addChild, removeFromParent
    case viewWillUnload, viewDidUnload
    case dealloc, didReceiveMemoryWarning, viewWillTransition, traitCollectionDidChange

    /// Spellings in every dialect, first letter lower-cased (C# `ViewDidLoad` is looked up as `viewDidLoad`).
    /// ObjC selectors and Swift names are stored without their `:`/`(…)` argument parts.
    var spellings: [String] {
        switch self {
        case .`init`: return ["init", "initWithNibName", "initWithCoder", "awakeFromNib"]
        case .dealloc: return ["dealloc", "deinit", "dispose", "deallocated", "deinitialized", "deinited"]
        case .willMove: return ["willMove", "willMoveToParentViewController", "willMoveToParent"]
        case .didMove: return ["didMove", "didMoveToParentViewController", "didMoveToParent"]
        case .addChild: return ["addChild", "addChildViewController"]
        case .removeFromParent: return ["removeFromParent", "removeFromParentViewController"]
        case .viewWillTransition: return ["viewWillTransition", "viewWillTransitionToSize"]
        default: return [rawValue]
        }
    }

    /// Words common enough in ordinary prose that a bare label before them must look like a controller.
    var isCommonWord: Bool {
        switch self {
        case .`init`, .dealloc, .addChild, .removeFromParent, .willMove, .didMove: return true
        default: return false
        }
    }

    /// Spellings of a common word's callback that only UIViewController has (UIView and SpriteKit's nodes have
    /// `willMove(toSuperview:)`, `addChild`, `removeFromParent`; every object has `init` and `dealloc`).
    private static let controllerOnlySpellings: [StaticString] = [
        "willMoveToParentViewController", "didMoveToParentViewController", "addChildViewController",
        "removeFromParentViewController", "initWithNibName",
    ]

    /// Whether the callback word `b[word]`, with its argument syntax up to `afterSyntax`, is a spelling only a view
    /// controller has: `willMoveToParentViewController:` or Swift's `willMove(toParent:)`.
    func isControllerOnly(spelling b: Bytes, _ word: Range<Int>, afterSyntax: Int) -> Bool {
        guard isCommonWord else { return false }
        if Self.controllerOnlySpellings.contains(where: { $0.utf8CodeUnitCount == word.count && b.matches($0, at: word.lowerBound) }) {
            return true
        }
        return (self == .willMove || self == .didMove) && afterSyntax - word.upperBound > 9 && b.matches("(toParent", at: word.upperBound)
    }

    /// Appearance-state callbacks.
    var isAppearance: Bool {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: return true
        default: return false
        }
    }

    /// Layout callbacks.
    var isLayout: Bool {
        self == .viewWillLayoutSubviews || self == .viewDidLayoutSubviews || self == .updateViewConstraints
    }

    /// Callbacks that take a controller argument (the new parent, or the child for `addChild`).
    var takesControllerArgument: Bool { self == .willMove || self == .didMove || self == .addChild }

    /// The position in `allCases`, which sets and tables index by on every event: the case's own number, which
    /// Swift gives a payload-free enum's cases in declaration order, the order `allCases` lists them in (a one-byte
    /// read; `CallbackTests` checks it for every case).
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// Every callback at its `ordinal`.
    static let byOrdinal: [Callback] = allCases

    /// The first callbacks of an instance's life: seen after a dealloc they start a new instance.
    var beginsLife: Bool { self == .`init` || self == .loadView || self == .viewDidLoad }
}

/// A set of callbacks as a bit mask (what a class has been seen to log).
public struct CallbackSet: Sendable, Equatable {
    private var bits: UInt32 = 0
    public init() {}
    public init(_ callbacks: some Sequence<Callback>) { for callback in callbacks { insert(callback) } }
    public func contains(_ callback: Callback) -> Bool { bits & Self.bit(callback) != 0 }
    public mutating func insert(_ callback: Callback) { bits |= Self.bit(callback) }
    public var isEmpty: Bool { bits == 0 }
    private static func bit(_ callback: Callback) -> UInt32 { 1 << UInt32(callback.ordinal) }
}
