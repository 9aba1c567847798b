import Foundation
import Yams

// MARK: - YAMLReader

/// Reads YAML nodes composed with `Resolver.basic` (every scalar is text) as the values that
/// schema.yaml expects, and turns every mistake into a ``SchemaError`` located in the file.
///
/// `context` arguments describe where the reader is, as it should read after "in":
/// `table 'users'`, `column 'email' of table 'users'`.
///
/// ```swift
/// let reader = YAMLReader(file: "schema.yaml")
/// let entries = try reader.entries(of: root, key: "", in: "the file", owner: "the top level of the file",
///                                  allowed: ["version", "tables"])
/// ```
struct YAMLReader {
    /// The file name written in locations.
    var file: String

    // MARK: Locations

    /// The location of a node (1-based line and column).
    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// How a node reads in a "must be …, not …" message.
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if isNull(node) { return scalar.string.isEmpty ? "an empty value" : "null ('\(scalar.string)')" }
            return "'\(scalar.string)'"
        }
    }

    /// Whether a node is a plain null (`~`, `null`, nothing at all).
    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && SchemaFormat.nullSpellings.contains(scalar.string)
            || scalar.style == .any && scalar.string.isEmpty
    }

    /// Whether a scalar was written in quotes or as a block (`|`, `>`), which always means text.
    func isQuoted(_ scalar: Node.Scalar) -> Bool {
        switch scalar.style {
        case .singleQuoted, .doubleQuoted, .literal, .folded: return true
        case .plain, .any: return false
        }
    }

    // MARK: Mappings

    /// The entries of a mapping, in file order; `key` names the mapping in errors.
    func mapping(_ node: Node, key: String, in context: String,
                 expected: String = "a mapping") throws -> [YAMLEntry] {
        guard case .mapping(let mapping) = node else {
            throw SchemaError.wrongType(key, in: context, expected: expected, found: describe(node),
                                        at: location(of: node))
        }
        return try mapping.map { pair in
            guard case .scalar(let scalar) = pair.key else {
                throw SchemaError.wrongType(key, in: context, expected: "a mapping whose keys are plain text",
                                            found: "a key that is \(describe(pair.key))",
                                            at: location(of: pair.key))
            }
            if scalar.string == "<<" && scalar.style == .plain {
                throw SchemaError.conflict(
                    "YAML merge keys (<<) are not supported; write the keys out (an alias such as *name "
                        + "can stand for a whole value)", at: location(of: pair.key))
            }
            return YAMLEntry(key: scalar.string, keyNode: pair.key, value: pair.value)
        }
    }

    /// The entries of a mapping whose keys must be among `allowed` (unknown keys are errors
    /// with a suggestion). `context` describes where the mapping is written (for a mapping of
    /// the wrong type), `owner` the mapping itself (for its unknown keys).
    func entries(of node: Node, key: String, in context: String, owner: String, allowed: [String],
                 expected: String = "a mapping") throws -> [YAMLEntry] {
        let entries = try mapping(node, key: key, in: context, expected: expected)
        for entry in entries where !allowed.contains(entry.key) {
            throw SchemaError.unknownKey(entry.key, in: owner,
                                         suggestion: NameSuggestion.closest(to: entry.key, among: allowed),
                                         allowed: allowed, at: location(of: entry.keyNode))
        }
        return entries
    }

    /// The entries of a mapping keyed by SQL names: each name non-empty, and no two names that
    /// SQLite would take for the same (they differ only in ASCII letter case).
    func namedEntries(of node: Node, key: String, in context: String,
                      expected: String = "a mapping") throws -> [YAMLEntry] {
        let entries = try mapping(node, key: key, in: context, expected: expected)
        let owner = context == SchemaParser.topLevel ? "'\(key)'" : "'\(key)' of \(context)"
        var seen: [SQLName: YAMLEntry] = [:]
        for entry in entries {
            if entry.key.isEmpty {
                throw SchemaError.invalidValue(entry.key, for: "a name", in: owner,
                                               reason: "a name cannot be empty", at: location(of: entry.keyNode))
            }
            if let first = seen[entry.key.sqlName] {
                throw SchemaError.duplicateKey(entry.key, in: owner, first: first.key,
                                               firstAt: location(of: first.keyNode),
                                               at: location(of: entry.keyNode))
            }
            seen[entry.key.sqlName] = entry
        }
        return entries
    }

    // MARK: Scalars

    /// A text value (quoted or not). A null or a collection is a wrong type.
    func string(_ entry: YAMLEntry, in context: String, expected: String = "text") throws -> String {
        try string(entry.value, key: entry.key, in: context, expected: expected)
    }

    /// A text value read from a node; `key` names it in errors.
    func string(_ node: Node, key: String, in context: String, expected: String = "text") throws -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw SchemaError.wrongType(key, in: context, expected: expected, found: describe(node),
                                        at: location(of: node))
        }
        return scalar.string
    }

    /// A text value that must hold something besides whitespace, such as an SQL expression.
    /// Leading and trailing whitespace (such as the final newline of a `|` block) is removed.
    func text(_ entry: YAMLEntry, in context: String, expected: String = "text") throws -> String {
        let value = SQLText.trimmed(try string(entry, in: context, expected: expected))
        if value.isEmpty {
            throw SchemaError.invalidValue(value, for: entry.key, in: context,
                                           reason: "it cannot be empty", at: location(of: entry.value))
        }
        return value
    }

    /// A name (of a table, column…): any text but the empty string.
    func name(_ node: Node, key: String, in context: String) throws -> String {
        let value = try string(node, key: key, in: context, expected: "a name")
        if value.isEmpty {
            throw SchemaError.invalidValue(value, for: key, in: context,
                                           reason: "a name cannot be empty", at: location(of: node))
        }
        return value
    }

    /// A boolean: `true` or `false`, unquoted (`True`, `TRUE`, `False`, `FALSE` too).
    func bool(_ entry: YAMLEntry, in context: String) throws -> Bool {
        if case .scalar(let scalar) = entry.value, !isQuoted(scalar) {
            if SchemaFormat.trueSpellings.contains(scalar.string) { return true }
            if SchemaFormat.falseSpellings.contains(scalar.string) { return false }
        }
        var found = describe(entry.value)
        if case .scalar(let scalar) = entry.value, isQuoted(scalar) { found = "the quoted text \(found)" }
        throw SchemaError.wrongType(entry.key, in: context, expected: "true or false", found: found,
                                    at: location(of: entry.value))
    }

    // MARK: Lists

    /// A list of names, each with its node (for locations).
    func nameList(_ entry: YAMLEntry, in context: String, example: String) throws -> [(name: String, node: Node)] {
        guard case .sequence(let sequence) = entry.value else {
            throw SchemaError.wrongType(entry.key, in: context, expected: "a list such as \(example)",
                                        found: describe(entry.value), at: location(of: entry.value))
        }
        return try sequence.map { node in
            (try name(node, key: entry.key, in: context), node)
        }
    }

    /// A name or a list of names (as `renamed_from` accepts).
    func nameOrNameList(_ entry: YAMLEntry, in context: String) throws -> [(name: String, node: Node)] {
        if case .sequence = entry.value {
            return try nameList(entry, in: context, example: "[old_name]")
        }
        guard case .scalar = entry.value, !isNull(entry.value) else {
            throw SchemaError.wrongType(entry.key, in: context, expected: "a name or a list of names",
                                        found: describe(entry.value), at: location(of: entry.value))
        }
        return [(try name(entry.value, key: entry.key, in: context), entry.value)]
    }
}
