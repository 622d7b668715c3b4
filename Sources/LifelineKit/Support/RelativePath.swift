/// `/`-separated path arithmetic on strings, without touching the file system (symbolic links are not resolved).
public enum RelativePath {
    /// `path` made absolute against the absolute folder `base`, with `.`, `..` and repeated `/` resolved.
    public static func absolute(_ path: String, base: String) -> String {
        var components: [Substring] = []
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        for component in joined.split(separator: "/") where component != "." {
            if component == ".." {
                _ = components.popLast()
            } else {
                components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// `path` as seen from the absolute folder `directory`: `traces/a.log`, or `../other/a.log` outside it.
    /// Both are made absolute against `base` first.
    public static func relative(_ path: String, to directory: String, base: String) -> String {
        let target = absolute(path, base: base).split(separator: "/")
        let from = absolute(directory, base: base).split(separator: "/")
        var shared = 0
        while shared < min(target.count, from.count), target[shared] == from[shared] { shared += 1 }
        let up = Array(repeating: "..", count: from.count - shared)
        let relative = (up + target[shared...].map(String.init)).joined(separator: "/")
        return relative.isEmpty ? "." : relative
    }

    /// Whether `path` (made absolute against `base`) lies inside the folder `directory`.
    public static func isInside(_ path: String, directory: String, base: String) -> Bool {
        let relative = relative(path, to: directory, base: base)
        return relative != ".." && !relative.hasPrefix("../")
    }
}
