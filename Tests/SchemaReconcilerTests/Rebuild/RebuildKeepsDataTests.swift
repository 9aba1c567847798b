import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - The declaration of the rebuilt table

/// The `items` table as schema.yaml declares it: its columns in order, and its table-level keys.
struct ItemsDeclaration: Sendable {
    var columns: [(name: String, yaml: String)]
    var options: [String] = []

    /// The shape every case starts from, and changes one thing of.
    static let standard = ItemsDeclaration(columns: [
        ("id", "{ type: INTEGER, primary_key: true, autoincrement: true }"),
        ("code", "{ type: TEXT, unique: true }"),
        ("name", "TEXT"),
        ("big", "INTEGER"),
        ("ratio", "REAL"),
        ("data", "BLOB"),
        ("amount", "TEXT"),
        ("owner_id", "{ type: INTEGER, references: owners.id }"),
    ])

    /// The standard shape with a plain INTEGER PRIMARY KEY (no AUTOINCREMENT).
    static let plainKey = standard.with("id", "{ type: INTEGER, primary_key: true }")

    /// The same with one column's declaration replaced, or appended when the table lacks it.
    func with(_ name: String, _ yaml: String) -> ItemsDeclaration {
        var copy = self
        if let position = copy.columns.firstIndex(where: { $0.name == name }) {
            copy.columns[position].yaml = yaml
        } else {
            copy.columns.append((name, yaml))
        }
        return copy
    }

    /// The same with a column moved to another position.
    func moving(_ name: String, to position: Int) -> ItemsDeclaration {
        var copy = self
        let column = copy.columns.remove(at: copy.columns.firstIndex { $0.name == name }!)
        copy.columns.insert(column, at: position)
        return copy
    }

    /// The same with a table-level key (`strict: true`, `primary_key: [id, code]` …).
    func with(option: String) -> ItemsDeclaration {
        var copy = self
        copy.options.append(option)
        return copy
    }

    var isWithoutRowID: Bool { options.contains("without_rowid: true") }
    var hasCompositeKey: Bool { options.contains { $0.hasPrefix("primary_key:") } }
    var hasAutoincrement: Bool { columns.contains { $0.yaml.contains("autoincrement: true") } }

    var yaml: String {
        (options.map { "    " + $0 } + ["    columns:"] + columns.map { "      \($0.name): \($0.yaml)" })
            .joined(separator: "\n")
    }
}

// MARK: - RebuildCase

/// One kind of change that ALTER TABLE cannot make: `items` is edited in place when the stored
/// rows stay as they are, rebuilt otherwise.
struct RebuildCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// How the change is made.
    var method: Step.Method = .rebuild
    var before: ItemsDeclaration
    var after: ItemsDeclaration
    /// Columns whose values change on purpose, with their typed values after the sync, rows 1…4 by id.
    var expected: [String: [String]] = [:]
    /// New columns whose values cannot be predicted: they must only be filled (not NULL).
    var filled: [String] = []

    var testDescription: String { name }

    static let all: [RebuildCase] = {
        let standard = ItemsDeclaration.standard
        let plain = ItemsDeclaration.plainKey
        let composite = plain.with("id", "INTEGER").with(option: "primary_key: [id, code]")
        let names = [Stored.text("Ünïcødé ✓ 日本"), Stored.null, Stored.text("plain"), Stored.text("Ünïcødé ✓ 日本 2")]
        let checked = #"{ type: REAL, check: "ratio IS NULL OR ratio < 10" }"#
        return [
            RebuildCase(name: "type TEXT → REAL converts numeric text", before: standard,
                        after: standard.with("amount", "REAL"),
                        expected: ["amount": [Stored.real(4), Stored.null, Stored.text("x"), Stored.real(2.5)]]),
            RebuildCase(name: "type INTEGER → TEXT converts integers, all 64 bits", before: standard,
                        after: standard.with("big", "TEXT"),
                        expected: ["big": [Stored.text("9223372036854775807"), Stored.text("-9223372036854775808"),
                                           Stored.text("0"), Stored.text("42")]]),
            RebuildCase(name: "type TEXT → BLOB keeps every value", method: .inPlace, before: standard,
                        after: standard.with("name", "BLOB")),
            RebuildCase(name: "type TEXT → INTEGER over text that is no number", method: .inPlace, before: standard,
                        after: standard.with("name", "INTEGER")),
            RebuildCase(name: "type BLOB → TEXT over blobs", method: .inPlace, before: standard, after: standard.with("data", "TEXT")),
            RebuildCase(name: "type INTEGER → NUMERIC over integers", method: .inPlace, before: standard,
                        after: standard.with("big", "NUMERIC")),
            RebuildCase(name: "type INTEGER → NUMERIC with NOT NULL, after the upgrades", before: standard,
                        after: standard.with("big", "{ type: NUMERIC, not_null: true, default: 0 }")),
            RebuildCase(name: "type REAL → BLOB (a REAL may be stored as an integer)", before: standard,
                        after: standard.with("ratio", "BLOB")),
            RebuildCase(name: "type TEXT → INTEGER of a foreign key's parent column", before: standard,
                        after: standard.with("code", "{ type: INTEGER, unique: true }")),
            RebuildCase(name: "NOT NULL added", method: RunningSQLite.notNullMethod, before: standard,
                        after: standard.with("code", "{ type: TEXT, unique: true, not_null: true }")),
            RebuildCase(name: "NOT NULL removed", method: RunningSQLite.notNullMethod,
                        before: standard.with("code", "{ type: TEXT, unique: true, not_null: true }"), after: standard),
            RebuildCase(name: "DEFAULT changed", method: .inPlace, before: standard.with("amount", "{ type: TEXT, default: zero }"),
                        after: standard.with("amount", "{ type: TEXT, default: one }")),
            RebuildCase(name: "DEFAULT added", method: .inPlace, before: standard, after: standard.with("ratio", "{ type: REAL, default: 1.5 }")),
            RebuildCase(name: "CHECK added", method: .inPlace, before: standard, after: standard.with("ratio", checked)),
            RebuildCase(name: "CHECK removed", method: .inPlace, before: standard.with("ratio", checked), after: standard),
            RebuildCase(name: "table CHECK added", method: .inPlace, before: standard,
                        after: standard.with(option: #"checks: ["length(code) = 1"]"#)),
            RebuildCase(name: "COLLATE changed", method: .inPlace, before: standard,
                        after: standard.with("name", "{ type: TEXT, collate: NOCASE }")),
            RebuildCase(name: "COLLATE changed on a UNIQUE column", method: .inPlace, before: standard,
                        after: standard.with("code", "{ type: TEXT, unique: true, collate: NOCASE }")),
            RebuildCase(name: "UNIQUE added", before: standard, after: standard.with("name", "{ type: TEXT, unique: true }")),
            RebuildCase(name: "UNIQUE removed", before: standard.with("name", "{ type: TEXT, unique: true }"), after: standard),
            RebuildCase(name: "table UNIQUE added", before: standard, after: standard.with(option: "unique: [[name, big]]")),
            RebuildCase(name: "PRIMARY KEY: INTEGER PRIMARY KEY → composite", before: plain, after: composite),
            RebuildCase(name: "PRIMARY KEY: composite → INTEGER PRIMARY KEY", before: composite, after: plain),
            RebuildCase(name: "AUTOINCREMENT added", before: plain, after: standard),
            RebuildCase(name: "AUTOINCREMENT removed", before: standard, after: plain),
            RebuildCase(name: "REFERENCES added", method: .inPlace, before: standard.with("owner_id", "INTEGER"), after: standard),
            RebuildCase(name: "REFERENCES action changed", method: .inPlace, before: standard,
                        after: standard.with("owner_id", "{ type: INTEGER, references: owners.id, on_delete: SET NULL }")),
            RebuildCase(name: "REFERENCES removed", method: .inPlace, before: standard, after: standard.with("owner_id", "INTEGER")),
            RebuildCase(name: "STRICT on", before: standard, after: standard.with(option: "strict: true")),
            RebuildCase(name: "STRICT off", before: standard.with(option: "strict: true"), after: standard),
            RebuildCase(name: "WITHOUT ROWID on", before: plain, after: plain.with(option: "without_rowid: true")),
            RebuildCase(name: "WITHOUT ROWID off", before: plain.with(option: "without_rowid: true"), after: plain),
            RebuildCase(name: "column order changed", before: standard, after: standard.moving("name", to: 1)),
            RebuildCase(name: "generated column added as STORED", before: standard,
                        after: standard.with("name_len", #"{ type: INTEGER, generated: "length(name)", stored: true }"#),
                        expected: ["name_len": [Stored.integer(12), Stored.null, Stored.integer(5), Stored.integer(14)]]),
            RebuildCase(name: "STORED generated expression changed",
                        before: standard.with("shout", #"{ type: TEXT, generated: "upper(name)", stored: true }"#),
                        after: standard.with("shout", #"{ type: TEXT, generated: "lower(name)", stored: true }"#),
                        expected: ["shout": names]),
            RebuildCase(name: "VIRTUAL generated expression changed",
                        before: standard.with("label", #"{ type: TEXT, generated: "code || '#' || id" }"#),
                        after: standard.with("label", #"{ type: TEXT, generated: "code || '-' || id" }"#),
                        expected: ["label": ["a-1", "b-2", "c-3", "d-4"].map(Stored.text)]),
            RebuildCase(name: "UNIQUE column added", before: standard,
                        after: standard.with("serial", "{ type: TEXT, unique: true }"),
                        expected: ["serial": Array(repeating: Stored.null, count: 4)]),
            RebuildCase(name: "NOT NULL column with a non-constant default added", before: standard,
                        after: standard.with("added_at", "{ type: TEXT, not_null: true, default_sql: CURRENT_TIMESTAMP }"),
                        filled: ["added_at"]),
            RebuildCase(name: "column with REFERENCES and a default added", before: standard,
                        after: standard.with("owner2", "{ type: INTEGER, default: 2, references: owners.id }"),
                        expected: ["owner2": Array(repeating: Stored.integer(2), count: 4)]),
        ]
    }()
}

// MARK: - Every kind of rebuild keeps the data

@Suite struct RebuildKeepsDataTests {
    static func schema(_ items: ItemsDeclaration) -> String {
        """
        version: 1.0.0
        tables:
          owners:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: TEXT
          items:
        \(items.yaml)
            indexes:
              items_by_name: [name]
          children:
            columns:
              id:        { type: INTEGER, primary_key: true }
              item_code: { type: TEXT, references: items.code, on_delete: CASCADE }
              label:     TEXT
          audit:
            columns:
              id:   { type: INTEGER, primary_key: true }
              code: TEXT
              name: TEXT
        views:
          item_names: SELECT id, code, name FROM items
        triggers:
          items_audit: |
            CREATE TRIGGER items_audit AFTER UPDATE OF name ON items
            BEGIN INSERT INTO audit (code, name) VALUES (NEW.code, NEW.name); END
        """
    }

    /// NULLs, unicode, blobs, the 64-bit extremes and reals; the last row is deleted so that
    /// an AUTOINCREMENT counter (5) is above max(id) (4).
    static let seed = """
        INSERT INTO owners (id, name) VALUES (1, 'one'), (2, 'two');
        INSERT INTO items (id, code, name, big, ratio, data, amount, owner_id) VALUES
          (1, 'a', 'Ünïcødé ✓ 日本', 9223372036854775807, 3.141592653589793, x'00ff10', '4', 1),
          (2, 'b', NULL, -9223372036854775808, NULL, NULL, NULL, NULL),
          (3, 'c', 'plain', 0, -0.5, x'', 'x', 2),
          (4, 'd', 'Ünïcødé ✓ 日本 2', 42, 2.5e-300, x'deadbeef', '2.5', 2),
          (5, 'e', 'gone', 5, 5.0, x'05', '5', 1);
        INSERT INTO children (id, item_code, label) VALUES
          (1, 'a', 'first'), (2, 'b', NULL), (3, 'c', 'Ünïcødé'), (4, 'd', x'00'), (5, NULL, 'none');
        DELETE FROM items WHERE id = 5;
        """

    /// The definition a new database gets for `items`.
    static func freshDefinition(of items: ItemsDeclaration) throws -> String? {
        let space = try Workspace()
        try space.writeSchema(schema(items))
        try space.sync()
        return try space.tableDefinition("items")
    }

    /// The table as a new database created from the declaration has it.
    static func freshTable(of items: ItemsDeclaration) throws -> Schema.Table? {
        let space = try Workspace()
        try space.writeSchema(schema(items))
        try space.sync()
        return try space.inspect().table(named: "items")
    }

    /// The same change made by a rebuild: the definition and the rows it leaves.
    static func rebuiltCopy(_ change: RebuildCase) throws -> (definition: String?, rows: [[String: String]]) {
        let space = try Workspace()
        try space.writeSchema(schema(change.before))
        try space.sync()
        try space.execute(seed)
        try space.writeSchema(schema(change.after))
        var options = Reconciler.Options()
        options.editsInPlace = false
        let report = try space.sync(options)
        #expect(report.rebuilt("items"))
        let keepsRowID = !change.before.isWithoutRowID && !change.after.isWithoutRowID
        return (try space.tableDefinition("items"), try space.typedRows(itemsQuery(withRowID: keepsRowID)))
    }

    static func itemsQuery(withRowID: Bool) -> String {
        "SELECT \(withRowID ? "rowid AS \"(rowid)\", " : "")* FROM items ORDER BY id"
    }

    @Test(arguments: RebuildCase.all)
    func everyKindOfRebuildKeepsTheData(_ change: RebuildCase) throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(change.before))
        try space.sync()
        try space.execute(Self.seed)

        let keepsRowID = !change.before.isWithoutRowID && !change.after.isWithoutRowID
        let before = try space.typedRows(Self.itemsQuery(withRowID: keepsRowID))
        try #require(before.count == 4)
        #expect(before[0]["big"] == Stored.integer(.max))
        #expect(before[1]["big"] == Stored.integer(.min))
        #expect(before[0]["ratio"] == Stored.real(3.141592653589793))
        #expect(before[0]["data"] == "blob x'00ff10'")
        #expect(before[0]["name"] == Stored.text("Ünïcødé ✓ 日本"))
        let children = try space.typedRows("SELECT * FROM children ORDER BY id")
        if change.before.hasAutoincrement { #expect(try space.sequence(of: "items") == 5) }

        try space.writeSchema(Self.schema(change.after))
        let report = try space.syncComparingWithItsDryRun(varying: Set(change.filled))
        let method = report.plan.steps.first { step in
            step.table == "items" && (step.method != .native || step.action == .editTable(table: "items"))
        }?.method
        #expect(method == change.method, "\(report.plan.steps.map(\.description))")

        // (a) The live schema is the declared one: the table is written as a new database has
        // it, and SQLite finds the file sound.
        #expect(try space.remainingChanges() == [])
        #expect(try space.value("PRAGMA integrity_check", as: String.self) == "ok")
        if change.method == .native {
            // SQLite's ALTER COLUMN writes NOT NULL at the end of the column's definition, where
            // a new database has it first: the same table, in other words.
            #expect(try space.inspect().table(named: "items") == Self.freshTable(of: change.after))
        } else {
            #expect(try space.tableDefinition("items") == Self.freshDefinition(of: change.after))
        }

        // (b) Every row, value for value, but for the conversions the change itself makes.
        let after = try space.typedRows(Self.itemsQuery(withRowID: keepsRowID))
        try #require(after.count == before.count)
        for (index, (old, new)) in zip(before, after).enumerated() {
            for column in Set(old.keys).union(new.keys).sorted() {
                if let values = change.expected[column] {
                    #expect(new[column] == values[index], "row \(index + 1), column \(column)")
                } else if change.filled.contains(column) {
                    #expect(new[column] != nil && new[column] != Stored.null, "row \(index + 1), column \(column)")
                } else {
                    #expect(new[column] == old[column], "row \(index + 1), column \(column)")
                }
            }
        }

        // An edit without a copy leaves what a rebuild would have left.
        if change.method == .inPlace {
            let rebuilt = try Self.rebuiltCopy(change)
            #expect(try space.tableDefinition("items") == rebuilt.definition)
            #expect(after == rebuilt.rows)
        } else if change.method == .native {
            let rebuilt = try Self.rebuiltCopy(change)
            #expect(try space.inspect().table(named: "items") == Self.freshTable(of: change.after))
            #expect(after == rebuilt.rows)
        }

        // (c) The AUTOINCREMENT counter.
        if change.before.hasAutoincrement && change.after.hasAutoincrement {
            #expect(try space.sequence(of: "items") == 5)
        } else if change.after.hasAutoincrement {
            #expect(try (space.sequence(of: "items") ?? 0) >= 4)
        } else {
            #expect(try space.sequence(of: "items") == nil)
        }

        // (e) Foreign keys hold and no child row is lost.
        #expect(try space.foreignKeyProblems() == [])
        #expect(try space.typedRows("SELECT * FROM children ORDER BY id") == children)

        // (f) A second sync does nothing.
        let bytes = try space.fileBytes()
        #expect(try !space.sync().didChange)
        #expect(try space.fileBytes() == bytes)

        // (d) The index, the view and the trigger still work.
        #expect(try space.objectNames("index").contains("items_by_name"))
        #expect(try space.read {
            try Int64.fetchAll($0, sql: "SELECT id FROM items INDEXED BY items_by_name WHERE name = 'plain'")
        } == [3])
        #expect(try space.value("SELECT count(*) FROM item_names", as: Int.self) == 4)
        try space.execute("UPDATE items SET name = 'renamed' WHERE id = 3")
        #expect(try space.typedRows("SELECT code, name FROM audit") == [["code": Stored.text("c"), "name": Stored.text("renamed")]])
        #expect(try space.value("SELECT name FROM item_names WHERE code = 'c'", as: String.self) == "renamed")

        // A new row gets a fresh id: above the counter when the table kept one.
        if !change.after.isWithoutRowID && !change.after.hasCompositeKey {
            try space.execute("INSERT INTO items (code, name) VALUES ('z', 'new')")
            let id = try space.value("SELECT id FROM items WHERE code = 'z'", as: Int64.self)
            #expect(id == (change.before.hasAutoincrement && change.after.hasAutoincrement ? 6 : 5))
        }
    }
}

// MARK: - What the file cannot declare

@Suite struct RebuildKeepsUndeclarableClausesTests {
    static let handWritten = """
        CREATE TABLE contacts (
          _id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL ON CONFLICT IGNORE,
          a TEXT, b TEXT,
          email TEXT,
          qty INTEGER CONSTRAINT ck_qty CHECK (qty >= 0),
          note TEXT,
          CONSTRAINT u_ab UNIQUE (a, b) ON CONFLICT REPLACE,
          UNIQUE (email COLLATE NOCASE)
        );
        CREATE TABLE ranked (id INTEGER PRIMARY KEY DESC, v TEXT);
        INSERT INTO contacts (name, a, b, email, qty, note) VALUES ('Ann', 'x', 'y', 'ann@x.org', 1, ''), ('Bo', 'x', 'z', 'bo@x.org', 2, '');
        INSERT INTO ranked (rowid, id, v) VALUES (10, 3, 'c'), (20, 1, '7'), (30, 'two', 'b');
        """

    /// The same tables as the file can declare them; `changed` makes `note` NOT NULL with a
    /// default (an edit in place) and `v` an INTEGER (a rebuild: it converts the '7' stored as text).
    static func schema(changed: Bool) -> String {
        """
        version: \(changed ? "1.1.0" : "1.0.0")
        tables:
          contacts:
            unique: [{ columns: [a, b], on_conflict: replace }, [email]]
            columns:
              _id: { type: INTEGER, primary_key: true, autoincrement: true }
              name: { type: TEXT, not_null: { on_conflict: ignore } }
              a: TEXT
              b: TEXT
              email: TEXT
              qty: { type: INTEGER, check: "qty >= 0" }
              note: \(changed ? "{ type: TEXT, not_null: true, default: '' }" : "TEXT")
          ranked:
            columns:
              id: { type: INTEGER, primary_key: true }
              v: \(changed ? "INTEGER" : "TEXT")
        """
    }

    @Test func aRebuildKeepsConflictClausesConstraintNamesAndKeyTerms() throws {
        let space = try Workspace()
        try space.execute(Self.handWritten)
        try space.writeSchema(Self.schema(changed: false))
        let adopted = try space.sync()
        #expect(adopted.plan.steps.isEmpty, "adopting the database changes nothing")

        try space.writeSchema(Self.schema(changed: true))
        let report = try space.sync()
        // The NOT NULL with a default is an edit in place; the type of another affinity, a copy.
        #expect(report.editedInPlace("contacts") && report.rebuilt("ranked"))
        #expect(try space.remainingChanges() == [])

        // NOT NULL ON CONFLICT IGNORE still ignores, UNIQUE ON CONFLICT REPLACE still replaces.
        try space.execute("""
            INSERT INTO contacts (name, a, b) VALUES (NULL, 'p', 'q');
            INSERT INTO contacts (name, a, b, qty) VALUES ('Ann again', 'x', 'y', 5);
            """)
        #expect(try space.read { try String.fetchAll($0, sql: "SELECT name FROM contacts ORDER BY _id") } == ["Bo", "Ann again"])
        // The key still compares email without case, and the check still has its name.
        #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO contacts (name, email) VALUES ('A', 'BO@X.ORG')") }
        let failure = #expect(throws: DatabaseError.self) { try space.execute("INSERT INTO contacts (name, qty) VALUES ('C', -1)") }
        #expect(failure?.message?.contains("ck_qty") == true)
        // An INTEGER PRIMARY KEY DESC is no rowid: rowids and the text key are kept.
        #expect(try space.typedRows("SELECT rowid AS r, id FROM ranked ORDER BY rowid") == [
            ["r": Stored.integer(10), "id": Stored.integer(3)], ["r": Stored.integer(20), "id": Stored.integer(1)],
            ["r": Stored.integer(30), "id": Stored.text("two")],
        ])
        #expect(try !space.sync().didChange)
    }

    /// `PRIMARY KEY (id DESC)`, a table constraint, is the rowid's alias (a column's
    /// `PRIMARY KEY DESC` is not): rebuilt from a file that declares the key on its column, the
    /// table keeps the constraint where it was, and new rows still get their id from the rowid.
    @Test func aRebuildKeepsADescendingTableKeyTheRowid() throws {
        let space = try Workspace()
        try space.execute("""
            CREATE TABLE ranked (id INTEGER, v TEXT, PRIMARY KEY (id DESC));
            INSERT INTO ranked (id, v) VALUES (5, 'a'), (9, '7');
            """)
        for (version, type) in [("1.0.0", "TEXT"), ("1.1.0", "INTEGER")] {
            try space.writeSchema("""
                version: \(version)
                tables:
                  ranked:
                    columns:
                      id: { type: INTEGER, primary_key: true }
                      v: \(type)
                """)
            _ = try space.sync()
        }
        #expect(try space.remainingChanges() == [])
        try space.execute("INSERT INTO ranked (v) VALUES ('new')")
        #expect(try space.typedRows("SELECT rowid AS r, id FROM ranked ORDER BY rowid") == [
            ["r": Stored.integer(5), "id": Stored.integer(5)], ["r": Stored.integer(9), "id": Stored.integer(9)],
            ["r": Stored.integer(10), "id": Stored.integer(10)],
        ])
        #expect(try !space.sync().didChange)
    }
}
