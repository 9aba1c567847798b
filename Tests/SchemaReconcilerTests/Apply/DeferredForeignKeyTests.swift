import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

/// Upgrade scripts run with foreign key checks deferred to their end, as GRDB's migrator runs a
/// migration: a script may move a parent key before its children. What they leave violated is
/// refused, with its table, parent and count, and the file is left as it was; rows that
/// referenced a missing parent before the sync never count against them.
@Suite struct DeferredForeignKeyTests {
    /// Customers and orders at 1.1.0, with the upgrade `script`.
    static func upgrading(_ space: Workspace, with script: String, extra: String = "") throws {
        try space.write(script, to: "upgrades/1.1.0.sql")
        try space.writeSchema(ForeignKeyCheckTests.schema(referenced: true, version: "1.1.0", extra: extra)
            + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
    }

    /// A synced database where customer 1 has orders 21 and 22 (and, when `orphan`, order 23
    /// points at customer 99, who does not exist: written while foreign keys were off).
    static func orders(orphan: Bool = false) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(ForeignKeyCheckTests.schema(referenced: true))
        try space.sync()
        try space.execute("""
            PRAGMA foreign_keys = OFF;
            INSERT INTO customers (id, name) VALUES (1, 'Ada');
            INSERT INTO orders (id, customer_id) VALUES (21, 1), (22, 1)\(orphan ? ", (23, 99)" : "");
            """)
        return space
    }

    static let movingKeys = "UPDATE customers SET id = id + 100;\nUPDATE orders SET customer_id = customer_id + 100;\n"

    // MARK: Moving keys

    @Test func anUpgradeMovesAParentKeyBeforeItsChildren() throws {
        let space = try Self.orders()
        // Checked statement by statement, the first statement fails.
        #expect(throws: DatabaseError.self) {
            try space.queue().inTransaction { db in
                try db.execute(sql: Self.movingKeys)
                return .rollback
            }
        }
        try Self.upgrading(space, with: Self.movingKeys)
        #expect(try space.queue().read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
        let report = try space.sync()
        #expect(report.upgrades.map(\.version) == ["1.1.0"])
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT customer_id FROM orders ORDER BY id") } == [101, 101])
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT id FROM customers") } == [101])
        #expect(try space.foreignKeyProblems().isEmpty)
        // The checks are immediate again for the connection's next transaction.
        #expect(try space.read { try Bool.fetchOne($0, sql: "PRAGMA defer_foreign_keys") } == false)
    }

    /// The dry run prints the pragmas the sync sets around the upgrades, and its script runs.
    @Test func theDryRunPrintsTheDeferral() throws {
        let space = try Self.orders()
        try Self.upgrading(space, with: Self.movingKeys, extra: "\n      email: TEXT")
        let dryRun = try ReconcileCommand.run(["--dry-run"], in: space.url)
        #expect(dryRun.output.contains("""
            PRAGMA defer_foreign_keys = ON;

            -- hazard runs-upgrades: runs 1 upgrade
            -- upgrade 1.1.0: run the script upgrades/1.1.0.sql

            PRAGMA defer_foreign_keys = OFF;
            """), "\(dryRun.output)")
        try space.syncComparingWithItsDryRun()
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT customer_id FROM orders ORDER BY id") } == [101, 101])
    }

    /// A plan that rebuilds a table runs without enforcement: nothing to defer, and the tables
    /// the rebuild and the script write, and those that reference them, are counted before and
    /// after.
    @Test func withEnforcementOffTheKeysMoveAsWell() throws {
        let space = try Self.orders()
        try Self.upgrading(space, with: Self.movingKeys)
        try space.writeSchema(try String(contentsOf: space.schemaURL, encoding: .utf8)
            .replacingOccurrences(of: ForeignKeyCheckTests.customerKey, with: ForeignKeyCheckTests.countedCustomerKey))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.requiresForeignKeysOff && plan.foreignKeyCheck == .tables(["customers", "orders"]))
        #expect(try !ReconcileCommand.run(["--dry-run"], in: space.url).output.contains("defer_foreign_keys"))
        #expect(try space.sync().rebuilt("customers"))
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT customer_id FROM orders ORDER BY id") } == [101, 101])
    }

    // MARK: What is left violated

    @Test func anUpgradeThatLeavesOrphansIsRefusedWithItsTableAndCount() throws {
        let space = try Self.orders()
        try Self.upgrading(space, with: "UPDATE customers SET id = 2;\n")
        try space.expectFailedSync { error in
            guard let violation = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return violation == ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 2)
                && error.description.hasPrefix("table orders: 2 rows reference missing rows of customers (FOREIGN KEY "
                                               + "(customer_id) REFERENCES customers), more than before the sync: it made them")
        }
        #expect(try space.read { try StoredState.read($0)?.version } == "1.0.0")
        let sync = try ReconcileCommand.run([], in: space.url)
        #expect(sync.status == 1)
        #expect(sync.error.contains("table orders: 2 rows reference missing rows of customers"))
    }

    /// Rows without a parent from before the sync are not the upgrade's: only the one it made
    /// is counted.
    @Test func besideOldOrphansOnlyTheRowsTheUpgradeMadeAreCounted() throws {
        let space = try Self.orders(orphan: true)
        try Self.upgrading(space, with: "DELETE FROM customers;\nINSERT INTO customers (id, name) VALUES (5, 'Bo');\n"
            + "UPDATE orders SET customer_id = 5 WHERE id = 21;\n")
        try space.expectFailedSync { error in
            guard let violation = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return violation == ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        }
    }

    /// An upgrade that writes around rows without a parent, or gives them one, is not held to
    /// them: they stay a warning, which the dry run and the status give.
    @Test func oldOrphansNeverStopAnUpgrade() throws {
        let space = try Self.orders(orphan: true)
        try Self.upgrading(space, with: Self.movingKeys + "UPDATE orders SET note = 'seen';\n")
        let orphan = SyncWarning.orphanRows(ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1))
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).warnings == [orphan])
        let report = try space.sync()
        #expect(report.upgrades.count == 1)
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT customer_id FROM orders ORDER BY id") } == [101, 101, 199])
        #expect(try space.reconciler().status(databaseAt: space.databasePath).warnings == [orphan])

        let fixing = try Self.orders(orphan: true)
        try Self.upgrading(fixing, with: Self.movingKeys + "DELETE FROM orders WHERE customer_id NOT IN (SELECT id FROM customers);\n")
        #expect(try fixing.sync().upgrades.count == 1)
        #expect(try fixing.foreignKeyProblems().isEmpty)
    }

    // MARK: verify --history

    /// `verify` syncs as a sync does: the rows it generates, each with its parent, move with
    /// their keys.
    @Test func verifyRunsTheUpgradesAsTheSyncDoes() throws {
        let space = try Workspace()
        try space.write(ForeignKeyCheckTests.schema(referenced: true), to: "history/1.0.0.yaml")
        try Self.upgrading(space, with: Self.movingKeys)
        let history = try SchemaRelease.history(in: space.url.appendingPathComponent("history"))
        let report = try space.reconciler().verifyUpgradePaths(from: history)
        #expect(report.isPassing, "\(report)")
        #expect(report.results.first?.upgrades.map(\.version) == ["1.1.0"])

        try space.write("UPDATE customers SET id = id + 100;\n", to: "upgrades/1.1.0.sql")
        let failing = try space.reconciler().verifyUpgradePaths(from: history)
        #expect(failing.results.first?.problems.map(\.description).first?.contains("rows reference missing rows of customers") == true,
                "\(failing)")
    }
}
