import Yams

// MARK: - Names that other tools own

extension SchemaChecker {
    /// No table, index, view, virtual table or trigger the file declares, renames from or
    /// drops has a name that ``ignored`` says another tool owns (SQLite's own are
    /// ``checkReservedNames()``'s): the sync never touches such an object, so the file cannot
    /// say anything of it.
    ///
    /// ```swift
    /// checker.ignored = IgnoredNames(patterns: [NamePattern("cache_*")])
    /// try checker.checkIgnoredNames() // schema.yaml:4:3: error: table 'cache_users' belongs to another tool: …
    /// ```
    func checkIgnoredNames() throws {
        for object in namedObjects(includingRenames: true) {
            try checkIgnored(object.name, kind: object.kind, node: object.node)
        }
    }

    private func checkIgnored(_ name: String, kind: String, node: Node) throws {
        guard let rule = ignored.rule(matching: name) else { return }
        throw SchemaError.ignoredName(name, kind: kind, reason: rule.reason, at: reader.location(of: node))
    }
}
