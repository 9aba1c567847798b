import GRDB

// MARK: - SQLiteFeatureCheck

/// Refuses, before SQLite is asked, a declared object that uses what the running SQLite does not
/// have yet, with what it needs: a STRICT table needs SQLite 3.37, a generated column 3.31. An
/// older SQLite would refuse them with a message of its own ("unknown table option"), or, for a
/// generated column, read the declaration as something else.
///
/// ```swift
/// try SQLiteFeatureCheck(schema: schema, locations: locations).run()
/// try SQLiteFeatureCheck(schema: schema, locations: locations, version: 3_036_000).run() // as on iOS 15.0
/// ```
struct SQLiteFeatureCheck {
    /// The declared schema.
    var schema: Schema
    /// Where each object is declared, as ``SchemaFile/locations``.
    var locations: [Declaration: SourceLocation]
    /// The SQLite version, as `sqlite3_libversion_number()` gives it: 3037000 for 3.37.0.
    var version = SQLiteLibrary.versionNumber

    /// Throws ``SchemaError/needsNewerSQLite(_:feature:minimum:running:at:)`` for the first
    /// object the running SQLite cannot create.
    func run() throws(SchemaError) {
        for table in schema.tables {
            if table.isStrict && version < 3_037_000 {
                throw refusal("table '\(table.name)'", feature: "STRICT", minimum: 3_037_000, at: .table(table.name.sqlName))
            }
            for column in table.columns where column.generated != nil && version < 3_031_000 {
                throw refusal("column '\(column.name)' of table '\(table.name)'", feature: "a generated column",
                              minimum: 3_031_000, at: .column(table: table.name.sqlName, column: column.name.sqlName))
            }
        }
    }

    private func refusal(_ what: String, feature: String, minimum: Int, at declaration: Declaration) -> SchemaError {
        .needsNewerSQLite(what, feature: feature, minimum: Self.text(minimum), running: Self.text(version),
                          at: locations.location(of: declaration))
    }

    /// `3.37.0` for 3037000.
    static func text(_ version: Int) -> String {
        "\(version / 1_000_000).\(version / 1_000 % 1_000).\(version % 1_000)"
    }
}
