/// What tells a hand-typed label from prose, tags and code, in one table: the limits and word classes `LabelText`
/// reads labels by, and each rule's sample lines with the controller they must name (nil: none, the line is no
/// event of a named controller). One generic test runs every rule's samples.
enum LabelRules {
    /// Longest label taken as a controller name, in bytes and in words; longer text before a callback is prose.
    static let maxLength = 64
    static let maxWords = 5

    /// Words that make the text before a callback a sentence rather than a label (`Will call viewWillAppear`).
    static let proseWords: Set<String> = [
        "an", "the", "is", "was", "are", "be", "at", "on", "in", "of", "to", "for", "from", "after", "before",
        "during", "inside", "into", "call", "calls", "called", "calling", "when", "while", "then", "and", "or", "not",
        "because", "since", "until", "unless", "if", "without", "upon",
        "super", "will", "should", "did", "does", "do", "has", "have", "with", "by", "we", "it", "this", "that",
        // Code pasted into a log is not a label: `override func viewDidLoad()`, `public override void ViewDidLoad()`.
        "override", "func", "void", "public", "private", "protected", "internal", "self", "base", "return",
        // Calling, in other languages that space their words: `Вызов viewDidLoad` is a sentence about a call.
        "вызов", "вызвать", "вызываем", "вызывается", "вызываю", "llamar", "llamada", "llamo", "appel", "appeler",
        "appelle", "aufruf", "aufrufen", "chiamata", "chiamare", "chamada", "chamar",
    ]

    /// Calling, in scripts that do not space their words, found anywhere in a label: `手动调用 viewDidAppear` (call
    /// viewDidAppear by hand) is a sentence about a call, where `首页 viewDidLoad` names a screen.
    static let callWordsInRuns = ["调用", "調用", "呼び出", "呼出", "호출"]

    /// Words between a label and its callback that are dropped: `HomeVC is deallocated`, `HomeVC got viewDidLoad`.
    static let linkingWords: [StaticString] = ["is", "was", "got", "gets", "get", "been", "being", "has"]

    /// Log levels as loggers print them before the message, in capitals: tags, not labels.
    static let logLevels: Set<String> = [
        "TRACE", "VERBOSE", "DEBUG", "INFO", "NOTICE", "WARN", "WARNING", "ERROR", "FAULT", "CRITICAL", "FATAL",
    ]

    /// Source file extensions `#file` and `__FILE__` print: `HomeVC.swift:42` labels `HomeVC`.
    static let fileExtensions: [StaticString] = [".swift", ".mm", ".m", ".cs"]

    struct Entry: Sendable {
        let name: String
        let samples: [(line: String, controller: String?)]
    }

    static let rules: [Entry] = [
        Entry(name: "a label is the run of letters, digits, `_` and `.` nearest the callback; other characters separate", samples: [
            ("vc1 – loadView", "vc1"), ("HomeVC -> viewWillAppear", "HomeVC"), ("🟢HomeVC🔵viewDidAppear!", "HomeVC"), ("首页 viewDidLoad", "首页"),
        ]),
        Entry(name: "single spaces join words, and a hyphen between letters or digits joins them too", samples: [
            ("Third VC: viewWillDisappear(_:)", "Third VC"), (" 2731.48  Z-orphan viewDidAppear", "Z-orphan"), ("Split-View viewDidLoad", "Split-View"),
        ]),
        Entry(name: "at most \(maxWords) words and \(maxLength) bytes; longer is a sentence", samples: [
            ("Table view controller viewDidLoad called", "Table view controller"),
            ("now we are finally about to see the screen viewDidAppear", nil),
        ]),
        Entry(name: "a prose word makes a sentence", samples: [
            ("Will call viewWillAppear on child", nil), ("I think the crash happens somewhere in viewDidLoad", nil),
        ]),
        Entry(name: "a word for calling, in any language, makes a sentence about a call", samples: [
            ("手动调用 viewDidAppear", nil), ("Вызов viewDidLoad", nil), ("手動で呼び出し viewWillAppear", nil),
            ("首页 viewDidLoad", "首页"),
        ]),
        Entry(name: "linking words between label and callback are dropped", samples: [
            ("HomeVC got viewDidLoad", "HomeVC"),
        ]),
        Entry(name: "log levels in capitals, `Lifecycle`, times and numbers are tags, not labels", samples: [
            ("[DEBUG] viewDidLoad()", "(unlabelled controller)"), ("LIFECYCLE HomeVC viewDidLoad", "HomeVC"),
            ("11:02:03.456 DetailVC viewDidLoad", "DetailVC"),
        ]),
        Entry(name: "a source file's name labels its type", samples: [
            ("HomeVC.swift:42 viewDidLoad()", "HomeVC"), ("Shop/HomeVC.swift 27 viewDidLoad()", "HomeVC"),
        ]),
        Entry(name: "text that names another callback is no label", samples: [
            ("1. viewDidLoad → 2. viewWillAppear", nil), ("=> loadView 共 2 次，viewDidLoad 共 2 次", nil),
        ]),
        Entry(name: "words of another script on both sides of the callback make a sentence", samples: [
            ("Вызов viewDidAppear вручную", nil), ("首页 viewWillAppear animated: true", "首页"),
        ]),
        Entry(name: "beside a callback that is also an ordinary word, a name that does not read as a controller's waits for the file to vouch for it",
             samples: [("Network init complete", nil), ("HomeVC init", "HomeVC"), ("vc2 dealloc", "vc2")]),
    ]
}
