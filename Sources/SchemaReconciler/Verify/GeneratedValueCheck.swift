import Foundation
import GRDB

// MARK: - GeneratedValueCheck

/// Finds every generated value again after the sync: in the table and column the current file
/// declares for it (through `renamed_from`), as SQLite would store it under the column's new
/// type. A table or column the current file drops is not looked for, nor a value an upgrade
/// updated or a row an upgrade deleted. The rows of a table whose rowids an upgrade may have
/// moved (it updated the key that is the rowid) are compared by value, not by rowid.
///
/// ```swift
/// let check = GeneratedValueCheck(file: current, recorder: recorder)
/// let problems = try dbQueue.read { db in try check.problems(before, in: db) }
/// ```
struct GeneratedValueCheck {
    /// The current schema file.
    let file: SchemaFile
    /// What the upgrades wrote.
    let recorder: WriteRecorder

    // MARK: Checking

    /// The values of `before` that are not where the current file says they are.
    func problems(_ before: [TableValues], in db: Database) throws -> [UpgradePathReport.Problem] {
        let converter = try AffinityConverter()
        var problems: [UpgradePathReport.Problem] = []
        for release in before where !file.drop.tables.containsName(release.table) && !release.rows.isEmpty {
            problems += try self.problems(release, in: db, converter: converter)
        }
        return problems
    }

    private func problems(_ release: TableValues, in db: Database, converter: AffinityConverter) throws -> [UpgradePathReport.Problem] {
        let declared = file.schema.tables.first {
            $0.name.isSameName(as: release.table) || $0.renamedFrom.containsName(release.table)
        }
        let table = declared?.name ?? release.table
        guard try db.tableExists(table) else {
            return [.rowsLost(table: table, releaseTable: release.table, count: release.rows.count, of: release.rows.count)]
        }
        let liveColumns = try db.columns(in: table)
        var targets: [(offset: Int, column: String, type: String)] = []
        var problems: [UpgradePathReport.Problem] = []
        for (offset, name) in release.columns.enumerated() {
            guard let target = targetColumn(name, in: declared) else { continue }
            guard let live = liveColumns.first(where: { $0.name.isSameName(as: target) }) else {
                problems.append(.valuesLost(table: table, column: target, releaseColumn: "\(release.table).\(name)",
                                            count: release.rows.count, expected: Self.literal(release.rows[0].values[offset]),
                                            found: nil))
                continue
            }
            targets.append((offset, live.name, live.type))
        }
        let after = try TableValues.read(table: table, columns: targets.map(\.column), in: db)
        let expected = try targets.map { target in
            try converter.convert(release.rows.map { $0.values[target.offset] }, toType: target.type)
        }
        let comparison = Comparison(release: release, table: table, targets: targets.map { ($0.offset, $0.column) },
                                    expected: expected, after: after, recorder: recorder)
        // An upgrade that moved keys (`UPDATE parents SET id = id + 100`) moved rowids too.
        let aliases = SQLName.rowIDNames + (declared.flatMap { $0.hasRowIDAlias ? $0.primaryKeyColumns : nil } ?? [])
        let rowsStay = !recorder.mayHaveMovedRows(of: table, rowIDColumns: aliases)
        return problems + (release.hasRowIDs && after.hasRowIDs && rowsStay ? comparison.byRowID() : comparison.byValue())
    }

    /// The live column that holds the release's column `name`: the declared one that is or was
    /// called so, or the same name when the file does not declare the table or the column.
    /// Nil when the column is dropped, or now generated.
    private func targetColumn(_ name: String, in declared: Schema.Table?) -> String? {
        guard let declared else { return name }
        if file.drop.columns(of: declared.name).containsName(name) { return nil }
        guard let column = declared.columns.first(where: { $0.name.isSameName(as: name) || $0.renamedFrom.containsName(name) }) else {
            return name
        }
        return column.generated == nil ? column.name : nil
    }

    // MARK: Literals

    /// A value as SQL writes it: `NULL`, `42`, `'text'`, `X'00FF'`.
    static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let integer): String(integer)
        case .double(let real): String(real)
        case .string(let text): SQLText.literal(text)
        case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}

// MARK: - Comparison

/// The values of one release table compared with the same rows after the sync.
private struct Comparison {
    let release: TableValues
    let table: String
    /// Per compared column: its offset in the release's rows, and its live name.
    let targets: [(offset: Int, column: String)]
    /// Per compared column: the release's values, as the live column's type stores them.
    let expected: [[DatabaseValue]]
    let after: TableValues
    let recorder: WriteRecorder

    /// Row by row, through the rowid (which rebuilds keep).
    func byRowID() -> [UpgradePathReport.Problem] {
        var live: [Int64: [DatabaseValue]] = [:]
        for row in after.rows { if let rowID = row.rowID { live[rowID] = row.values } }
        var missingRows = 0
        var lost: [Int: (count: Int, expected: DatabaseValue, found: DatabaseValue?)] = [:]
        for (index, row) in release.rows.enumerated() {
            guard let rowID = row.rowID, !recorder.mayHaveDeleted(table: table, rowID: rowID) else { continue }
            guard let values = live[rowID] else {
                missingRows += 1
                continue
            }
            for (position, target) in targets.enumerated()
            where !recorder.mayHaveChanged(table: table, column: target.column, rowID: rowID)
                && values[position] != expected[position][index] {
                let first = lost[position] ?? (0, expected[position][index], values[position])
                lost[position] = (first.count + 1, first.expected, first.found)
            }
        }
        var problems: [UpgradePathReport.Problem] = []
        if missingRows > 0 {
            problems.append(.rowsLost(table: table, releaseTable: release.table, count: missingRows, of: release.rows.count))
        }
        for (position, item) in lost.sorted(by: { $0.key < $1.key }) {
            problems.append(valuesLost(position, count: item.count, expected: item.expected, found: item.found))
        }
        return problems
    }

    /// Column by column, as multisets: for a table without rowids on either side.
    func byValue() -> [UpgradePathReport.Problem] {
        var problems: [UpgradePathReport.Problem] = []
        if after.rows.count < release.rows.count && !recorder.mayHaveDeleted(table: table, rowID: nil) {
            problems.append(.rowsLost(table: table, releaseTable: release.table,
                                      count: release.rows.count - after.rows.count, of: release.rows.count))
        }
        for (position, target) in targets.enumerated()
        where !recorder.mayHaveChanged(table: table, column: target.column, rowID: nil) {
            var remaining: [DatabaseValue: Int] = [:]
            for row in after.rows { remaining[row.values[position], default: 0] += 1 }
            var missing: [DatabaseValue] = []
            for value in expected[position] {
                if let count = remaining[value], count > 0 { remaining[value] = count - 1 } else { missing.append(value) }
            }
            if let first = missing.first {
                problems.append(valuesLost(position, count: missing.count, expected: first, found: nil))
            }
        }
        return problems
    }

    private func valuesLost(_ position: Int, count: Int, expected: DatabaseValue, found: DatabaseValue?) -> UpgradePathReport.Problem {
        .valuesLost(table: table, column: targets[position].column,
                    releaseColumn: "\(release.table).\(release.columns[targets[position].offset])", count: count,
                    expected: GeneratedValueCheck.literal(expected), found: found.map(GeneratedValueCheck.literal))
    }
}

// MARK: - AffinityConverter

/// Asks SQLite how a column of a given type stores a value ('42' in an INTEGER column is 42),
/// in a scratch database, so that a type change is not taken for a lost value.
private struct AffinityConverter {
    let queue: DatabaseQueue

    init() throws {
        queue = try DatabaseQueue()
    }

    /// `values` as a column declared `type` stores them (as they are, for a type SQLite would
    /// not take in a plain table).
    func convert(_ values: [DatabaseValue], toType type: String) throws -> [DatabaseValue] {
        (try? queue.inDatabase { db in
            try db.execute(sql: "DROP TABLE IF EXISTS conversion")
            try db.execute(sql: "CREATE TABLE conversion (value \(type))")
            for value in values {
                try db.execute(sql: "INSERT INTO conversion (value) VALUES (?)", arguments: [value])
            }
            return try DatabaseValue.fetchAll(db, sql: "SELECT value FROM conversion ORDER BY rowid")
        }) ?? values
    }
}
