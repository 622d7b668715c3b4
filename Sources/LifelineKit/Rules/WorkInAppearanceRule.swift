/// Network or database work started in appearance callbacks of one instance more than once.
public struct WorkInAppearanceRule: Rule {
    public init() {}
    public static let checkedEvents = EventFilter(appEvents: true, appEventNames: [eventName])

    /// The app event this rule counts; rules of the configuration may name it too.
    public static let eventName = "work"
    /// The callbacks the rule counts work in.
    static let appearanceCallbacks = CallbackSet([.viewWillAppear, .viewIsAppearing, .viewDidAppear])

    /// Log shapes of starting network or database work, case as apps and libraries print them: URLSession and
    /// its data tasks, Alamofire (`AF.request`), fetch and request words (`Fetching products`, `fetchProducts()`,
    /// `Request GET …`), `query`, FMDB's `executeQuery`, Core Data fetch requests and its SQL debug output
    /// (`CoreData: sql: SELECT … FROM …`), SQL inserts, and an HTTP method before a URL.
    public static let defaultPattern = #"\bURLSession|\bdataTask\b|\bAlamofire\b|\bAF\.request\b|\bfetch|\bFetch|\brequest(?:ing|ed|s)?\b|\bRequest(?:ing|ed|s)?\b|\bquery\b|\bQuery\b|\bexecuteQuery\b|\bNSFetchRequest\b|\bexecuteFetchRequest\b|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bGET https?://|\bPOST https?://|\bPUT https?://|\bPATCH https?://|\bDELETE https?://"#

    public static let description = RuleDescription(
        identifier: "work-in-appearance",
        severity: .warning,
        summary: "network or database work started in more than one appearance callback of one instance",
        explanation: """
        viewWillAppear, viewIsAppearing and viewDidAppear run on every appearance: after every pop back, tab \
        switch, dismissed sheet and cancelled swipe. Work started there (a request, a fetch, a query) runs \
        again each time, costing data and battery and racing the results already on screen. Lifeline counts the \
        appearance callbacks of each instance in which a line matching the work pattern was logged (the line \
        belongs to the last callback logged on its thread); more than one is reported, with the count. Fix: start \
        the work once, in viewDidLoad, or refresh only when the data is stale. The pattern is configurable: \
        "rules": { "work-in-appearance": { "pattern": "REGEX" } }.
        """,
        triggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.110 Shop[4089:51117] Fetching products from https://api.example.com/products
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:48.000 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:48.300 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidDisappear(_:)
            2024-03-01 10:49:50.000 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            ↓2024-03-01 10:49:50.010 Shop[4089:51117] Fetching products from https://api.example.com/products
            """,
            """
            ProductsVC viewDidAppear
            [Alamofire] AF.request GET https://api.example.com/cart
            ProductsVC viewWillDisappear
            ProductsVC viewDidDisappear
            ProductsVC viewWillAppear
            ProductsVC viewDidAppear
            ↓[Alamofire] AF.request GET https://api.example.com/cart
            """,
        ],
        nonTriggeringExamples: [
            """
            2024-03-01 10:49:46.000 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidLoad()
            2024-03-01 10:49:46.010 Shop[4089:51117] Fetching products from https://api.example.com/products
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.300 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:46.400 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidDisappear(_:)
            2024-03-01 10:49:46.500 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            """,
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.110 Shop[4089:51117] Fetching products from https://api.example.com/products
            2024-03-01 10:49:46.120 Shop[4089:51140] <Shop.CartVC: 0x7f02> viewWillAppear(_:)
            2024-03-01 10:49:46.130 Shop[4089:51140] Fetching cart from https://api.example.com/cart
            """,
        ],
        fix: RuleFix(
            swift: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    loadProducts()  // once per instance, not in viewWillAppear
                }

                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    if products.isStale { loadProducts() }  // refresh only what is out of date
                }
                """,
            objectiveC: """
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self loadProducts];  // once per instance, not in viewWillAppear
                }

                - (void)viewWillAppear:(BOOL)animated {
                    [super viewWillAppear:animated];
                    if (self.products.isStale) { [self loadProducts]; }  // refresh only what is out of date
                }
                """),
        appEvent: RuleAppEvent(name: eventName, defaultPattern: defaultPattern, readInside: appearanceCallbacks))

    /// Per instance serial: the appearance callbacks (their lines) that started work, and the second one's work line.
    private var starts = IntMap<(callbackLines: [Int], second: SeenEvent?)>()

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard let app = event.kind.appEvent, app.name == Self.eventName, let callback = app.callback,
              Self.appearanceCallbacks.contains(callback),
              let callbackLine = app.callbackLine else { return }
        var entry = starts[instance.serial] ?? ([], nil)
        guard entry.callbackLines.last != callbackLine else { return }  // the same callback starting more work
        entry.callbackLines.append(callbackLine)
        if entry.callbackLines.count == 2 {
            entry.second = SeenEvent(line: event.line, time: event.time, text: context.text(of: event), instance: InstanceMark(instance))
        }
        starts[instance.serial] = entry
    }

    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        guard let entry = starts.removeValue(forKey: instance.serial), let second = entry.second else { return }
        let lines = entry.callbackLines.prefix(5).map(String.init).joined(separator: ", ") + (entry.callbackLines.count > 5 ? ", …" : "")
        context.report("\(instance.key.ref) started network or database work in \(entry.callbackLines.count) appearance callbacks "
                       + "(lines \(lines)): it runs again on every appearance", on: second.instance, line: second.line,
                       time: second.time, event: .app(Self.eventName), extraEvidence: EvidenceLine(line: second.line, text: second.text))
    }
}
