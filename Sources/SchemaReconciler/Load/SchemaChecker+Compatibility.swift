import Yams

// MARK: - compatibility

extension SchemaChecker {
    /// The rules of `compatibility:`, for each table the profile covers: each table it excepts is
    /// declared or dropped, and (for cloudkit, as SQLiteData has them) a primary key on one column
    /// that is not an integer, no column named like a CloudKit system field, no UNIQUE constraint
    /// or unique index but the primary key, on each NOT NULL column but the key a default with
    /// `on_conflict: replace`, no ON DELETE RESTRICT or NO ACTION (which a foreign key that says
    /// nothing is), and no foreign key to a table the profile does not cover. Each problem is an
    /// error at the line that declares it.
    func checkCompatibility() throws {
        guard let declaredCompatibility = self.compatibility else { return }
        let (compatibility, exceptions) = declaredCompatibility
        // A table `drop` removes may be listed too: it was kept on the device, and dropping it breaks no sync.
        let dropped = drop.tables.map(\.value)
        for exception in exceptions where tablePositions[exception.value] == nil
            && !dropped.contains(where: { $0.isSameName(as: exception.value) }) {
            throw SchemaError.undeclaredReference(
                "table '\(exception.value)'", in: "'except' of 'compatibility'",
                suggestion: NameSuggestion.closest(to: exception.value, among: tables.map(\.table.name) + dropped),
                at: reader.location(of: exception.node))
        }
        for declared in tables where compatibility.covers(declared.table.name) {
            try checkPrimaryKey(of: declared)
            try checkColumns(of: declared, under: compatibility)
            try checkKeys(of: declared)
            try checkForeignKeys(of: declared, under: compatibility)
        }
    }

    /// A primary key, on one column, that is not an integer: SQLiteData names each row's CloudKit
    /// record by its key, which must be unique across every device (a UUID).
    private func checkPrimaryKey(of declared: DeclaredTable) throws {
        let table = declared.table
        let key = table.primaryKeyColumns
        guard !key.isEmpty else {
            throw refusal("\(declared.context) has no primary key", "SQLiteData names each synced row by its "
                          + "primary key: \(Self.keyAdvice), or list the table under 'except'", at: declared.keyNode)
        }
        guard key.count == 1 else {
            throw refusal("\(declared.context) has a composite primary key (\(key.joined(separator: ", ")))",
                          "SQLiteData names each synced row by one key column, join tables included: \(Self.keyAdvice), "
                          + "and make (\(key.joined(separator: ", "))) plain columns", at: declared.primaryKeyNode ?? declared.keyNode)
        }
        guard let column = declared.columns.first(where: { $0.column.name.isSameName(as: key[0]) }),
              TypeAffinity(declaredType: column.column.type) == .integer else { return }
        let what = "the primary key '\(column.column.name)' of \(declared.context)"
        let node = declared.primaryKeyNode ?? column.entries[SchemaFormat.Column.primaryKey.name]?.keyNode ?? column.keyNode
        if table.hasRowIDAlias {
            throw refusal("\(what) is an INTEGER PRIMARY KEY, the rowid", "each device numbers its rows 1, 2, 3…, "
                          + "AUTOINCREMENT or not, so two devices make the same key for two rows; SQLiteData needs a "
                          + "globally unique key such as a UUID: \(Self.keyAdvice)", at: node)
        }
        throw refusal("\(what) is an integer (\(column.column.type ?? ""))", "SQLiteData needs a globally unique key "
                      + "such as a UUID, which an integer two devices choose is not: \(Self.keyAdvice)", at: node)
    }

    /// No column named like a CloudKit system field, no UNIQUE column, and on each NOT NULL
    /// column a default with `on_conflict: replace` (but the primary key, which every row
    /// carries, and a generated column, which a row never holds).
    private func checkColumns(of declared: DeclaredTable, under compatibility: Compatibility) throws {
        let primaryKey = declared.table.primaryKeyColumns
        for column in declared.columns {
            let isPrimaryKey = primaryKey.contains { $0.isSameName(as: column.column.name) }
            let what = "column '\(column.column.name)' of \(declared.context)"
            if let field = Compatibility.cloudKitSystemFields.first(where: { $0.isSameName(as: column.column.name) }) {
                throw refusal("\(what) is named like the CloudKit system field '\(field)'",
                              "CloudKit keeps that field of every record for itself, so SQLiteData cannot sync the "
                              + "column under that name; rename it", at: column.keyNode)
            }
            if column.column.isUnique && !isPrimaryKey {
                throw refusal("\(what) is UNIQUE", Self.uniqueReason, at: column.keyNode)
            }
            guard column.column.isNotNull, column.column.generated == nil, !isPrimaryKey else { continue }
            if column.column.defaultValue?.isNull ?? true {
                throw refusal("\(what) is NOT NULL without a default", Self.notNullReason
                              + "; give it a default with not_null: { on_conflict: replace }, or let it be NULL",
                              at: column.keyNode)
            }
            if declared.table.conflictResolutions[.notNull(column: column.column.name)] != .replace {
                let node = column.entries[SchemaFormat.Column.notNull.name]?.keyNode ?? column.keyNode
                throw refusal("\(what) is NOT NULL without on_conflict: replace", Self.notNullReason
                              + " (as NULL), and only ON CONFLICT REPLACE stores the default then; write "
                              + "not_null: { on_conflict: replace }", at: node)
            }
        }
    }

    /// No UNIQUE constraint over several columns, and no unique index.
    private func checkKeys(of declared: DeclaredTable) throws {
        if !declared.table.uniqueConstraints.isEmpty {
            let columns = declared.table.uniqueConstraints[0].joined(separator: ", ")
            throw refusal("\(declared.context) has UNIQUE (\(columns))", Self.uniqueReason, at: declared.keyNode)
        }
        for (index, node) in zip(declared.table.indexes, declared.indexKeyNodes) where index.isUnique {
            throw refusal("index '\(index.name)' of \(declared.context) is unique", Self.uniqueReason, at: node)
        }
    }

    /// Every foreign key deletes or updates its rows when the parent row goes (CASCADE, SET NULL
    /// or SET DEFAULT), and references a table the profile covers.
    private func checkForeignKeys(of declared: DeclaredTable, under compatibility: Compatibility) throws {
        var keys: [(key: Schema.ForeignKey, node: Node)] = []
        for column in declared.columns {
            guard let reference = column.column.reference else { continue }
            keys.append((Schema.ForeignKey(columns: [column.column.name], table: reference.table,
                                           onDelete: reference.onDelete), column.keyNode))
        }
        keys += zip(declared.table.foreignKeys, declared.foreignKeys.map(\.node)).map { ($0, $1) }
        for (key, node) in keys {
            let what = "the foreign key (\(key.columns.joined(separator: ", "))) of \(declared.context)"
            if !compatibility.covers(key.table) {
                throw refusal("\(what) references table '\(key.table)', which 'except' keeps off the sync",
                              "a synced row would point to a row other devices never receive; "
                              + "list \(declared.context) under 'except' too, or drop the foreign key", at: node)
            }
            let action = key.onDelete ?? .noAction
            if action == .restrict || action == .noAction {
                let said = key.onDelete == nil ? "says no on_delete (NO ACTION)" : "is ON DELETE \(action.sql)"
                throw refusal("\(what) \(said)", "a device cannot refuse a deletion another device already "
                              + "made, so the child rows must follow: on_delete: CASCADE, SET NULL or SET DEFAULT",
                              at: node)
            }
        }
    }

    // MARK: Messages

    private static let uniqueReason = "two devices can each write the same value offline, and the sync cannot "
        + "merge the rows: drop the constraint (check uniqueness in the app), or list the table under 'except'"

    private static let notNullReason = "a row written by an older app version, which does not know the column, "
        + "arrives without it"

    private static let keyAdvice = "declare id: { type: TEXT, primary_key: true, not_null: { on_conflict: replace }, "
        + "default_sql: (uuid()) }"

    /// The error of a rule: what the file declares, then why the profile refuses it.
    private func refusal(_ what: String, _ why: String, at node: Node) -> SchemaError {
        .incompatible(what, profile: Compatibility.Profile.cloudKit.rawValue, reason: why, at: reader.location(of: node))
    }
}
