import GRDB
@testable import SchemaReconciler

// MARK: - RunningSQLite

/// What the SQLite the tests run on can do, for the tests whose expected method depends on it.
enum RunningSQLite {
    /// `sqlite3_libversion_number()`, such as 3040001.
    static let version = SQLiteLibrary.versionNumber

    /// Whether it sets and drops NOT NULL itself (`ALTER TABLE … ALTER COLUMN … SET NOT NULL`).
    static var altersNotNull: Bool { version >= 3_053_000 }

    /// How a sync adds or removes NOT NULL alone: SQLite's ALTER COLUMN where it has one, an edit
    /// of the table's definition otherwise.
    static var notNullMethod: Step.Method { altersNotNull ? .native : .inPlace }
}
