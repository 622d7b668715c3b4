/// What a file teaches about its labels, in trace order: once a name that does not read as a controller's shows a
/// callback no prose uses (`C1 viewDidLoad`), the file has vouched that it names a controller, and that name's
/// callbacks that are also ordinary words (`C1 willMoveToParent:container`, `Z-orphan dealloc`) are events. Without
/// that word they are not (`[Step] addChildViewController:`, `-[Person dealloc]`, `Network init complete`).
///
/// A print statement vouches the same way: once a label line's print site (`PrintSite.fingerprint`) has shown a
/// callback no prose uses (`[LC] HomeVC viewDidLoad`), its lines with an ordinary word are events too (`[LC] Q7
/// dealloc`), whatever name they print.
///
/// The vouching line may come a little after the line it vouches for (a container logs `willMove` before the
/// child's `viewDidLoad`): such a line is held, with the items after it, for `lookAhead` lines at most. So the
/// items come out in their order, each once, with whether it was kept. Memory: the vouched names and print sites
/// of the file (at most `capacity` of each) and the items of `lookAhead` lines.
struct LabelVouching<Item> {
    struct Name: Hashable {
        let process: ProcessKey
        let name: ControllerName
    }

    /// A print site of one process.
    struct Site: Hashable {
        let process: ProcessKey
        let fingerprint: UInt32
    }

    /// What let a line that needed vouching in: the line that vouched for its name, or for its print site.
    enum Voucher: Equatable {
        case name(line: Int)
        case printSite(line: Int)
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
            // A print site that showed a callback vouches for its other lines, whatever name they print.
            (["[LC] HomeVC viewDidLoad", "[LC] Q7 dealloc"], ["1 viewDidLoad HomeVC", "2 dealloc Q7"]),
            (["[LC] Q7 willMoveToParent:nil", "[LC] HomeVC viewDidLoad"], ["1 willMove Q7", "2 viewDidLoad HomeVC"]),
            (["09:00:01.120 → HomeVC viewDidAppear #1", "09:00:02.415 → Q7 deinit #2"], ["1 viewDidAppear HomeVC", "2 dealloc Q7"]),
            // Another print site, or a shape with no words of its own, vouches for nothing.
            (["[LC] HomeVC viewDidLoad", "[Net] Q7 dealloc"], ["1 viewDidLoad HomeVC"]),
            (["HomeVC viewDidLoad", "Q7 dealloc"], ["1 viewDidLoad HomeVC"]),
            (["-[HomeVC viewDidLoad]", "-[Person dealloc]"], ["1 viewDidLoad HomeVC"]),
        ]
    }

    /// Lines a held item waits for a vouching line.
    let lookAhead: Int
    static var capacity: Int { 4096 }

    /// The vouched names and print sites, with the line that vouched for each.
    private var vouched: [Name: Int] = [:]
    private var vouchedSites: [Site: Int] = [:]
    /// Held items; `needs`: the item's label needs vouching, `waits`: and nothing vouched for it yet.
    private var held: [(item: Item, line: Int, needs: Bool, waits: Bool, name: Name?, site: Site?)] = []
    private var firstHeld = 0
    /// Items that waited in vain.
    private(set) var refused = 0

    init(lookAhead: Int = 16) { self.lookAhead = lookAhead }

    /// Whether an item without a role may skip `take` (nothing is held).
    var isIdle: Bool { firstHeld == held.count }

    /// What became of an item.
    enum Decision: Equatable {
        /// Its label needed no vouching.
        case kept
        case vouched(Voucher)
        /// Its label needed vouching and nothing vouched for it in time.
        case refused

        var isKept: Bool { self != .refused }
    }

    /// What let in a line of `name` at `site` that needed vouching, if anything did.
    private func voucher(of name: Name?, site: Site?) -> Voucher? {
        if let name, let line = vouched[name] { return .name(line: line) }
        if let site, let line = vouchedSites[site] { return .printSite(line: line) }
        return nil
    }

    /// Learns that `site` showed a callback at `line` (a `showsPrintSite` line, which the caller need not `take`
    /// while the gate is idle).
    mutating func learn(_ site: Site?, line: Int) {
        guard let site, vouchedSites.count < Self.capacity, vouchedSites[site] == nil else { return }
        vouchedSites[site] = line
        for index in firstHeld..<held.count where held[index].waits && held[index].site == site { held[index].waits = false }
    }

    /// Takes the next item, at `line`, with its label's role, name and print site; calls `release` with the items
    /// that are decided, in order, and whether each is kept.
    mutating func take(_ item: Item, line: Int, role: LabelVouchingRole, name: Name?, site: Site? = nil,
                       release: (Item, Decision) -> Void) {
        if !isIdle { releaseDecided(before: line, release) }  // what waited too long is decided before this line vouches
        var waits = false
        switch role {
        case .none:
            break
        case .showsPrintSite:
            learn(site, line: line)
        case .vouches:
            learn(site, line: line)
            if let name, vouched.count < Self.capacity, vouched[name] == nil {
                vouched[name] = line
                for index in firstHeld..<held.count where held[index].waits && held[index].name == name { held[index].waits = false }
            }
        case .needsVouching:
            waits = name != nil && voucher(of: name, site: site) == nil
        }
        let needs = role == .needsVouching && name != nil
        if isIdle, !waits || lookAhead == 0 {
            if waits { refused += 1 }
            release(item, decision(needs: needs, name: name, site: site))
            return
        }
        held.append((item, line, needs, waits, name, site))
        releaseDecided(before: line, release)
    }

    private func decision(needs: Bool, name: Name?, site: Site?) -> Decision {
        guard needs else { return .kept }
        return voucher(of: name, site: site).map(Decision.vouched) ?? .refused
    }

    /// Releases every item still held (the input ended): those still waiting are not kept.
    mutating func finish(release: (Item, Decision) -> Void) { releaseDecided(before: Int.max, release) }

    private mutating func releaseDecided(before line: Int, _ release: (Item, Decision) -> Void) {
        while firstHeld < held.count {
            let first = held[firstHeld]
            if first.waits {
                guard line == Int.max || line - first.line > lookAhead else { break }
                refused += 1
            }
            release(first.item, decision(needs: first.needs, name: first.name, site: first.site))
            firstHeld += 1
        }
        if firstHeld == held.count {
            held.removeAll(keepingCapacity: true)
            firstHeld = 0
        }
    }
}

extension LabelVouching.Site {
    /// The print site `fingerprint` of `process`; nil for 0, a line with no print site.
    init?(process: ProcessKey, printSite fingerprint: UInt32) {
        guard fingerprint != 0 else { return nil }
        self.init(process: process, fingerprint: fingerprint)
    }

    /// The print site of `event`'s line, if it has one.
    init?(_ event: LifecycleEvent) { self.init(process: event.process, printSite: event.printSite) }
}
