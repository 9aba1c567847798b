// MARK: - ConflictResolution

/// What SQLite does when a row breaks a NOT NULL, PRIMARY KEY or UNIQUE constraint that carries
/// an `ON CONFLICT` clause: SQLite's five resolutions. ``abort`` is SQLite's default, so a
/// constraint written `ON CONFLICT ABORT` behaves as one written without a clause; the model
/// never stores it (see ``Schema/Table/conflictResolutions``).
///
/// ```swift
/// ConflictResolution(sql: "Replace") // .replace
/// ConflictResolution.ignore.sql      // "IGNORE"
/// ConflictResolution.replace.name    // "replace", as schema.yaml writes it
/// ```
package enum ConflictResolution: String, Sendable, Hashable, CaseIterable, Codable {
    /// Roll the whole transaction back and fail the statement.
    case rollback
    /// Undo the statement's changes and fail it: SQLite's default.
    case abort
    /// Fail the statement, keeping the changes it made before the failing row.
    case fail
    /// Skip the failing row and go on with the statement.
    case ignore
    /// Delete the rows a key conflicts with; for NOT NULL, store the column's default instead of NULL.
    case replace

    /// Reads a resolution as SQL or schema.yaml writes it, in any letter case; nil for another word.
    package init?(sql: String) {
        self.init(rawValue: sql.lowercased())
    }

    /// The SQL keyword: `REPLACE`.
    package var sql: String { rawValue.uppercased() }

    /// The word schema.yaml writes: `replace`.
    package var name: String { rawValue }

    /// The resolution a model keeps: nil for ``abort``, which is the same as none.
    var stored: ConflictResolution? { self == .abort ? nil : self }
}
