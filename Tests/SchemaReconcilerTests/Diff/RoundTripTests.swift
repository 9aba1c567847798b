import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

// MARK: - Declared model → SQLite → inspected model

/// Every feature of the format, created in a real database and read back: the diff between the
/// declared and the inspected model must be empty, so that a second sync plans nothing.
@Suite struct RoundTripTests {
    static let teams = Schema.Table(name: "teams", columns: [
        Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
        Schema.Column(name: "name", type: "TEXT", isNotNull: true, isUnique: true, collation: "NOCASE"),
    ])
    static let users = Schema.Table(
        name: "users",
        columns: [
            Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true, isAutoincrement: true),
            Schema.Column(name: "email", type: "TEXT", isNotNull: true, isUnique: true),
            Schema.Column(name: "nickname", type: "TEXT"),
            Schema.Column(name: "score", type: "REAL", isNotNull: true, defaultValue: .integer(0)),
            Schema.Column(name: "status", type: "TEXT", defaultValue: .text("active")),
            Schema.Column(name: "created_at", type: "TEXT", defaultValue: .sql("CURRENT_TIMESTAMP")),
            Schema.Column(name: "stamp", type: "INTEGER", defaultValue: .sql("strftime('%s','now')")),
            Schema.Column(name: "ratio", type: "REAL", defaultValue: .real(-1.5)),
            Schema.Column(name: "flag", type: "BOOLEAN", defaultValue: .boolean(true)),
            Schema.Column(name: "nothing", type: "TEXT", defaultValue: .null),
            Schema.Column(name: "age", type: "INTEGER", check: "age >= 0"),
            Schema.Column(name: "team_id", type: "INTEGER",
                   reference: ColumnReference(table: "teams", column: "id", onDelete: .cascade, onUpdate: .setNull)),
            Schema.Column(name: "full_name", type: "TEXT"),
            Schema.Column(name: "label", type: "TEXT", generated: GeneratedColumn(expression: "nickname || '#' || id", isStored: false)),
            Schema.Column(name: "upper_email", type: "TEXT", generated: GeneratedColumn(expression: "upper(email)", isStored: true)),
            Schema.Column(name: "data"),
            Schema.Column(name: "price", type: "numeric(15, 4)"),
        ],
        indexes: [
            Schema.Index(name: "users_by_team", columns: ["team_id", "created_at"]),
            Schema.Index(name: "users_active", columns: ["email"], isUnique: true, condition: "status = 'active'"),
        ])
    static let memberships = Schema.Table(
        name: "memberships",
        columns: [
            Schema.Column(name: "user_id", type: "INTEGER", isNotNull: true),
            Schema.Column(name: "team_id", type: "INTEGER", isNotNull: true),
            Schema.Column(name: "role", type: "TEXT"),
            Schema.Column(name: "since", type: "TEXT"),
        ],
        primaryKey: ["user_id", "team_id"],
        uniqueConstraints: [["role", "since"]],
        checks: ["role IN ('owner', 'member')"],
        foreignKeys: [
            Schema.ForeignKey(columns: ["user_id"], table: "users", referencedColumns: ["id"], onDelete: .cascade),
            Schema.ForeignKey(columns: ["team_id"], table: "teams", referencedColumns: ["id"], isDeferred: true),
        ],
        isWithoutRowID: true)
    static let settings = Schema.Table(name: "settings", columns: [
        Schema.Column(name: "key", type: "TEXT", isPrimaryKey: true),
        Schema.Column(name: "value", type: "ANY"),
    ], isStrict: true)
    static let odd = Schema.Table(name: #"we"ird; name"#, columns: [
        Schema.Column(name: "select", type: "TEXT", defaultValue: .text("it's; ok")),
        Schema.Column(name: "ünï cødé", type: "BLOB"),
    ], indexes: [Schema.Index(name: "order", columns: ["select"])])

    static let schema = Schema(
        tables: [teams, users, memberships, settings, odd],
        views: [
            Schema.View(name: "active_users", select: "SELECT id, email FROM users WHERE status = 'active'"),
            Schema.View(name: "active_ids", select: "SELECT id FROM active_users"),
        ],
        triggers: [
            Schema.Trigger(name: "users_touch", table: "users", sql: """
                CREATE TRIGGER users_touch AFTER UPDATE OF email ON users
                BEGIN UPDATE users SET status = 'changed' WHERE id = NEW.id; END
                """),
        ])

    @Test func everyFeatureInspectsBackToTheDeclaredModel() throws {
        let queue = try DatabaseQueue()
        let plan = try planSteps(declared: Self.schema, live: Schema())
        try queue.write { db in
            for statement in plan.steps.flatMap(\.statements) { try db.execute(sql: statement) }
        }
        let live = try queue.read { try SchemaInspector().inspect($0) }
        let diff = try SchemaDiff(declared: Self.schema, live: live)
        #expect(diff.changes == [])
        #expect(diff.undeclared == [])
        #expect(live.tables.map(\.name) == Self.schema.tables.map(\.name))
        for table in Self.schema.tables {
            let inspected = try #require(live.table(named: table.name))
            #expect(inspected.columns.map(\.name) == table.columns.map(\.name))
            #expect(TableShape(inspected, in: live) == TableShape(table, in: Self.schema))
        }
    }

    @Test func eachDifferenceIsSeen() throws {
        let queue = try DatabaseQueue()
        let plan = try planSteps(declared: Self.schema, live: Schema())
        try queue.write { db in
            for statement in plan.steps.flatMap(\.statements) { try db.execute(sql: statement) }
        }
        let live = try queue.read { try SchemaInspector().inspect($0) }
        let order = Self.users.columns.map(\.name)
        var swapped = order
        swapped.swapAt(1, 2)
        let edits: [(String, @Sendable (inout Schema.Table) -> Void, [TableDifference])] = [
            ("type", { $0.columns[2].type = "BLOB" }, [.columnType(column: "nickname", from: "TEXT", to: "BLOB")]),
            ("not null", { $0.columns[2].isNotNull = true }, [.columnNotNull(column: "nickname", isAdded: true)]),
            ("default", { $0.columns[4].defaultValue = .text("idle") },
             [.columnDefault(column: "status", from: "'active'", to: "'idle'")]),
            ("collation", { $0.columns[1].collation = "NOCASE" }, [.columnCollation(column: "email", from: nil, to: "NOCASE")]),
            ("check", { $0.columns[10].check = "age > 0" },
             [.check(expression: "age > 0", isAdded: true), .check(expression: "age >= 0", isAdded: false)]),
            ("unique", { $0.columns[2].isUnique = true }, [.unique(columns: ["nickname"], isAdded: true)]),
            ("reference", { $0.columns[11].reference?.onDelete = .setNull },
             [.foreignKey(columns: ["team_id"], parent: "teams", isAdded: true),
              .foreignKey(columns: ["team_id"], parent: "teams", isAdded: false)]),
            ("generated", { $0.columns[13].generated?.isStored = true },
             [.columnGenerated(column: "label", from: "nickname || '#' || id VIRTUAL", to: "nickname || '#' || id STORED")]),
            ("strict", { $0.isStrict = true }, [.strict(isAdded: true)]),
            ("order", { $0.columns.swapAt(1, 2) }, [.columnOrder(from: order, to: swapped)]),
            ("constraint name", { $0.constraintNames.declare("users_age_check", for: .check(expression: "(age >= 0)")) },
             [.constraintName(constraint: .check(expression: "age >= 0"), from: nil, to: "users_age_check")]),
            ("no constraint name", { $0.constraintNames.declare(nil, for: .unique(columns: ["EMAIL"])) }, []),
            ("name of a new constraint", {
                $0.columns[2].isUnique = true
                $0.constraintNames.declare("users_nickname_key", for: .unique(columns: ["nickname"]))
            }, [.unique(columns: ["nickname"], isAdded: true)]),
        ]
        for (name, edit, expected) in edits {
            var changed = Self.schema
            edit(&changed.tables[1])
            let diff = try SchemaDiff(declared: changed, live: live)
            #expect(diff.changes == expected.map { .alterTable(table: "users", difference: $0) }, "\(name)")
        }
    }
}
