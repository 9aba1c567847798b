import Testing
import SchemaReconciler

// MARK: - Planner units: which changes become which SQL, in which phase

@Suite struct PlannerTests {
    let users = Schema.Table(name: "users", columns: [
        Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
        Schema.Column(name: "email", type: "TEXT", isNotNull: true),
    ])

    func plan(declared: Schema, live: Schema, drop: DropList = DropList(), rows: [String: Int] = [:],
              version: Int = 3_040_001) throws -> Plan {
        try planSteps(declared: declared, live: live, drop: drop, rows: rows, sqliteVersion: version)
    }

    @Test func equalSchemasPlanNothing() throws {
        let schema = Schema(tables: [users])
        #expect(try plan(declared: schema, live: schema).isEmpty)
    }

    @Test func newTablesAreCreatedParentsFirst() throws {
        let posts = Schema.Table(name: "posts", columns: [
            Schema.Column(name: "id", type: "INTEGER", isPrimaryKey: true),
            Schema.Column(name: "user_id", type: "INTEGER", reference: ColumnReference(table: "users", column: "id")),
        ])
        let result = try plan(declared: Schema(tables: [posts, users]), live: Schema())
        #expect(result.steps.map(\.action) == [.createTable(table: "users"), .createTable(table: "posts")])
        #expect(result.steps.allSatisfy { $0.phase == .expand })
    }

    @Test func aNullableColumnIsAddedWithAddColumn() throws {
        var declared = users
        declared.columns.append(Schema.Column(name: "nickname", type: "TEXT"))
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [users]), rows: ["users": 3])
        #expect(result.steps.count == 1)
        #expect(result.steps[0].statements == [#"ALTER TABLE "users" ADD COLUMN "nickname" TEXT"#])
        #expect(result.steps[0].method == .native)
    }

    @Test func aNotNullColumnWithoutDefaultIsAddedNullableThenTightenedAfterUpgrades() throws {
        var declared = users
        declared.columns.append(Schema.Column(name: "display_name", type: "TEXT", isNotNull: true))
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [users]), rows: ["users": 3])
        #expect(result.expandSteps.map(\.statements) == [[#"ALTER TABLE "users" ADD COLUMN "display_name" TEXT"#]])
        #expect(result.contractSteps.count == 1)
        #expect(result.contractSteps[0].isRebuild(rows: 3))
        #expect(result.contractSteps[0].checks.map(\.constraint) == [.notNull(column: "display_name")])
    }

    @Test func onAnEmptyTableEverythingHappensBeforeUpgrades() throws {
        var declared = users
        declared.columns.append(Schema.Column(name: "display_name", type: "TEXT", isNotNull: true))
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [users]), rows: ["users": 0])
        #expect(result.contractSteps.isEmpty)
        #expect(result.expandSteps.count == 1)
        #expect(result.expandSteps[0].isRebuild(rows: 0))
    }

    @Test func aTypeChangeRebuildsAndKeepsUndeclaredColumnsLast() throws {
        var live = users
        live.columns.insert(Schema.Column(name: "legacy", type: "BLOB"), at: 1)
        var declared = users
        declared.columns[1].type = "BLOB"
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [live]), rows: ["users": 2])
        let rebuild = try #require(result.steps.first { $0.isRebuild(rows: 2) })
        #expect(rebuild.phase == .expand)
        #expect(rebuild.statements[0].contains(#""email" BLOB NOT NULL,\#n  "legacy" BLOB"#))
        #expect(rebuild.statements.contains(
            #"INSERT OR ABORT INTO "_reconciler_new_users" ("id", "email", "legacy") SELECT "id", "email", "legacy" FROM "users""#))
        #expect(result.warnings.undeclared == [SchemaObject(kind: .column, name: "legacy", table: "users")])
    }

    @Test func aRebuildKeepsTheRowidWhenTheTableHasNoIntegerPrimaryKey() throws {
        let live = Schema.Table(name: "notes", columns: [Schema.Column(name: "body", type: "TEXT")])
        var declared = live
        declared.columns[0].isNotNull = true
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [live]), rows: ["notes": 1])
        #expect(result.contractSteps.first?.statements.contains(
            #"INSERT OR ABORT INTO "_reconciler_new_notes" (rowid, "body") SELECT rowid, "body" FROM "notes""#) == true)
    }

    @Test func aRebuildKeepsTheAutoincrementCounter() throws {
        var live = users
        live.columns[0].isAutoincrement = true
        var declared = live
        declared.columns[1].defaultValue = .text("none")
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [live]), rows: ["users": 1])
        let statements = try #require(result.steps.first).statements
        #expect(statements.contains { $0.hasPrefix("UPDATE sqlite_sequence SET seq = max(seq") })
    }

    @Test func renamesAreNativeAndCaseOnlyRenamesGoThroughATemporaryName() throws {
        var declared = users
        declared.name = "Users"
        declared.columns[1].renamedFrom = ["mail"]
        var live = users
        live.columns[1].name = "mail"
        let renames = try RenameDiff(declared: Schema(tables: [declared]), live: Schema(tables: [live]))
        #expect(renames.changes == [.renameTable(from: "users", to: "Users"),
                                    .renameColumn(table: "Users", from: "mail", to: "email")])
        let steps = try Planner(declared: Schema(tables: [declared]), live: Schema(tables: [live])).renameSteps(renames)
        #expect(steps.map(\.statements) == [
            [#"ALTER TABLE "users" RENAME TO "_reconciler_new_Users""#, #"ALTER TABLE "_reconciler_new_Users" RENAME TO "Users""#],
            [#"ALTER TABLE "Users" RENAME COLUMN "mail" TO "email""#],
        ])
    }

    @Test func aRenameWhoseOldAndNewNamesBothExistIsRefused() throws {
        var declared = users
        declared.renamedFrom = ["people"]
        var people = users
        people.name = "people"
        #expect(throws: DiffError.renameConflict(kind: .table, old: "people", new: "users", table: nil)) {
            try plan(declared: Schema(tables: [declared]), live: Schema(tables: [users, people]))
        }
    }

    @Test func aNewUniqueIndexOnRowsWaitsForUpgradesAndChecksDuplicates() throws {
        var declared = users
        declared.indexes = [Schema.Index(name: "users_email", columns: ["email"], isUnique: true)]
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [users]), rows: ["users": 5])
        #expect(result.contractSteps.map(\.action) == [.createIndex(table: "users", index: "users_email", isUnique: true)])
        #expect(result.contractSteps[0].checkedConstraints == [.unique(columns: ["email"])])
    }

    @Test func undeclaredObjectsAreReportedAndNeverDropped() throws {
        var live = users
        live.indexes = [Schema.Index(name: "old_idx", columns: ["email"], sql: "CREATE INDEX old_idx ON users (email)")]
        let cache = Schema.Table(name: "cache", columns: [Schema.Column(name: "k")])
        let result = try plan(declared: Schema(tables: [users]), live: Schema(tables: [live, cache]))
        #expect(result.isEmpty)
        #expect(result.warnings.undeclared == [SchemaObject(kind: .index, name: "old_idx", table: "users"),
                                               SchemaObject(kind: .table, name: "cache")])
    }

    @Test func declaredDropsRunInTheContractStep() throws {
        var live = users
        live.columns.append(Schema.Column(name: "password_plain", type: "TEXT"))
        live.indexes = [Schema.Index(name: "by_password", columns: ["password_plain"], sql: #"CREATE INDEX by_password ON users (password_plain)"#)]
        let cache = Schema.Table(name: "cache", columns: [Schema.Column(name: "k")])
        let drop = DropList(tables: ["cache"], columns: ["users": ["password_plain"]])
        let result = try plan(declared: Schema(tables: [users]), live: Schema(tables: [live, cache]), drop: drop,
                              rows: ["users": 1, "cache": 4])
        #expect(result.expandSteps.isEmpty)
        #expect(result.contractSteps.map(\.statements) == [
            [#"DROP INDEX "by_password""#, #"ALTER TABLE "users" DROP COLUMN "password_plain""#],
            [#"DROP TABLE "cache""#],
        ])
        #expect(result.contractSteps[0].droppedIndexes == ["by_password"])
        #expect(result.contractSteps[1].rows == 4)
    }

    @Test func oldSQLiteDropsColumnsByRebuilding() throws {
        var live = users
        live.columns.append(Schema.Column(name: "password_plain", type: "TEXT"))
        let drop = DropList(columns: ["users": ["password_plain"]])
        let result = try plan(declared: Schema(tables: [users]), live: Schema(tables: [live]), drop: drop,
                              rows: ["users": 1], version: 3_031_000)
        #expect(result.contractSteps.count == 1)
        #expect(result.contractSteps[0].isRebuild(rows: 1))
    }

    @Test func changedViewsAreDroppedFirstAndCreatedInDependencyOrder() throws {
        let declared = Schema(tables: [users], views: [
            Schema.View(name: "b", select: "SELECT id FROM a"),
            Schema.View(name: "a", select: "SELECT id FROM users WHERE email <> ''"),
        ])
        let live = Schema(tables: [users], views: [Schema.View(name: "a", select: "SELECT id FROM users")])
        let result = try plan(declared: declared, live: live)
        #expect(result.steps.map(\.action) == [.dropView(view: "a"), .createView(view: "a"), .createView(view: "b")])
        #expect(result.steps.map(\.changes) == [[.recreateView(view: "a")], [.recreateView(view: "a")], [.createView(view: "b")]])
    }

    @Test func everyNameIsQuoted() throws {
        let odd = Schema.Table(name: #"we"ird; table"#, columns: [Schema.Column(name: "select", type: "TEXT")],
                        indexes: [Schema.Index(name: "in dex", columns: ["select"])])
        let result = try plan(declared: Schema(tables: [odd]), live: Schema())
        #expect(result.steps[0].statements == [
            "CREATE TABLE \"we\"\"ird; table\" (\n  \"select\" TEXT\n)",
            #"CREATE INDEX "in dex" ON "we""ird; table" ("select")"#,
        ])
    }

    @Test func undeclaredColumnsEndUpAfterTheDeclaredOnes() throws {
        var live = users
        live.columns.append(Schema.Column(name: "legacy", type: "TEXT"))
        // Already last: nothing to do.
        #expect(try plan(declared: Schema(tables: [users]), live: Schema(tables: [live]), rows: ["users": 1]).steps.isEmpty)
        // A new column would land after it: the table is rebuilt to put it before.
        var declared = users
        declared.columns.append(Schema.Column(name: "nickname", type: "TEXT"))
        let result = try plan(declared: Schema(tables: [declared]), live: Schema(tables: [live]), rows: ["users": 1])
        #expect(result.steps.count == 1)
        #expect(result.steps[0].isRebuild(rows: 1))
        #expect(result.steps[0].statements[0].hasSuffix(#""nickname" TEXT,\#n  "legacy" TEXT\#n)"#))
    }

    // MARK: NOT NULL by ALTER COLUMN

    /// SQLite 3.53 and later set and drop NOT NULL themselves: the planner uses that when NOT
    /// NULL is all that changes, counting the rows first; otherwise an older SQLite, or another
    /// change in the same table, keeps the table's definition written whole.
    @Test func notNullAloneIsSetByAlterColumnWhereSQLiteHasIt() throws {
        var nullable = users
        nullable.columns[1].isNotNull = false
        let tighten = try plan(declared: Schema(tables: [users]), live: Schema(tables: [nullable]), rows: ["users": 3],
                               version: 3_053_000)
        #expect(tighten.steps.map(\.method) == [.native])
        #expect(tighten.contractSteps.map(\.statements) == [[#"ALTER TABLE "users" ALTER COLUMN "email" SET NOT NULL"#]])
        #expect(tighten.steps.first?.checkedConstraints == [.notNull(column: "email")])

        let relax = try plan(declared: Schema(tables: [nullable]), live: Schema(tables: [users]), rows: ["users": 3],
                             version: 3_053_000)
        #expect(relax.expandSteps.map(\.statements) == [[#"ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL"#]])
        #expect(relax.steps.first?.checks == [])

        let older = try plan(declared: Schema(tables: [users]), live: Schema(tables: [nullable]), rows: ["users": 3],
                             version: 3_052_000)
        #expect(older.steps.map(\.method) == [.rebuild])

        var withDefault = users
        withDefault.columns[1].defaultValue = .text("none")
        let mixed = try plan(declared: Schema(tables: [withDefault]), live: Schema(tables: [nullable]), rows: ["users": 3],
                             version: 3_053_000)
        #expect(mixed.steps.map(\.method) == [.rebuild])
    }
}
