/// Notification observers out of balance per controller and name.
public struct ObserverBalanceRule: Rule {
    public init() {}
    /// Observer lines are judged once their callback's body closes.
    public static let checkedEvents = EventFilter(moments: .bodies)
    /// Observers whose removal in a disappearance was reported as out of their loading scope, by serial and
    /// name: reported once per instance.
    private var reportedScopeMismatch: [Int: Set<String>] = [:]

    public static let description = RuleDescription(
        identifier: "observer-balance",
        severity: .warning,
        summary: "a notification observer is added and removed in mismatched callbacks",
        explanation: """
        Register and unregister in matching scopes: viewWillAppear or viewDidAppear ↔ viewDidDisappear, \
        viewDidLoad or init ↔ deinit. Mixed scopes leak or double-register: added on each appearance and not removed \
        on disappearance (the observer count grows per cycle and handlers run for off-screen controllers); added \
        once in viewDidLoad but removed in viewDidDisappear (later appearances run unobserved); still registered \
        at deinit (block-based observers are never removed); removed more often than added. An observer line \
        belongs to the callback logged before it on the same thread, so balance is judged when the next \
        callback arrives. A repeat add after a cancelled interactive transition is only info. Fix: \
        choose one pair of scopes per observer, and make add/remove idempotent.
        """,
        triggeringExamples: [
            """
            2016-04-27 10:54:00.000 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)
            2016-04-27 10:54:00.001 Shop[4089:361037] addObserver CartDidChange
            2016-04-27 10:54:00.300 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidAppear(_:)
            2016-04-27 10:54:04.000 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewWillDisappear(_:)
            ↓2016-04-27 10:54:04.400 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidDisappear(_:)
            2016-04-27 10:54:20.000 Shop[4089:361037] <Shop.ListViewController: 0x7fa1c8d09e00> viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            addObserver KeyboardWillShow
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            ↓<Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            removeObserver KeyboardWillShow
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            addObserver CartDidChange
            ↓<Shop.CartViewController: 0x7f01> deinit
            <Shop.ListViewController: 0x7f02> viewWillAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> init(coder:)
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            ↓removeObserver CartDidChange
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            addObserver CartDidChange
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            <Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            removeObserver CartDidChange
            <Shop.CartViewController: 0x7f01> deinit
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            addObserver CartDidChange
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> deinit
            removeObserver CartDidChange
            """,
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            addObserver CartDidChange
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    NotificationCenter.default.addObserver(self, selector: #selector(cartDidChange(_:)),
                                                           name: .cartDidChange, object: nil)
                }

                override func viewDidDisappear(_ animated: Bool) {
                    super.viewDidDisappear(animated)
                    NotificationCenter.default.removeObserver(self, name: .cartDidChange, object: nil)
                }
                """,
            objectiveC: """
                - (void)viewWillAppear:(BOOL)animated {
                    [super viewWillAppear:animated];
                    [NSNotificationCenter.defaultCenter addObserver:self selector:@selector(cartDidChange:)
                                                               name:CartDidChangeNotification object:nil];
                }

                - (void)viewDidDisappear:(BOOL)animated {
                    [super viewDidDisappear:animated];
                    [NSNotificationCenter.defaultCenter removeObserver:self name:CartDidChangeNotification object:nil];
                }
                """))

    public mutating func check(_ moment: InstanceMoment, on instance: Instance, in context: RuleContext) {
        guard case .bodyClosed(let body) = moment, !instance.observers.isEmpty else { return }
        let ref = instance.key.ref
        var scope: String { body.callback.map { " in \($0.rawValue)" } ?? "" }  // built only for a finding
        Self.forEachDistinct(body.touchedObservers) { name in
            guard let entry = instance.observers[name] else { return }
            if entry.count < 0, instance.seenFromBirth {
                context.report("\(ref) removeObserver \(name)\(scope) without a matching addObserver", on: instance,
                               line: lastLine(of: name, in: instance, fallback: body.line, context), event: .removeObserver)
            } else if entry.count > 1 {
                let cancelled = entry.cancelledSinceAdd
                context.report("\(ref) addObserver \(name)\(scope) while still registered since line \(entry.addedLine)"
                                   + (cancelled ? " (after a cancelled transition)" : ": the observer count grows each time"),
                               on: instance, line: lastLine(of: name, in: instance, fallback: body.line, context), event: .addObserver,
                               severity: cancelled ? .info : nil)
            }
        }
        switch body.callback {
        case .viewDidDisappear?:
            for (name, entry) in sorted(instance.observers, where: { $0.count > 0 && $0.addedIn.map(Instance.isAppearanceScope) == true }) {
                context.report("\(ref) observer \(name) added in \(entry.addedIn!.rawValue) at line \(entry.addedLine) is still registered after viewDidDisappear",
                               on: instance, line: body.line, event: .addObserver, extraEvidence: entry.proof)
            }
            fallthrough
        case .viewWillDisappear?:
            Self.forEachDistinct(body.removedObservers) { name in
                guard let entry = instance.observers[name], let added = entry.addedIn, Instance.isLoadScope(added),
                      reportedScopeMismatch[instance.serial, default: []].insert(name).inserted else { return }
                context.report("\(ref) observer \(name) added once in \(added.rawValue) (line \(entry.addedLine)) is removed in \(body.callback!.rawValue): later appearances run unobserved",
                               on: instance, line: body.line, event: .removeObserver, extraEvidence: entry.proof)
            }
        case .dealloc?:
            for (name, entry) in sorted(instance.observers, where: { $0.count > 0 }) {
                context.report("\(ref) observer \(name) added at line \(entry.addedLine) is still registered when it deallocates",
                               on: instance, line: body.line, event: .addObserver, extraEvidence: entry.proof)
            }
        default:
            break
        }
    }

    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if !reportedScopeMismatch.isEmpty { reportedScopeMismatch[instance.serial] = nil }
    }

    /// Calls `body` with each name once, in the order first touched. Bodies touch one or two names: a scan of
    /// those before beats building a set or a new array; a body that touches many (a controller registering
    /// thousands of names) takes a set, so the work stays linear.
    private static func forEachDistinct(_ names: [String], _ body: (String) -> Void) {
        guard names.count > ObserverTable.indexedCount else {
            for (index, name) in names.enumerated() where !names[..<index].contains(name) { body(name) }
            return
        }
        var seen = Set<String>(minimumCapacity: names.count)
        for name in names where seen.insert(name).inserted { body(name) }
    }

    /// The observers that match, by name (most bodies have none: nothing is sorted then).
    private func sorted(_ observers: ObserverTable, where matches: (ObserverEntry) -> Bool) -> [(String, ObserverEntry)] {
        guard observers.containsEntry(where: matches) else { return [] }
        return observers.filter { matches($0.value) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private func lastLine(of name: String, in instance: Instance, fallback: Int, _ context: RuleContext) -> Int {
        context.recentLines(of: instance).last(where: { $0.text.contains(name) })?.line ?? fallback
    }
}

extension ObserverEntry {
    /// The line that added the observer, as evidence.
    var proof: EvidenceLine { EvidenceLine(line: addedLine, text: addedText) }
}
