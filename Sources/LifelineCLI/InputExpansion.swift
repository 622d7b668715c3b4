import LifelineKit

/// The inputs a command line names, as check, report and stats expand them: `--include`/`--exclude` applied,
/// a note on standard error for each FIFO or device skipped in a folder, one for the symbolic links not followed,
/// and an error when nothing is left that says what was searched for and which `--include` would take a file that
/// was passed over.
enum InputExpansion {
    static let followLinks = OptionSpec(["--follow-links"], help: "Follow symbolic links that stay in the folder.")

    static func expand(_ arguments: ParsedArguments) throws -> InputDiscovery.Expansion {
        let expansion = InputDiscovery(includes: try arguments.values("--include"), excludes: try arguments.values("--exclude"),
                                       followLinks: try arguments.flag("--follow-links"))
            .expand(arguments.positionals)
        for skipped in expansion.skipped {
            OutputStream.standardError.note("\(skipped.path): note: \(skipped.message)")
        }
        for merged in expansion.merged {
            OutputStream.standardError.note("\(merged.path): note: the same file as \(merged.kept) (linked): read once, under that name")
        }
        if !expansion.skippedLinks.isEmpty {
            OutputStream.standardError.note("lifeline: note: \(links(expansion.skippedLinks)) in folders not followed; "
                                                  + "--follow-links follows those that stay inside the folder named")
        }
        if !expansion.linksOutside.isEmpty {
            OutputStream.standardError.note("lifeline: note: \(links(expansion.linksOutside)) leading outside the folder named not followed")
        }
        guard !expansion.inputs.isEmpty || !expansion.problems.isEmpty else {
            let includes = try arguments.values("--include")
            throw CommandFailure(description: "no traces found in \(arguments.positionals.joined(separator: ", ")) "
                                 + "(searched for \((includes.isEmpty ? InputDiscovery.defaultIncludes : includes).joined(separator: ", ")))"
                                 + suggestion(expansion.unmatched))
        }
        return expansion
    }

    /// `; --include '*.out' would read outs/run1.out (and 2 more files not taken)`: the pattern that takes the first file
    /// the search passed over, by its extension (its whole name when it has none).
    static func suggestion(_ unmatched: [String]) -> String {
        guard let first = unmatched.first else { return "" }
        let name = first.split(separator: "/").last.map(String.init) ?? first
        let pattern = name.lastIndex(of: ".").map { "*" + name[$0...] } ?? name
        let more = unmatched.count - 1
        return "; --include '\(pattern)' would read \(first)" + (more > 0 ? " (and \(more) more file\(more == 1 ? "" : "s") not taken)" : "")
    }

    /// `2 symbolic links (a, b)`, naming at most three.
    private static func links(_ paths: [String]) -> String {
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
        return "\(counted(paths.count, "symbolic link")) (\(shown))"
    }
}
