/// One instance's observers by notification name. Controllers observe a handful of names, so a short list
/// searched in order beats hashing each name on every observer line and callback body; names come interned
/// from the parser, which makes most comparisons a pointer check. A table that grows past `indexedCount` names
/// (a controller registering thousands) also keeps their positions by name, so each lookup stays constant time
/// and a trace of any number of names is read in linear time.
public struct ObserverTable: Sendable, Sequence, Equatable {
    private var names: [String] = []
    /// The entry of each name in `names`; nil for a name removed from an indexed table (a hole, see `holes`).
    private var entries: [ObserverEntry?] = []
    /// Each name's position in `names`, once the table has held more than `indexedCount` names.
    private var positions: [String: Int]?
    /// Removed slots still in `names`: an indexed table marks a removal instead of shifting every later
    /// position, and closes the holes once they are as many as the names left (amortised constant time).
    private var holes = 0

    /// Up to this many names a scan is faster than hashing.
    static let indexedCount = 16

    public init() {}

    /// A table of one or two distinct names, each with a resting entry: no count, nothing reported.
    init(resting first: String, _ second: String? = nil) {
        names = [first] + (second.map { [$0] } ?? [])
        entries = names.map { _ in ObserverEntry() }
    }

    public var isEmpty: Bool { count == 0 }

    public var count: Int { names.count - holes }

    /// The entries, in the order their names were first seen.
    public var values: [ObserverEntry] { holes == 0 ? entries.map { $0! } : entries.compactMap { $0 } }

    /// Whether some entry satisfies `matches`, asked without building `values` (callback bodies ask it).
    public func containsEntry(where matches: (ObserverEntry) -> Bool) -> Bool {
        entries.contains { $0.map(matches) ?? false }
    }

    /// The entry for `name`; setting nil removes it.
    public subscript(name: String) -> ObserverEntry? {
        get { index(of: name).flatMap { entries[$0] } }
        set {
            if let index = index(of: name) {
                if let newValue { entries[index] = newValue } else { remove(at: index) }
            } else if let newValue {
                append(name, newValue)
            }
        }
    }

    /// Names of another length are passed over without comparing their bytes (a string's UTF-8 count is stored).
    private func index(of name: String) -> Int? {
        if let positions { return positions[name] }
        let count = name.utf8.count
        return names.firstIndex { $0.utf8.count == count && $0 == name }
    }

    private mutating func append(_ name: String, _ entry: ObserverEntry) {
        names.append(name)
        entries.append(entry)
        if positions != nil {
            positions![name] = names.count - 1
        } else if names.count > Self.indexedCount {
            positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        }
    }

    private mutating func remove(at index: Int) {
        guard positions != nil else {
            names.remove(at: index)
            entries.remove(at: index)
            return
        }
        positions![names[index]] = nil
        entries[index] = nil
        holes += 1
        if holes >= count { closeHoles() }
    }

    /// Drops the removed slots and renumbers the positions, keeping the order names were first seen.
    private mutating func closeHoles() {
        let kept = zip(names, entries).filter { $0.1 != nil }
        names = kept.map(\.0)
        entries = kept.map(\.1)
        holes = 0
        positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    /// Changes the entry for `name` where it lies (adding `ObserverEntry()` first when there is none): one search,
    /// and no copy of the entry, where reading it and writing it back through the subscript searched twice and
    /// copied it, text and all.
    mutating func update(_ name: String, _ change: (inout ObserverEntry) -> Void) {
        if let index = index(of: name) {
            change(&entries[index]!)
        } else {
            var entry = ObserverEntry()
            change(&entry)
            append(name, entry)
        }
    }

    /// Changes the entry for `name` where it lies, if there is one.
    mutating func updateIfPresent(_ name: String, _ change: (inout ObserverEntry) -> Void) {
        if let index = index(of: name) { change(&entries[index]!) }
    }

    public subscript(name: String, default defaultEntry: @autoclosure () -> ObserverEntry) -> ObserverEntry {
        get { self[name] ?? defaultEntry() }
        set { self[name] = newValue }
    }

    /// The names, in the order they were first seen.
    var keys: [String] { holes == 0 ? names : zip(names, entries).filter { $0.1 != nil }.map(\.0) }

    /// Changes every entry in place.
    mutating func updateAll(_ change: (inout ObserverEntry) -> Void) {
        for index in entries.indices where entries[index] != nil { change(&entries[index]!) }
    }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: ObserverEntry)> {
        zip(names, entries).lazy.compactMap { name, entry in entry.map { (key: name, value: $0) } }.makeIterator()
    }

    /// Tables are equal when they hold the same names with the same entries in the same order, however they
    /// got there (an index, holes).
    public static func == (a: ObserverTable, b: ObserverTable) -> Bool {
        a.count == b.count && a.keys == b.keys && a.values == b.values
    }
}
