import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - RowIDAliasTests

/// The model's rowid-alias rule gives SQLite's own answer: for each declaration, SQLite creates
/// the table and inserts a row whose key is NULL; the key is the alias when it then holds the
/// row's rowid.
@Suite("Model: which column is the rowid's alias, as SQLite has it")
struct RowIDAliasTests {
    /// A table `t` with a column `k`: its column definitions, its options, and whether SQLite
    /// makes `k` the alias.
    struct Declaration: Sendable, CustomTestStringConvertible {
        var definition: String
        var options = ""
        var isAlias: Bool

        init(_ definition: String, options: String = "", isAlias: Bool) {
            (self.definition, self.options, self.isAlias) = (definition, options, isAlias)
        }

        var sql: String { RowIDAliasTests.createTable(definition, options: options) }
        var testDescription: String { sql }
    }

    static let declarations: [Declaration] = [
        Declaration("k INTEGER PRIMARY KEY, v TEXT", isAlias: true),
        Declaration("k integer primary key, v TEXT", isAlias: true),
        Declaration("k Integer PRIMARY KEY ASC, v TEXT", isAlias: true),
        Declaration("k INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT", isAlias: true),
        Declaration("k INTEGER NOT NULL PRIMARY KEY, v TEXT", isAlias: true),
        Declaration("k INTEGER PRIMARY KEY, v TEXT", options: "STRICT", isAlias: true),
        Declaration("k INTEGER, v TEXT, PRIMARY KEY (k)", isAlias: true),
        Declaration("k INTEGER, v TEXT, PRIMARY KEY (k DESC)", isAlias: true),
        Declaration("k INTEGER, v TEXT, CONSTRAINT pk PRIMARY KEY (k COLLATE BINARY DESC)", isAlias: true),
        Declaration("k INTEGER PRIMARY KEY DESC, v TEXT", isAlias: false),
        Declaration("k INTEGER CONSTRAINT pk PRIMARY KEY DESC ON CONFLICT ROLLBACK, v TEXT", isAlias: false),
        Declaration("k INTEGER(10) PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k INTEGER (10, 2) PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k INT PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k BIGINT PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k UNSIGNED INTEGER PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k TEXT PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k PRIMARY KEY, v TEXT", isAlias: false),
        Declaration("k INTEGER, v TEXT, PRIMARY KEY (k, v)", isAlias: false),
        Declaration("k INTEGER PRIMARY KEY, v TEXT", options: "WITHOUT ROWID", isAlias: false),
        Declaration("k INTEGER UNIQUE, v TEXT", isAlias: false),
    ]

    /// Whether SQLite fills the key `k` of the table `t` with the rowid of a row inserted with
    /// NULL there. A WITHOUT ROWID table refuses the NULL: no alias either.
    static func sqliteMakesAlias(_ createTable: String) throws -> Bool {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try db.execute(sql: createTable)
            guard (try? db.execute(sql: "INSERT INTO t (k, v) VALUES (NULL, 'x')")) != nil else { return false }
            return try Bool.fetchOne(db, sql: "SELECT k IS NOT NULL AND k = rowid FROM t") ?? false
        }
    }

    static func createTable(_ definition: String, options: String = "") -> String {
        "CREATE TABLE t (\(definition)) \(options)"
    }

    @Test(arguments: declarations)
    func theModelSaysWhatSQLiteDoes(_ declaration: Declaration) throws {
        let (sql, isAlias) = (declaration.sql, declaration.isAlias)
        #expect(try Self.sqliteMakesAlias(sql) == isAlias, "SQLite's answer for \(sql)")
        let table = Schema.Table(try CreateTableStatement(sql: sql))
        #expect(table.hasRowIDAlias == isAlias, "\(sql)")
        #expect(table.rowIDAliasColumn?.name == (isAlias ? "k" : nil))
        // The table as the reconciler writes it again (a rebuild) keeps what the key is.
        let written = SchemaSQL.createTable(table)
        #expect(try Self.sqliteMakesAlias(written) == isAlias, "\(written)")
    }

    /// A key the file declares on its column, written with what the live table's definition
    /// kept, is the alias when the live one is: `PRIMARY KEY (k DESC)` stays a table constraint.
    @Test(arguments: ["k INTEGER PRIMARY KEY DESC, v TEXT", "k INTEGER, v TEXT, PRIMARY KEY (k DESC)",
                      "k INTEGER PRIMARY KEY, v TEXT"])
    func aDeclaredKeyWrittenWithTheLiveClausesStaysWhatItWas(live definition: String) throws {
        let live = Schema.Table(try CreateTableStatement(sql: Self.createTable(definition)))
        let declared = Schema.Table(name: "t", columns: [Schema.Column(name: "k", type: "INTEGER", isPrimaryKey: true),
                                                         Schema.Column(name: "v", type: "TEXT")])
        let isAlias = try Self.sqliteMakesAlias(Self.createTable(definition))
        let written = SchemaSQL.createTable(declared, kept: live.keptClauses)
        #expect(try Self.sqliteMakesAlias(written) == isAlias, "\(written)")
        #expect((declared.rowIDAliasColumn(writtenWith: live.keptClauses) != nil) == isAlias)
    }

    @Test func aDeclaredKeyOfTypeIntegerIsTheAliasAndOfAnotherTypeNot() {
        func table(type: String?, withoutRowID: Bool = false) -> Schema.Table {
            Schema.Table(name: "t", columns: [Schema.Column(name: "id", type: type, isPrimaryKey: true)],
                         isWithoutRowID: withoutRowID)
        }
        #expect(table(type: "INTEGER").hasRowIDAlias && table(type: "integer").hasRowIDAlias)
        #expect(!table(type: "INTEGER(10)").hasRowIDAlias)
        #expect(!table(type: "INT").hasRowIDAlias && !table(type: "BIGINT").hasRowIDAlias && !table(type: nil).hasRowIDAlias)
        #expect(!table(type: "INTEGER", withoutRowID: true).hasRowIDAlias)
    }
}
