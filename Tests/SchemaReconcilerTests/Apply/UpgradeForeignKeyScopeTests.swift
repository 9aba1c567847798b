import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

/// A sync that runs upgrade scripts checks foreign keys in the tables the scripts can write, as
/// SQLite says when the plan runs them on a copy of the schema (the tables their triggers write,
/// and those of the foreign key actions they set off, included), and in the tables that reference
/// those; a table they cannot affect is never read. A Swift upgrade, which nothing can run ahead,
/// or a script the copy cannot run, has the whole database checked.
@Suite struct UpgradeForeignKeyScopeTests {
    /// Customers and their orders, tags and the links to them, and an archive of deleted orders;
    /// `extra` is added at the end (a trigger).
    static func schema(version: String = "1.0.0", cascade: Bool = false, extra: String = "") -> String {
        let customer = cascade ? "{ type: INTEGER, references: customers.id, on_delete: CASCADE }" : "{ type: INTEGER, references: customers.id }"
        return """
            version: \(version)
            tables:
              customers:
                columns:
                  id:   { type: INTEGER, primary_key: true }
                  name: TEXT
              orders:
                columns:
                  id:          { type: INTEGER, primary_key: true }
                  customer_id: \(customer)
              order_lines:
                columns:
                  id:       { type: INTEGER, primary_key: true }
                  order_id: { type: INTEGER, references: orders.id }
              tags:
                columns:
                  id: { type: INTEGER, primary_key: true }
              tag_links:
                columns:
                  id:     { type: INTEGER, primary_key: true }
                  tag_id: { type: INTEGER, references: tags.id }
              archive:
                columns:
                  id:     { type: INTEGER, primary_key: true }
                  note:   TEXT
                  tag_id: { type: INTEGER, references: tags.id }
            \(extra)
            """
    }

    /// A trigger that writes the archive when `event` happens, with `tag`: by default one that
    /// does not exist.
    static func archiving(on event: String, tag: String = "99") -> String {
        """
        triggers:
          archiving: |
            CREATE TRIGGER archiving \(event)
            BEGIN INSERT INTO archive (note, tag_id) VALUES ('archived', \(tag)); END
        """
    }

    /// The orphan the tests start with: tag link 31 points at tag 99, which does not exist.
    static let oldOrphan = SyncWarning.orphanRows(ReconcileError.DataViolation(
        table: "tag_links", constraint: .foreignKey(columns: ["tag_id"], parent: "tags"), rows: 1))

    /// A database synced at 1.0.0 where customer 1 has order 21, and tag link 31 points at tag
    /// 99 (written while foreign keys were off); `script` upgrades it to 1.1.0.
    static func space(upgrading script: String, cascade: Bool = false, extra: String = "") throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(schema(cascade: cascade, extra: extra))
        try space.sync()
        try space.execute("""
            PRAGMA foreign_keys = OFF;
            INSERT INTO customers (id, name) VALUES (1, 'Ada');
            INSERT INTO orders (id, customer_id) VALUES (21, 1);
            INSERT INTO tag_links (id, tag_id) VALUES (31, 99);
            """)
        try space.write(script, to: "upgrades/1.1.0.sql")
        try space.writeSchema(schema(version: "1.1.0", cascade: cascade, extra: extra)
            + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
        return space
    }

    /// The report of a sync of `space` (by `reconciler`), and the foreign key checks it ran, as
    /// the statements on its connection say.
    static func checkedTables(syncing space: Workspace, _ reconciler: Reconciler? = nil) throws -> (SyncReport, [String]) {
        let queue = try space.queue()
        var statements: [String] = []
        queue.inDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { statements.append(statement.sql) }
            }
        }
        let report = try (reconciler ?? space.reconciler()).sync(queue)
        let checks = statements.filter { $0.contains("foreign_key_check") }
        return (report, checks)
    }

    // MARK: The tables the scripts write

    @Test func anUpgradeIsCheckedInTheTableItWritesAndItsChildrenOnly() throws {
        let space = try Self.space(upgrading: "UPDATE customers SET name = upper(name);\n")
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.foreignKeyCheck == .tables(["customers", "orders"]))
        #expect(try ReconcileCommand.run(["--dry-run"], in: space.url).output
            .contains("-- then check foreign keys in customers, orders and the resulting schema"))

        let (report, checks) = try Self.checkedTables(syncing: space)
        #expect(report.upgrades.map(\.version) == ["1.1.0"])
        #expect(Set(checks) == [#"PRAGMA foreign_key_check("customers")"#, #"PRAGMA foreign_key_check("orders")"#], "\(checks)")
        // The orphan in tag_links is none of the sync's business: not counted, not warned about…
        #expect(!report.warnings.contains(Self.oldOrphan))
        #expect(try space.read { try StoredState.read($0)?.warnings }?.contains(Self.oldOrphan) == false)
        // … and a status, which counts the whole file, still finds it.
        #expect(try space.reconciler().status(databaseAt: space.databasePath).warnings == [Self.oldOrphan])
    }

    /// The trigger the upgrade fires writes the archive, with a tag that does not exist: the
    /// archive is checked, and the row refused.
    @Test func aTriggerTheUpgradeFiresHasTheTableItWritesChecked() throws {
        let space = try Self.space(upgrading: "UPDATE customers SET name = upper(name);\n",
                                   extra: Self.archiving(on: "AFTER UPDATE OF name ON customers"))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.foreignKeyCheck == .tables(["customers", "archive", "orders"]))
        try space.expectFailedSync { error in
            guard let violation = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return violation == ReconcileError.DataViolation(table: "archive", constraint: .foreignKey(columns: ["tag_id"], parent: "tags"), rows: 1)
        }
    }

    @Test func anUpgradeThatDeletesParentsIsRefusedForTheOrphansItLeaves() throws {
        let space = try Self.space(upgrading: "DELETE FROM customers WHERE id = 1;\n")
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).foreignKeyCheck == .tables(["customers", "orders"]))
        try space.expectFailedSync { error in
            guard let violation = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return violation == ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
                && error.description.hasPrefix("table orders: 1 row references missing rows of customers")
        }
        #expect(try space.read { try StoredState.read($0)?.version } == "1.0.0")
    }

    /// `ON DELETE CASCADE` deletes the orders of the deleted customer, which fires their trigger:
    /// the orders, the tables that reference them, and what the trigger writes are checked,
    /// though the copy, without foreign key enforcement, never ran the cascade.
    @Test func theCascadesOfAnUpgradeAndTheTriggersTheyFireAreChecked() throws {
        let space = try Self.space(upgrading: "DELETE FROM customers WHERE id = 1;\n", cascade: true,
                                   extra: Self.archiving(on: "AFTER DELETE ON orders"))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.foreignKeyCheck == .tables(["customers", "orders", "archive", "order_lines"]))
        try space.expectFailedSync { error in
            guard let violation = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return violation.table == "archive" && violation.rows == 1
        }
        // Without the trigger's orphan, the cascade goes through.
        let fine = try Self.space(upgrading: "DELETE FROM customers WHERE id = 1;\n", cascade: true,
                                  extra: Self.archiving(on: "AFTER DELETE ON orders", tag: "NULL"))
        try fine.sync()
        #expect(try fine.read { try Int.fetchAll($0, sql: "SELECT id FROM orders") }.isEmpty)
        #expect(try fine.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM archive") } == 1)
    }

    /// On a connection with recursive triggers, as the app opens it, `INSERT OR REPLACE` deletes
    /// the row it replaces with its `DELETE` triggers: the rehearsal runs the script the same way.
    @Test func theTriggersAReplaceFiresOnTheAppsConnectionAreChecked() throws {
        let space = try Self.space(upgrading: "INSERT OR REPLACE INTO customers (id, name) VALUES (1, 'Ada');\n",
                                   extra: Self.archiving(on: "AFTER DELETE ON customers"))
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA recursive_triggers = ON") }
        let queue = try DatabaseQueue(path: space.databasePath, configuration: configuration)
        let plan = try queue.read { db in
            try space.reconciler().planning(SchemaFile(contentsOf: space.schemaURL)).prepare(db).plan
        }
        #expect(plan.foreignKeyCheck == .tables(["customers", "archive", "orders"]))
        let error = #expect(throws: ReconcileError.self) { try space.reconciler().sync(queue) }
        guard let violation = error?.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { Issue.record("\(String(describing: error))"); return }
        #expect(violation.table == "archive" && violation.rows == 1)
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM archive") } == 0)
        // Without recursive triggers, nothing is deleted, and the archive is not written.
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).foreignKeyCheck == .tables(["customers", "orders"]))
        try space.sync()
        #expect(try space.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM archive") } == 0)
    }

    // MARK: The whole database

    @Test func aSwiftUpgradeHasTheWholeDatabaseChecked() throws {
        let space = try Self.space(upgrading: "UPDATE customers SET name = upper(name);\n")
        var reconciler = space.reconciler()
        reconciler.registerUpgrade(version: "1.1.0", named: "lowercase names") { db in
            try db.execute(sql: "UPDATE customers SET name = lower(name)")
        }
        #expect(try reconciler.plan(databaseAt: space.databasePath).foreignKeyCheck == .wholeDatabase)
        let (report, checks) = try Self.checkedTables(syncing: space, reconciler)
        #expect(checks == ["PRAGMA foreign_key_check", "PRAGMA foreign_key_check"], "\(checks)")
        #expect(report.warnings.contains(Self.oldOrphan))
    }

    /// The first statement inserts customer 5 only into an empty table, so that on the copy,
    /// which holds no row, the second fails: what the script writes is not known.
    @Test func aScriptTheCopyCannotRunHasTheWholeDatabaseChecked() throws {
        let space = try Self.space(upgrading: """
            INSERT INTO customers (id) SELECT 5 WHERE NOT EXISTS (SELECT 1 FROM customers);
            INSERT INTO customers (id) VALUES (5);
            """)
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).foreignKeyCheck == .wholeDatabase)
        #expect(try space.sync().warnings.contains(Self.oldOrphan))
    }
}
