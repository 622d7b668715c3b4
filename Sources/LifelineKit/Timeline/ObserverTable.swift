/// One instance's observers by notification name. Controllers observe a handful of names, so a short list
/// searched in order beats hashing each name on every observer line and callback body; names come interned
/// from the parser, which makes most comparisons a pointer check.
public struct ObserverTable: Sendable, Sequence, Equatable {
    private var names: [String] = []
    private var entries: [ObserverEntry] = []

    public init() {}

    /// A table of one or two distinct names, each with a resting entry: no count, nothing reported.
    init(resting first: String, _ second: String? = nil) {
        if let second {
            names = [first, second]
            entries = [ObserverEntry(), ObserverEntry()]
        } else {
            names = [first]
            entries = [ObserverEntry()]
        }
    }

    public var isEmpty: Bool { names.isEmpty }

    public var count: Int { names.count }

    public var values: [ObserverEntry] { entries }

    /// The entry for `name`; setting nil removes it.
    public subscript(name: String) -> ObserverEntry? {
        get { index(of: name).map { entries[$0] } }
        set {
            if let index = index(of: name) {
                if let newValue {
                    entries[index] = newValue
                } else {
                    names.remove(at: index)
                    entries.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                entries.append(newValue)
            }
        }
    }

    /// Names of another length are passed over without comparing their bytes (a string's UTF-8 count is stored).
    private func index(of name: String) -> Int? {
        let count = name.utf8.count
        return names.firstIndex { $0.utf8.count == count && $0 == name }
    }

    /// Changes the entry for `name` where it lies (adding `ObserverEntry()` first when there is none): one search,
    /// and no copy of the entry, where reading it and writing it back through the subscript searched twice and
    /// copied it, text and all.
    mutating func update(_ name: String, _ change: (inout ObserverEntry) -> Void) {
        if let index = index(of: name) {
            change(&entries[index])
        } else {
            var entry = ObserverEntry()
            change(&entry)
            names.append(name)
            entries.append(entry)
        }
    }

    /// Changes the entry for `name` where it lies, if there is one.
    mutating func updateIfPresent(_ name: String, _ change: (inout ObserverEntry) -> Void) {
        if let index = index(of: name) { change(&entries[index]) }
    }

    public subscript(name: String, default defaultEntry: @autoclosure () -> ObserverEntry) -> ObserverEntry {
        get { self[name] ?? defaultEntry() }
        set { self[name] = newValue }
    }

    /// The names, in the order they were first seen.
    var keys: [String] { names }

    /// Changes every entry in place.
    mutating func updateAll(_ change: (inout ObserverEntry) -> Void) {
        for index in entries.indices { change(&entries[index]) }
    }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: ObserverEntry)> {
        zip(names, entries).lazy.map { (key: $0, value: $1) }.makeIterator()
    }
}
