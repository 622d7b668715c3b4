/// A JSON document tree. Objects keep their key order so output is deterministic.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int64`.
    case int(Int64)
    /// Every other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// The members of a JSON object, in the order they were inserted or parsed.
///
/// Duplicate keys are allowed and kept; lookups see the last occurrence.
public struct JSONObject: Equatable, Sendable {
    /// The members in order.
    public var pairs: [(key: String, value: JSONValue)]

    /// Creates an object holding `pairs` in the given order.
    public init(_ pairs: [(key: String, value: JSONValue)] = []) {
        self.pairs = pairs
    }

    /// The value of the last member named `key`.
    ///
    /// Setting a value replaces the last member named `key` in place, or appends a new member
    /// when there is none. Setting `nil` removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get {
            pairs.last { $0.key == key }?.value
        }
        set {
            guard let newValue else {
                pairs.removeAll { $0.key == key }
                return
            }
            if let index = pairs.lastIndex(where: { $0.key == key }) {
                pairs[index].value = newValue
            } else {
                pairs.append((key: key, value: newValue))
            }
        }
    }

    /// The member names in order, duplicates included.
    public var keys: [String] {
        pairs.map(\.key)
    }

    /// Two objects are equal when they hold the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONValue {
    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The integer, if this is an integer or a double with an integral value that fits `Int64`.
    public var intValue: Int64? {
        switch self {
        case .int(let int): int
        case .double(let double): Int64(exactly: double)
        default: nil
        }
    }

    /// The number as a `Double`, if this is a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let int): Double(int)
        case .double(let double): double
        default: nil
        }
    }

    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { bool } else { nil }
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The members, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { object } else { nil }
    }

    /// The value of the object member named `key`; `nil` if absent or if this is not an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}
