import Yams

// MARK: - Names that other tools own

extension SchemaChecker {
    /// No table, index, view, virtual table or trigger the file declares, renames from or
    /// drops has a name that ``ignored`` says another tool owns (but SQLite's own, which
    /// ``checkReservedNames()`` refuses first): the sync never touches such an object, so the
    /// file cannot say anything of it.
    ///
    /// ```swift
    /// checker.ignored = IgnoredNames(patterns: [NamePattern("cache_*")])
    /// try checker.checkIgnoredNames() // schema.yaml:4:3: error: table 'cache_users' belongs to another tool: …
    /// ```
    func checkIgnoredNames() throws {
        for declared in tables {
            try checkIgnored(declared.table.name, kind: "table", node: declared.keyNode)
            for old in declared.renamedFrom { try checkIgnored(old.value, kind: "table", node: old.node) }
            for (index, node) in zip(declared.table.indexes, declared.indexKeyNodes) {
                try checkIgnored(index.name, kind: "index", node: node)
            }
            for old in declared.indexRenamedFrom.joined() { try checkIgnored(old.value, kind: "index", node: old.node) }
        }
        for view in views { try checkIgnored(view.value.name, kind: "view", node: view.node) }
        for table in virtualTables { try checkIgnored(table.value.name, kind: "virtual table", node: table.node) }
        for trigger in triggers { try checkIgnored(trigger.value.name, kind: "trigger", node: trigger.node) }
        for (kind, names) in [("table", drop.tables), ("index", drop.indexes), ("view", drop.views),
                              ("trigger", drop.triggers)] {
            for name in names { try checkIgnored(name.value, kind: kind, node: name.node) }
        }
    }

    private func checkIgnored(_ name: String, kind: String, node: Node) throws {
        guard let rule = ignored.rule(matching: name), rule != .sqlite else { return }
        throw SchemaError.ignoredName(name, kind: kind, reason: rule.reason, at: reader.location(of: node))
    }
}
