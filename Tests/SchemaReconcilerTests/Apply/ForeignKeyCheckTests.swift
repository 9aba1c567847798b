import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

/// Rows that reference missing parent rows. A sync refuses the ones it made, where its steps could
/// have made them: a foreign key it adds is counted before the edit, and the check after the
/// steps sees the schema they leave. Rows that were there before (apps that ran with foreign keys
/// off often have some) never stop it: the sync, a dry run and a status say how many there are.
@Suite struct ForeignKeyCheckTests {
    /// Customers and orders; `orders.customer_id` references customers when `referenced`.
    static func schema(referenced: Bool, version: String = "1.0.0", extra: String = "") -> String {
        """
        version: \(version)
        tables:
          customers:
            columns:
              id:   { type: INTEGER, primary_key: true }
              name: TEXT\(extra)
          orders:
            columns:
              id:          { type: INTEGER, primary_key: true }
              customer_id: \(referenced ? "{ type: INTEGER, references: customers.id }" : "INTEGER")
              note:        TEXT
        """
    }

    /// Keys that become AUTOINCREMENT, which only a copy of the table can do.
    static let customerKey = "id:   { type: INTEGER, primary_key: true }"
    static let countedCustomerKey = "id:   { type: INTEGER, primary_key: true, autoincrement: true }"
    static let orderKey = "id:          { type: INTEGER, primary_key: true }"
    static let countedOrderKey = "id:          { type: INTEGER, primary_key: true, autoincrement: true }"

    /// A synced database where order 22 points at customer 99, who does not exist.
    static func ordersWithAnOrphan(referenced: Bool) throws -> Workspace {
        let space = try Workspace()
        try space.writeSchema(schema(referenced: referenced))
        try space.sync()
        try space.execute("""
            PRAGMA foreign_keys = OFF;
            INSERT INTO customers (id, name) VALUES (1, 'Ada');
            INSERT INTO orders (id, customer_id) VALUES (21, 1), (22, 99);
            """)
        return space
    }

    // MARK: A foreign key the sync adds

    @Test func aForeignKeyAddedOverAnOrphanIsRefusedAndTheFileIsUnchanged() throws {
        let space = try Self.ordersWithAnOrphan(referenced: false)
        try space.writeSchema(Self.schema(referenced: true))
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.steps.map(\.method) == [.inPlace])
        let orphan = ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        #expect(plan.warnings == [.rowsWillNotFit(orphan)])
        let warning = "the sync will refuse these rows unless an upgrade fixes them first: table orders: 1 row violates "
            + "FOREIGN KEY (customer_id) REFERENCES customers; fix or delete them in an upgrade script"
        let check = try ReconcileCommand.run(["--check"], in: space.url)
        #expect(check.status == 4)
        #expect(check.output.contains("  warning: " + warning))
        #expect(try ReconcileCommand.run(["--dry-run"], in: space.url).output.contains("-- warning: " + warning))
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [orphan] && error.description == "table orders: 1 row violates FOREIGN KEY (customer_id) "
                + "REFERENCES customers; fix or delete them in an upgrade script. The database was rolled back; nothing was changed."
        }
        #expect(try space.foreignKeyProblems().isEmpty)
    }

    /// The count before the edit says it first; the check after the edit, which reads the
    /// edited schema, holds even when no count ran.
    @Test func theCheckAfterAnInPlaceEditSeesTheForeignKeyItAdds() throws {
        let space = try Self.ordersWithAnOrphan(referenced: false)
        try space.writeSchema(Self.schema(referenced: true))
        try space.queue().inDatabase { db in
            let planning = try space.reconciler().planning(SchemaFile(contentsOf: space.schemaURL))
            var prepared = try planning.prepare(db)
            prepared.plan.steps = prepared.plan.steps.map { step in
                var step = step
                step.checks = []
                return step
            }
            #expect(prepared.plan.steps.map(\.method) == [.inPlace])
            try db.inTransaction {
                #expect {
                    try PlanExecutor(prepared: prepared, planning: planning).run(in: db)
                } throws: { error in
                    guard let count = (error as? ReconcileError)?.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
                    return count == ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
                }
                return .rollback
            }
        }
    }

    @Test func anUpgradeCanDeleteTheOrphansBeforeTheForeignKeyIsAdded() throws {
        let space = try Self.ordersWithAnOrphan(referenced: false)
        try space.write("DELETE FROM orders WHERE customer_id NOT IN (SELECT id FROM customers);\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(referenced: true, version: "1.1.0") + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
        let report = try space.sync()
        #expect(report.editedInPlace("orders"))
        #expect(report.warnings.isEmpty)
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT id FROM orders") } == [21])
        #expect(try space.remainingChanges() == [])
    }

    // MARK: Rows that were there before

    @Test func oldOrphansElsewhereAreNamedByTheDryRunAndTheStatusAndNeverStopTheSync() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.writeSchema(Self.schema(referenced: true, version: "1.1.0", extra: "\n      email: TEXT"))
        let warning = SyncWarning.orphanRows(ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1))
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).warnings == [warning])
        #expect(try space.reconciler().status(databaseAt: space.databasePath).warnings == [warning])
        let text = "table orders: 1 row references missing rows of customers (FOREIGN KEY (customer_id) REFERENCES "
            + "customers): they were there before this sync, which keeps them; fix or delete them when you can"
        #expect(try ReconcileCommand.run(["--dry-run"], in: space.url).output.contains("-- warning: " + text))
        let check = try ReconcileCommand.run(["--check"], in: space.url)
        #expect(check.status == 4)
        #expect(check.output.contains("  warning: " + text))

        let report = try space.sync()
        #expect(report.didChange)
        #expect(try space.foreignKeyProblems().count == 1)
        #expect(try space.reconciler().status(databaseAt: space.databasePath).warnings == [warning])
        #expect(try ReconcileCommand.run(["status"], in: space.url).output.contains(text))
    }

    /// A foreign key the sync removes no longer holds the rows to anything.
    @Test func orphansOfAForeignKeyTheSyncRemovesAreNoConcern() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.writeSchema(Self.schema(referenced: false))
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).warnings == [])
        #expect(try space.sync().didChange)
    }

    /// A copy keeps every row, the old orphan too: the count after is the count before.
    @Test func aTableWhoseRowsTheSyncCopiesKeepsItsOldOrphansAndSaysSo() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.writeSchema(Self.schema(referenced: true).replacingOccurrences(of: Self.orderKey, with: Self.countedOrderKey))
        let orphan = ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        let plan = try space.reconciler().plan(databaseAt: space.databasePath)
        #expect(plan.foreignKeyCheck == .tables(["orders"]))
        #expect(plan.warnings == [.orphanRows(orphan)])
        let report = try space.sync()
        #expect(report.rebuilt("orders"))
        #expect(report.warnings == [.orphanRows(orphan)])
        #expect(try space.read { try Int.fetchAll($0, sql: "SELECT customer_id FROM orders ORDER BY id") } == [1, 99])
    }

    /// Counted per foreign key, before and after: one more orphan than before is refused, and
    /// the error counts the one the sync made.
    @Test func anOrphanAddedBesideAnOldOneIsRefused() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.write("INSERT INTO orders (id, customer_id) VALUES (23, 98);\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(referenced: true, version: "1.1.0")
            .replacingOccurrences(of: Self.customerKey, with: Self.countedCustomerKey) + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
        let bytes = try space.fileBytes()
        try space.expectFailedSync { error in
            guard let count = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return count == ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        }
        #expect(try space.fileBytes() == bytes)
    }

    /// An upgrade that runs while enforcement is off (a table is rebuilt) and writes orphans is
    /// refused.
    @Test func orphansAnUpgradeWritesAreRefused() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(referenced: true))
        try space.sync()
        try space.write("INSERT INTO orders (id, customer_id) VALUES (23, 98), (24, 97);\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(referenced: true, version: "1.1.0")
            .replacingOccurrences(of: Self.customerKey, with: Self.countedCustomerKey) + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).warnings == [])
        try space.expectFailedSync { error in
            guard let count = error.payload(as: ReconcileError.ForeignKeyViolation.self)?.violation else { return false }
            return count == ReconcileError.DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 2)
                && error.description == "table orders: 2 rows reference missing rows of customers (FOREIGN KEY (customer_id) "
                    + "REFERENCES customers), more than before the sync: it made them; fix or delete them in an upgrade script. "
                    + "The database was rolled back; nothing was changed."
        }
    }

    // MARK: The app's connection

    @Test func foreignKeyEnforcementIsOnAgainAfterASyncThatRebuilds() throws {
        let space = try Workspace()
        try space.writeSchema(Self.schema(referenced: true))
        try space.sync()
        try space.writeSchema(Self.schema(referenced: true).replacingOccurrences(of: Self.customerKey, with: Self.countedCustomerKey))
        let queue = try DatabaseQueue(path: space.databasePath)
        #expect(try queue.inDatabase { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
        #expect(try space.reconciler().sync(queue).rebuilt("customers"))
        #expect(try queue.inDatabase { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
    }
}
