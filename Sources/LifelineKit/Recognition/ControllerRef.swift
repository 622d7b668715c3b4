/// How a log line names a controller: a class with an address (`<Shop.CartViewController: 0x7f…>`),
/// or a label without one (`vc1`, `-[ProfileViewController …]`, `CartViewController ViewDidLoad`).
public struct ControllerRef: Hashable, Sendable, CustomStringConvertible {
    /// The class name as logged (module-qualified when Swift printed it), or the label.
    public var name: String {
        get { interned.string }
        set { interned = ControllerName(newValue) }
    }
    public var address: UInt64?
    /// The name as a number: what the engine copies, compares and hashes.
    var interned: ControllerName

    public init(name: String, address: UInt64? = nil) {
        self.interned = ControllerName(name)
        self.address = address
    }

    init(interned: ControllerName, address: UInt64? = nil) {
        self.interned = interned
        self.address = address
    }

    /// `0x7fa1c8d0a200`, or nil for labels.
    public var addressText: String? { address.map { "0x" + String($0, radix: 16) } }

    /// The form UIKit prints: `<Shop.CartViewController: 0x7fa1c8d0a200>`, or the bare label.
    public var description: String {
        guard let addressText else { return name }
        return "<\(name): \(addressText)>"
    }

    /// Whether the reference may name two objects of one class at once: a label without an address
    /// (`-[ListViewController …]`, `vc1`), as when a list pushes another list.
    public var mayNameSeveralObjects: Bool { address == nil }

    /// The class without its module: `CartViewController`.
    public var unqualifiedName: String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
}

enum ControllerRefParser {
    /// Parses `<Name: 0xHEX>` (optionally `<Name: 0xHEX; more>`) starting at the `<` at `start`.
    static func parseAngle(_ b: Bytes, at start: Int, limit: Int) -> (ref: ControllerRef, end: Int)? {
        var names = ControllerNames.uncached
        return parseAngle(b, at: start, limit: limit, names: &names)
    }

    /// `parseAngle(_:at:limit:)` with the name from `names`, which remembers plain descriptions.
    static func parseAngle(_ b: Bytes, at start: Int, limit: Int, names: inout ControllerNames) -> (ref: ControllerRef, end: Int)? {
        guard start < limit, b[start] == ASCII.less else { return nil }
        if let known = names.recentDescription(in: b, at: start, limit: limit) { return known }
        guard let colon = b.firstIndex(of: ASCII.colon, in: (start + 1)..<limit), colon > start + 1,
              b.matches(": 0x", at: colon), let (address, afterHex) = b.hexadecimal(at: colon + 4),
              afterHex < limit else { return nil }
        let name = (start + 1)..<colon
        let plain = b[afterHex] == ASCII.greater
        guard plain || b[afterHex] == ASCII.semicolon, let close = matchingClose(b, from: afterHex, limit: limit) else { return nil }
        for i in name where b[i] == ASCII.space || b[i] == ASCII.less { return nil }
        let ref = ControllerRef(interned: names.name(b, name), address: address)
        if plain { names.rememberDescription(ref, in: b, at: start, end: afterHex + 1, limit: limit) }
        return (ref, close + 1)
    }

    /// The `>` closing a description, skipping nested `<…>` (`<A: 0x1; view = <UIView: 0x2>>`).
    private static func matchingClose(_ b: Bytes, from: Int, limit: Int) -> Int? {
        var depth = 0
        for i in from..<limit {
            if b[i] == ASCII.less { depth += 1 }
            if b[i] == ASCII.greater {
                if depth == 0 { return i }
                depth -= 1
            }
        }
        return nil
    }

    /// Finds the `<…>` that ends at `end` (exclusive; `b[end - 1] == '>'`).
    static func parseAngle(_ b: Bytes, endingAt end: Int, lowerBound: Int, names: inout ControllerNames) -> (ref: ControllerRef, start: Int)? {
        // Most messages start with the description (`print(self, …)`): try there before scanning back. At most one
        // `<` can parse to exactly `end` (any later one would be nested inside it), so both find the same.
        if lowerBound < end, b[lowerBound] == ASCII.less,
           let parsed = parseAngle(b, at: lowerBound, limit: end, names: &names), parsed.end == end {
            return (parsed.ref, lowerBound)
        }
        var i = end - 2
        while i >= lowerBound {
            if b[i] == ASCII.less, let parsed = parseAngle(b, at: i, limit: end, names: &names), parsed.end == end { return (parsed.ref, i) }
            i -= 1
        }
        return nil
    }

    /// Whether a bare label reads like a controller name (`CartViewController`, `HomeVC`, `vc1`, `CartPage`).
    static func looksLikeController(_ label: Bytes) -> Bool {
        let text = label
        if text.find("Controller") != nil || text.find("VC") != nil || text.find("Page") != nil || text.find("Screen") != nil {
            return true
        }
        guard text.count >= 3, text[0] | 0x20 == 0x76, text[1] | 0x20 == 0x63 else { return false }  // vc…
        return (2..<text.count).allSatisfy { ASCII.isDigit(text[$0]) }
    }
}
