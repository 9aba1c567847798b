import Foundation
import GRDB

// MARK: - Reading the old tool's records

extension LegacyRecord.Source {
    /// What a database holds of a source.
    ///
    /// ```swift
    /// try LegacyRecord.Source.schemaMigrations.read(in: db) // .records([.number(5)])
    /// ```
    package enum Reading: Sendable, Equatable {
        /// The records: the highest whole number of a numeric source, followed by any value of
        /// it that is not a whole number; every identifier of `grdb_migrations`, in the order they
        /// were written. Empty when the table is missing or empty, or `user_version` is 0.
        case records([LegacyRecord.Value])
        /// The table exists and has no such column.
        case missingColumn
    }

    /// The source's records in `db`'s main schema (its table compared as SQLite compares names).
    ///
    /// ```swift
    /// if case .records(let records) = try file.legacy!.source.read(in: db) { map.place(records) }
    /// ```
    package func read(in db: Database) throws -> Reading {
        guard let table, let column else {
            let version = try Int64.fetchOne(db, sql: "PRAGMA main.user_version") ?? 0
            return .records(version == 0 ? [] : [.number(version)])
        }
        guard let stored = try Self.storedName(of: table, in: db) else { return .records([]) }
        guard let storedColumn = try Self.columns(of: stored, in: db).first(where: { $0.isSameName(as: column) }) else {
            return .missingColumn
        }
        let values = try Self.values(of: storedColumn, in: stored, ordered: !isNumeric, db: db)
        return .records(isNumeric ? Self.highestNumber(values) : values.map { .identifier(Self.text($0)) })
    }

    // MARK: Recognising an old tool

    /// The sources whose tables `inspect` recognises by name and shape, in the order it looks
    /// for them, then `user_version`: the tables of FMDBMigrationManager, fmdb-migration-manager,
    /// GRDB's migrator, and the hand-made `app_version(version_num)`.
    ///
    /// ```swift
    /// LegacyRecord.Source.recognised.first // .grdbMigrations
    /// ```
    package static let recognised: [LegacyRecord.Source] = [
        .grdbMigrations, .schemaMigrations, .schemaInfo, .column(table: "app_version", column: "version_num"), .userVersion,
    ]

    /// The first of ``recognised`` that `db` holds a record of, with its records: a table of
    /// that name whose only column is the record's column, holding at least one row (whole numbers
    /// for a numeric source), or a `user_version` other than 0. Nil when there is none.
    ///
    /// ```swift
    /// if let (source, records) = try LegacyRecord.Source.detected(in: db) { … }
    /// ```
    package static func detected(in db: Database) throws -> (source: LegacyRecord.Source, records: [LegacyRecord.Value])? {
        for source in recognised {
            if let table = source.table, let column = source.column {
                guard let stored = try storedName(of: table, in: db),
                      try columns(of: stored, in: db).map(\.sqlName) == [column.sqlName] else { continue }
            }
            guard case .records(let records) = try source.read(in: db), !records.isEmpty else { continue }
            if source.isNumeric, records.contains(where: { if case .identifier = $0 { true } else { false } }) { continue }
            return (source, records)
        }
        return nil
    }

    // MARK: Queries

    /// The name a table of the main schema is stored under, nil when there is none.
    private static func storedName(of table: String, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
                            arguments: [table])
    }

    /// The columns of a table, in order.
    private static func columns(of table: String, in db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA main.table_info(\(SQLText.quote(table)))").compactMap { $0["name"] as String? }
    }

    /// The distinct values of a column other than NULL; in rowid order when `ordered` and the
    /// table has rowids.
    private static func values(of column: String, in table: String, ordered: Bool, db: Database) throws -> [DatabaseValue] {
        let select = "SELECT DISTINCT \(SQLText.quote(column)) FROM main.\(SQLText.quote(table)) "
            + "WHERE \(SQLText.quote(column)) IS NOT NULL"
        if ordered, let rows = try? DatabaseValue.fetchAll(db, sql: select + " ORDER BY rowid") { return rows }
        return try DatabaseValue.fetchAll(db, sql: select)
    }

    /// The highest whole number among `values` (integers, integral reals, and text that reads
    /// as one), followed by each value that is not one.
    private static func highestNumber(_ values: [DatabaseValue]) -> [LegacyRecord.Value] {
        var highest: Int64?
        var others: [LegacyRecord.Value] = []
        for value in values {
            guard let number = number(value) else {
                others.append(.identifier(text(value)))
                continue
            }
            highest = max(highest ?? number, number)
        }
        return (highest.map { [.number($0)] } ?? []) + others
    }

    /// A value as a whole number, if it is one.
    private static func number(_ value: DatabaseValue) -> Int64? {
        switch value.storage {
        case .int64(let number): return number
        case .double(let real): return real.rounded() == real ? Int64(exactly: real) : nil
        case .string(let text): return Int64(text.trimmingCharacters(in: .whitespaces))
        case .blob, .null: return nil
        }
    }

    /// A value as text, as a message shows it.
    private static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let real): String(real)
        case .blob(let data): "x'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        case .null: "NULL"
        }
    }
}
