#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - DatabasePattern

/// A database path that names many files, as a shell pattern: `tenants/*.sqlite`.
///
/// A path with `*`, `?` or `[` is a pattern, expanded with glob(3) into the regular files it
/// matches, sorted. A match that is the `-journal`, `-wal` or `-shm` file of a database beside
/// it is left out: it is part of that database, not one of its own. A backslash makes the next
/// character literal, in a pattern or not: `backup\[1\].sqlite` has none of those characters
/// left and is the path `backup[1].sqlite`, which need not exist. `[!…]` matches a character
/// that is not listed (glibc also reads `[^…]` so; the BSD glob of Apple platforms does not).
///
/// ```swift
/// if DatabasePattern.isPattern("tenants/*.sqlite") {
///     let paths = try DatabasePattern.expand("tenants/*.sqlite") // ["tenants/a.sqlite", "tenants/b.sqlite"]
/// }
/// DatabasePattern.escaped("tenants [eu]") + "/*.sqlite"           // "tenants \\[eu]/*.sqlite"
/// ```
package enum DatabasePattern {
    /// The characters that make a path a pattern.
    package static let metacharacters: Set<Character> = ["*", "?", "["]

    /// The character that makes the next one literal.
    private static let escape: Character = "\\"

    /// Whether `path` is a pattern rather than the path of one file: whether it has a `*`, `?`
    /// or `[` that no backslash makes literal.
    package static func isPattern(_ path: String) -> Bool {
        var escaping = false
        for character in path {
            if escaping {
                escaping = false
            } else if character == escape {
                escaping = true
            } else if metacharacters.contains(character) {
                return true
            }
        }
        return false
    }

    /// The path `value` names when it is no pattern: its characters, each backslash taken as
    /// making the next character literal (a backslash at the very end stays).
    ///
    /// ```swift
    /// DatabasePattern.literalPath("data\\[1\\].sqlite")   // "data[1].sqlite"
    /// ```
    package static func literalPath(_ value: String) -> String {
        var path = ""
        var escaping = false
        for character in value {
            if character == escape && !escaping {
                escaping = true
            } else {
                path.append(character)
                escaping = false
            }
        }
        return escaping ? path + String(escape) : path
    }

    /// `path` with a backslash before each character that a pattern reads otherwise (`*`, `?`,
    /// `[` and the backslash), so that the pattern matches that path alone.
    ///
    /// ```swift
    /// DatabasePattern.escaped("data[1].sqlite")   // "data\\[1].sqlite"
    /// ```
    package static func escaped(_ path: String) -> String {
        var pattern = ""
        for character in path {
            if character == escape || metacharacters.contains(character) { pattern.append(escape) }
            pattern.append(character)
        }
        return pattern
    }

    /// The regular files `pattern` matches, sorted, without the side files of databases.
    ///
    /// - Throws: ``ReconcileError/invalidDatabasePath(_:problem:)`` with
    ///   ``ReconcileError/PathProblem/noMatch`` when no file matches.
    package static func expand(_ pattern: String) throws(ReconcileError) -> [String] {
        let databases = matches(of: pattern).filter { isRegularFile($0) && !isSideFile($0) }.sorted()
        guard !databases.isEmpty else { throw ReconcileError.invalidDatabasePath(pattern, problem: .noMatch) }
        return databases
    }

    // MARK: Parts

    /// What glob(3) matches, in no particular order; nothing when it matches nothing or fails.
    private static func matches(of pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, GLOB_NOSORT, nil, &result) == 0 else { return [] }
        var paths: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            if let path = result.gl_pathv[index] { paths.append(String(cString: path)) }
        }
        return paths
    }

    /// Whether `path` is a regular file (or a link to one).
    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is the journal, write-ahead log or shared-memory file of a database beside it.
    private static func isSideFile(_ path: String) -> Bool {
        for suffix in ["-journal", "-wal", "-shm"] where path.hasSuffix(suffix) {
            if isRegularFile(String(path.dropLast(suffix.count))) { return true }
        }
        return false
    }
}

