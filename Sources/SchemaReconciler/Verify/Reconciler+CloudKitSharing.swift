// MARK: - What a sync engine cannot survive

extension Reconciler {
    /// Under a `compatibility` profile of the current `file`, a problem for each table of the
    /// release at `version` that CloudKit shares, and each column of one, that the current schema no longer has:
    /// dropped or renamed (a new spelling of its letters too: the sync's names are
    /// case-sensitive), it is still what devices on that release send. Empty without a profile.
    ///
    /// ```swift
    /// Reconciler.cloudKitSharingProblems(from: "1.0.0", releaseSchema, to: file)
    /// // [table notes, column body: release 1.0.0 has column notes.body, which version 2.0.0 no longer has; …]
    /// ```
    static func cloudKitSharingProblems(from version: SemanticVersion, _ releaseSchema: Schema,
                                        to file: SchemaFile) -> [UpgradePathReport.Problem] {
        guard let compatibility = file.compatibility else { return [] }
        let why = "devices still on release \(version) send it, and a \(compatibility.profile.rawValue) sync cannot "
            + "take it from them; keep it (a column no longer used stays, a new name is a new column), or list the "
            + "table under 'except' in 'compatibility' if it was never synced"
        var problems: [UpgradePathReport.Problem] = []
        func gone(_ what: String, _ now: String?) -> String {
            let fate = now.map { "which version \(file.version) spells \($0) (a new name to the sync)" }
                ?? "which version \(file.version) no longer has (dropped or renamed)"
            return "release \(version) has \(what), \(fate): \(why)"
        }
        for table in releaseSchema.tables where compatibility.covers(table.name) {
            guard let current = file.schema.table(named: table.name), current.name == table.name else {
                let now = file.schema.table(named: table.name)?.name
                problems.append(.init(.breaksCloudKitSharing, table: table.name, message: gone("table \(table.name)", now)))
                continue
            }
            for column in table.columns {
                let now = current.column(named: column.name)?.name
                guard now != column.name else { continue }
                problems.append(.init(.breaksCloudKitSharing, table: table.name, column: column.name,
                                      message: gone("column \(table.name).\(column.name)", now)))
            }
        }
        return problems
    }
}
