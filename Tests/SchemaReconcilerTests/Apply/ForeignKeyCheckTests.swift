import Foundation
import GRDB
import Testing
@testable import SchemaReconciler

/// Rows that reference missing parent rows: a sync refuses those of a foreign key it adds or
/// changes and of a table it copies, and those it would add; the others, which apps that ran
/// with foreign keys off often have, are reported and left as they are.
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
        let orphan = DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        #expect(plan.warnings == [.rowsWillNotFit(orphan)])
        try space.expectFailedSync { error in
            guard case .dataDoesNotFit(let violations) = error else { return false }
            return violations == [orphan]
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
                    guard case ReconcileError.foreignKeyViolation(let count) = error else { return false }
                    return count == ForeignKeyViolationCount(table: "orders", columns: ["customer_id"], parent: "customers", rows: 1)
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

    // MARK: Rows the sync leaves alone

    @Test func oldOrphansElsewhereAreAWarningAndTheSyncGoesOn() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.writeSchema(Self.schema(referenced: true, extra: "\n      email: TEXT"))
        let orphan = ForeignKeyViolationCount(table: "orders", columns: ["customer_id"], parent: "customers", rows: 1)
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).warnings == [.foreignKeyViolations(orphan)])
        let report = try space.sync()
        #expect(report.didChange)
        #expect(report.warnings == [.foreignKeyViolations(orphan)])
        #expect(try space.foreignKeyProblems().count == 1)
    }

    /// A rebuild of the parent copies its rows with their keys: the orphan that was there
    /// stays one, and it is not held against the sync.
    @Test func rebuildingTheParentOfOldOrphansIsAWarning() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.writeSchema(Self.schema(referenced: true).replacingOccurrences(of: Self.customerKey, with: Self.countedCustomerKey))
        let report = try space.sync()
        #expect(report.rebuilt("customers"))
        #expect(report.warnings == [.foreignKeyViolations(ForeignKeyViolationCount(
            table: "orders", columns: ["customer_id"], parent: "customers", rows: 1))])
    }

    @Test func aTableWhoseRowsTheSyncCopiesMustHaveNoOrphans() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.writeSchema(Self.schema(referenced: true).replacingOccurrences(of: Self.orderKey, with: Self.countedOrderKey))
        let orphan = DataViolation(table: "orders", constraint: .foreignKey(columns: ["customer_id"], parent: "customers"), rows: 1)
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).warnings == [.rowsWillNotFit(orphan)])
        try space.expectFailedSync { error in
            guard case .foreignKeyViolation(let count) = error else { return false }
            return count == ForeignKeyViolationCount(table: "orders", columns: ["customer_id"], parent: "customers", rows: 1)
                && error.description.contains("fix or delete them in an upgrade script")
        }
    }

    /// An upgrade that runs while enforcement is off (a table is rebuilt) and writes a new
    /// orphan is refused, with the new rows only.
    @Test func newOrphansAnUpgradeWritesAreRefused() throws {
        let space = try Self.ordersWithAnOrphan(referenced: true)
        try space.write("INSERT INTO orders (id, customer_id) VALUES (23, 98), (24, 97);\n", to: "upgrades/1.1.0.sql")
        try space.writeSchema(Self.schema(referenced: true, version: "1.1.0").replacingOccurrences(of: Self.customerKey, with: Self.countedCustomerKey)
            + "\nupgrades:\n  1.1.0: upgrades/1.1.0.sql\n")
        try space.expectFailedSync { error in
            guard case .foreignKeyViolation(let count) = error else { return false }
            return count == ForeignKeyViolationCount(table: "orders", columns: ["customer_id"], parent: "customers", rows: 2)
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
