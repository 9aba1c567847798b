// MARK: - What a sync engine cannot survive

extension Reconciler {
    /// Under a `compatibility` profile of the current `file`, a problem for each synced table of
    /// the release at `version`, and each column of one, that the current schema no longer has:
    /// dropped or renamed, it is still what devices on that release send. Empty without a profile.
    ///
    /// ```swift
    /// Reconciler.syncBreakingProblems(from: "1.0.0", releaseSchema, to: file)
    /// // [table notes, column body: release 1.0.0 has column notes.body, which version 2.0.0 no longer has; …]
    /// ```
    static func syncBreakingProblems(from version: SemanticVersion, _ releaseSchema: Schema,
                                     to file: SchemaFile) -> [UpgradePathReport.Problem] {
        guard let compatibility = file.compatibility else { return [] }
        let why = "devices still on release \(version) send it, and a \(compatibility.profile.rawValue) sync cannot "
            + "take it from them; keep it (a column no longer used stays, a new name is a new column), or list the "
            + "table under 'except' in 'compatibility' if it was never synced"
        var problems: [UpgradePathReport.Problem] = []
        for table in releaseSchema.tables where compatibility.covers(table.name) {
            guard let current = file.schema.table(named: table.name) else {
                problems.append(.init(.breaksSync, table: table.name, message: "release \(version) has table "
                    + "\(table.name), which version \(file.version) no longer has (dropped or renamed): \(why)"))
                continue
            }
            for column in table.columns where current.column(named: column.name) == nil {
                problems.append(.init(.breaksSync, table: table.name, column: column.name, message: "release \(version) "
                    + "has column \(table.name).\(column.name), which version \(file.version) no longer has "
                    + "(dropped or renamed): \(why)"))
            }
        }
        return problems
    }
}
