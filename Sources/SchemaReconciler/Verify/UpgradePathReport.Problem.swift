// MARK: - UpgradePathReport.Problem

extension UpgradePathReport {
    /// What went wrong on the upgrade path from one release to the current schema file.
    ///
    /// ```swift
    /// for problem in result.problems where problem.kind == .syncFailed {
    ///     print(problem.table ?? "-", problem.column ?? "-", problem.message)
    /// }
    /// // users handle the sync failed
    /// ```
    public struct Problem: Sendable, Codable, CustomStringConvertible {
        /// What kind of problem it is.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// The release's own file could not build a database (``Problem/error``).
            case releaseCannotBeBuilt
            /// The sync from the release's database failed, with the sync's own error (``Problem/error``).
            case syncFailed
            /// After the sync, the schema differs from a new database built from the current
            /// file: a sync would still change something, or objects are left that the current
            /// file neither declares nor drops.
            case schemaDiffers
            /// Rows of a release table are gone, though no upgrade deleted rows there and `drop`
            /// does not name the table.
            case rowsLost
            /// Values of a release column are gone or changed, though no upgrade updated them and
            /// `drop` does not name the column.
            case valuesLost
            /// Upgrades that should have run from this release did not.
            case upgradesNotRun
            /// A second sync right after the first still had something to do.
            case secondSyncNotIdle
            /// After the sync, rows of the release reference a missing parent row: every row
            /// verify writes has its parent, so the sync or an upgrade lost it. Checked over the
            /// whole database, where a sync checks only the tables its steps could affect.
            case orphanRows
            /// Under `compatibility: cloudkit`, the current schema no longer has a table that
            /// CloudKit shares, or a column of one, that the release had: devices still on the
            /// release send it. JSON written when it was named `breaksSync` reads as this kind.
            case breaksCloudKitSharing

            /// Reads a kind by its name, or `breaksSync`, the name ``breaksCloudKitSharing`` had before.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                let name = try container.decode(String.self)
                guard let kind = Kind(rawValue: name == "breaksSync" ? Kind.breaksCloudKitSharing.rawValue : name) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "no problem kind is named '\(name)'")
                }
                self = kind
            }
        }

        /// What kind of problem it is.
        public var kind: Kind
        /// The table the problem is in, when there is one.
        public var table: String?
        /// The column the problem is in, when there is one.
        public var column: String?
        /// What went wrong, in words, without the place and without the ``error``, which says
        /// the rest: `the sync failed`.
        public var message: String
        /// The error that stopped the path, for ``Kind/releaseCannotBeBuilt`` and ``Kind/syncFailed``.
        public var error: ReconcileError?

        /// Creates a value.
        package init(_ kind: Kind, table: String? = nil, column: String? = nil, message: String, error: ReconcileError? = nil) {
            self.kind = kind
            self.table = table
            self.column = column
            self.message = message
            self.error = error
        }

        /// The place, then the message: `table notes, column body: 4 values of the release's column
        /// notes.body are gone …`.
        ///
        /// A problem with an ``error`` is the message and the error, which names the table and
        /// column itself: `the sync failed: table users: 4 rows violate NOT NULL on handle; …`.
        public var description: String {
            if let error { return "\(message): \(error)" }
            let place = [table.map { "table \($0)" }, column.map { "column \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return (place.isEmpty ? "" : place + ": ") + message
        }
    }
}

// MARK: - Making problems

extension UpgradePathReport.Problem {
    /// The release's own file could not build a database.
    package static func releaseCannotBeBuilt(_ error: ReconcileError) -> Self {
        Self(.releaseCannotBeBuilt, table: error.subject.table, column: error.subject.column,
             message: "the release's own file cannot build a database", error: error)
    }

    /// The sync from the release's database failed.
    package static func syncFailed(_ error: ReconcileError) -> Self {
        Self(.syncFailed, table: error.subject.table, column: error.subject.column,
             message: "the sync failed", error: error)
    }

    /// After the sync, a sync would still make `changes`, and `undeclared` are left over.
    package static func schemaDiffers(changes: [Change], undeclared: [SchemaObject]) -> Self {
        let items = changes.map { "a sync would still \($0)" } + undeclared.map(leftover)
        var column: String?
        if let change = changes.first {
            switch change {
            case .addColumn(_, let name), .dropColumn(_, let name), .renameColumn(_, _, let name): column = name
            default: break
            }
        } else {
            column = undeclared.first.flatMap { $0.kind == .column ? $0.name : nil }
        }
        let table = changes.first.map(tableOf) ?? undeclared.first.flatMap(tableOf)
        return Self(.schemaDiffers, table: table, column: column,
                    message: "after the sync the schema differs from a new database built from the current file: "
                        + items.joined(separator: "; "))
    }

    /// `count` of the `total` rows of the release's table are gone.
    package static func rowsLost(table: String, releaseTable: String, count: Int, of total: Int) -> Self {
        Self(.rowsLost, table: table, message: "\(count) of the \(total) rows of the release's table \(releaseTable) are gone, "
             + "though no upgrade deleted rows there and drop does not name the table")
    }

    /// `count` values of the release's column are gone or changed; `expected` and `found` show
    /// the first, as SQL literals.
    package static func valuesLost(table: String, column: String, releaseColumn: String, count: Int,
                                   expected: String, found: String?) -> Self {
        Self(.valuesLost, table: table, column: column,
             message: "\(count) value\(count == 1 ? "" : "s") of the release's column \(releaseColumn) "
                + "\(count == 1 ? "is" : "are") gone or changed (expected \(expected), found \(found ?? "no such row")), "
                + "though no upgrade updated \(count == 1 ? "it" : "them") and drop does not name the column")
    }

    /// Upgrades that should have run did not.
    package static func upgradesNotRun(_ upgrades: [Upgrade]) -> Self {
        Self(.upgradesNotRun, message: "these upgrades should have run and did not: "
             + upgrades.map(\.description).joined(separator: ", "))
    }

    /// A second sync still had `steps` and `upgrades` to run.
    package static func secondSyncNotIdle(steps: [Step], upgrades: [Upgrade]) -> Self {
        Self(.secondSyncNotIdle, message: "a second sync still had work to do: "
             + (steps.map(\.description) + upgrades.map(\.description)).joined(separator: "; "))
    }

    /// Rows reference a missing parent after the sync.
    package static func orphanRows(_ count: ForeignKeyViolationCount) -> Self {
        Self(.orphanRows, table: count.table, column: count.columns.first,
             message: "after the sync, \(count.rows) row\(count.rows == 1 ? "" : "s") reference\(count.rows == 1 ? "s" : "") "
                + "missing rows of \(count.parent) (FOREIGN KEY (\(count.columns.joined(separator: ", "))) REFERENCES \(count.parent)), "
                + "though every row verify wrote had its parent")
    }

    /// The table a change is about: a trigger's is the one it is on; a view is no table.
    private static func tableOf(_ change: Change) -> String? {
        switch change {
        case .createTrigger(_, let table), .recreateTrigger(_, let table): table
        default: change.table
        }
    }

    /// The table an object left over is, or is part of: a column's, an index's or a trigger's
    /// own; nil for a view, which is no table.
    private static func tableOf(_ object: SchemaObject) -> String? {
        switch object.kind {
        case .table, .virtualTable: object.name
        case .column, .index, .trigger: object.table
        case .view: nil
        }
    }

    /// `column notes.person_id is left over: …`.
    private static func leftover(_ object: SchemaObject) -> String {
        "\(object) is left over: the current file neither declares it nor lists it under drop"
    }
}

// MARK: - What an error is about

extension ReconcileError {
    /// The table and column the error names, when it names one.
    package var subject: (table: String?, column: String?) {
        if let violation = payload(as: DataDoesNotFit.self)?.violations.first ?? payload(as: ForeignKeyViolation.self)?.violation {
            return (violation.table, violation.constraint.columns.first)
        }
        guard let step = payload(as: StepFailed.self)?.step else { return (nil, nil) }
        switch step.action {
        case .addColumn(_, let column, _), .dropColumn(_, let column), .renameColumn(_, _, let column):
            return (step.table, column)
        default:
            return (step.table, nil)
        }
    }
}

extension Constraint {
    /// The columns the constraint is on (none for CHECK and WITHOUT ROWID).
    package var columns: [String] {
        switch self {
        case .notNull(let column), .strictType(let column, _): [column]
        case .unique(let columns), .primaryKey(let columns), .foreignKey(let columns, _): columns
        case .check, .withoutRowID: []
        }
    }
}
