import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Index keys that are expressions, or carry COLLATE or DESC

@Suite struct LoadIndexTermTests {
    static let table = """
        version: 1.0.0
        tables:
          users:
            columns:
              id: { type: INTEGER, primary_key: true }
              email: TEXT
              "full name": TEXT
              data: TEXT
            indexes:
        """

    @Test func termsThatAreNotColumnNamesAreSQLExpressions() throws {
        let file = try loadSchema(Self.table + """

                  by_email: { columns: [lower(email)], unique: true, where: email IS NOT NULL }
                  by_name: [full name, email DESC, "email COLLATE NOCASE"]
                  by_json: ["json_extract(data, '$.id')"]
            """)
        let indexes = try #require(file.schema.table(named: "users")).indexes
        #expect(indexes.map(\.terms) == [
            [.expression("lower(email)")],
            [.column("full name"), .expression("email DESC"), .expression("email COLLATE NOCASE")],
            [.expression("json_extract(data, '$.id')")],
        ])
        #expect(SchemaSQL.createIndex(indexes[1], on: "users")
                == #"CREATE INDEX "by_name" ON "users" ("full name", email DESC, email COLLATE NOCASE)"#)
    }

    @Test func aSingleNameThatIsNotAColumnIsStillAMistake() {
        let yaml = Self.table + "\n      by_email: [emial]\n"
        let error = expectError(yaml, "undeclaredReference", at: "emial")
        guard case .undeclaredReference(_, _, let suggestion, _) = error else { return }
        #expect(suggestion == "email")
    }

    @Test func anExpressionSQLiteRefusesIsRefusedWhereItIsDeclared() {
        let yaml = Self.table + "\n      by_missing: [lower(missing)]\n"
        let error = expectError(yaml, "refusedBySQLite", at: "by_missing")
        guard case .refusedBySQLite(let what, let message, _) = error else { return }
        #expect(what == "index 'by_missing' of table 'users'" && message.hasPrefix("no such column: missing"), "\(message)")
    }

    @Test func aUniqueExpressionIndexCountsItsDuplicatesBeforeItIsCreated() throws {
        let space = try Workspace()
        try space.writeSchema(Self.table + " {}\n")
        try space.sync()
        try space.execute("INSERT INTO users (email) VALUES ('A@x.org'), ('a@X.org'), ('b@x.org'), (NULL), (NULL)")
        try space.writeSchema(Self.table + "\n      by_email: { columns: [lower(email)], unique: true }\n")
        try space.expectFailedSync { error in
            guard let violations = error.payload(as: ReconcileError.DataDoesNotFit.self)?.violations else { return false }
            return violations == [ReconcileError.DataViolation(table: "users", constraint: .unique(columns: ["lower(email)"]), rows: 2,
                                                index: "by_email")]
        }
        try space.execute("DELETE FROM users WHERE email = 'a@X.org'")
        let report = try space.sync()
        #expect(report.plan.steps.map(\.action) == [.createIndex(table: "users", index: "by_email", isUnique: true)])
        #expect(try !space.sync().didChange)
    }

    @Test func aTermWrittenAnotherWayIsTheSameTerm() throws {
        let space = try Workspace()
        try space.writeSchema(Self.table + "\n      by_email: [\"lower( email )\", email desc]\n")
        try space.sync()
        try space.writeSchema(Self.table + "\n      by_email: [LOWER(\"email\"), '\"Email\" DESC']\n")
        #expect(try space.reconciler().plan(databaseAt: space.databasePath).isEmpty)
    }
}
