/// What a file teaches about its labels, in trace order: once a name that does not read as a controller's shows a
/// callback no prose uses (`C1 viewDidLoad`), the file has vouched that it names a controller, and that name's
/// callbacks that are also ordinary words (`C1 willMoveToParent:container`, `Z-orphan dealloc`) are events. Without
/// that word they are not (`[Step] addChildViewController:`, `-[Person dealloc]`, `Network init complete`).
///
/// The vouching line may come a little after the line it vouches for (a container logs `willMove` before the
/// child's `viewDidLoad`): such a line is held, with the items after it, for `lookAhead` lines at most. So the
/// items come out in their order, each once, with whether it was kept. Memory: the vouched names of the file
/// (at most `capacity`) and the items of `lookAhead` lines.
struct LabelVouching<Item> {
    struct Name: Hashable {
        let process: ProcessKey
        let name: ControllerName
    }

    /// Logs and the events each must yield (`line callback controller`); one generic test runs them, whatever the
    /// chunks the log is parsed in.
    static var samples: [(log: [String], events: [String])] {
        [
            (["  C1 willMoveToParent:container", "  C1 viewDidLoad"], ["1 willMove C1", "2 viewDidLoad C1"]),
            (["C1 viewDidLoad", "C1 didMoveToParent:", "C1 dealloc"], ["1 viewDidLoad C1", "2 didMove C1", "3 dealloc C1"]),
            (["[Step] addChildViewController:", "  C1 viewDidLoad", "[Step] didMoveToParentViewController:"], ["2 viewDidLoad C1"]),
            (["-[Person init]", "-[Person dealloc]"], []),
            (["Network init complete", "Network ready"], []),
            (["Z9 dealloc"] + Array(repeating: "tick", count: 16) + ["Z9 viewDidLoad"], ["18 viewDidLoad Z9"]),
            (["Z9 dealloc"] + Array(repeating: "tick", count: 15) + ["Z9 viewDidLoad"], ["1 dealloc Z9", "17 viewDidLoad Z9"]),
        ]
    }

    /// Lines a held item waits for a vouching line.
    let lookAhead: Int
    static var capacity: Int { 4096 }

    private var vouched = Set<Name>()
    private var held: [(item: Item, line: Int, waitsFor: Name?)] = []
    private var firstHeld = 0
    /// Items that waited in vain.
    private(set) var refused = 0

    init(lookAhead: Int = 16) { self.lookAhead = lookAhead }

    /// Whether an item without a role may skip `take` (nothing is held).
    var isIdle: Bool { firstHeld == held.count }

    /// Takes the next item, at `line`, with its label's role and name; calls `release` with the items that are
    /// decided, in order, and whether each is kept.
    mutating func take(_ item: Item, line: Int, role: LabelVouchingRole, name: Name?, release: (Item, Bool) -> Void) {
        if !isIdle { releaseDecided(before: line, release) }  // what waited too long is decided before this line vouches
        var waitsFor: Name?
        switch role {
        case .none:
            break
        case .vouches:
            if let name, vouched.count < Self.capacity, vouched.insert(name).inserted {
                for index in firstHeld..<held.count where held[index].waitsFor == name { held[index].waitsFor = nil }
            }
        case .needsVouching:
            if let name, !vouched.contains(name) { waitsFor = name }
        }
        if isIdle, waitsFor == nil || lookAhead == 0 {
            if waitsFor != nil { refused += 1 }
            release(item, waitsFor == nil)
            return
        }
        held.append((item, line, waitsFor))
        releaseDecided(before: line, release)
    }

    /// Releases every item still held (the input ended): those still waiting are not kept.
    mutating func finish(release: (Item, Bool) -> Void) { releaseDecided(before: Int.max, release) }

    private mutating func releaseDecided(before line: Int, _ release: (Item, Bool) -> Void) {
        while firstHeld < held.count {
            let first = held[firstHeld]
            if first.waitsFor != nil {
                guard line == Int.max || line - first.line > lookAhead else { break }
                refused += 1
            }
            release(first.item, first.waitsFor == nil)
            firstHeld += 1
        }
        if firstHeld == held.count {
            held.removeAll(keepingCapacity: true)
            firstHeld = 0
        }
    }
}
