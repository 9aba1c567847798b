import Foundation
import GRDB
import SchemaReconciler
import Testing

// MARK: - Taking over an app that GRDB's migrator versioned

/// A vault app whose releases 1.0.0, 1.1.0 and 1.2.0 kept their database with GRDB's
/// `DatabaseMigrator`, and whose 2.0.0 moves to the reconciler by the steps of the article
/// MovingFromAMigrationTool.md: `inspect` of a 1.2.0 database, the migrations given the releases
/// that first ran them, upgrades for what they did to the data (one moves a parent key before its
/// children), a seed for the row the first one inserted. A device at each old release and a new
/// install end with the same schema and the same rows.
@Suite struct GRDBTakeOverTests {
    static let releases = ["1.0.0", "1.1.0", "1.2.0"]

    /// The migrator of a release: `v1` at 1.0.0, `v2-display-names` at 1.1.0, `v3-account-ids`
    /// at 1.2.0, as the app registered them.
    static func migrator(release: String) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE accounts (id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL);
                CREATE TABLE vaults (id INTEGER PRIMARY KEY,
                                     account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                                     name TEXT NOT NULL);
                INSERT INTO accounts (id, kind) VALUES ('local', 'local');
                """)
        }
        guard release >= "1.1.0" else { return migrator }
        migrator.registerMigration("v2-display-names") { db in
            try db.execute(sql: "ALTER TABLE vaults ADD COLUMN display_name TEXT; UPDATE vaults SET display_name = name")
        }
        guard release >= "1.2.0" else { return migrator }
        migrator.registerMigration("v3-account-ids") { db in
            try db.execute(sql: """
                UPDATE accounts SET id = 'account-' || id;
                UPDATE vaults SET account_id = 'account-' || account_id;
                """)
        }
        return migrator
    }

    /// A device that ran `release`: its migrations, then what its user wrote with that release.
    static func device(at release: String, path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try migrator(release: release).migrate(queue)
        try queue.write { db in
            let account = release >= "1.2.0" ? "account-local" : "local"
            try db.execute(sql: "INSERT INTO vaults (account_id, name) VALUES (?, 'Documents'), (?, 'Photos')",
                           arguments: [account, account])
            if release >= "1.1.0" { try db.execute(sql: "UPDATE vaults SET display_name = name") }
        }
    }

    /// The scripts of the take-over: what the migrations did to the data, and the row `v1` inserted.
    static let scripts = [
        "upgrades/1.1.0-display-names.sql": "UPDATE vaults SET display_name = name WHERE display_name IS NULL;\n",
        "upgrades/1.2.0-account-ids.sql": """
            UPDATE accounts SET id = 'account-' || id WHERE id NOT LIKE 'account-%';
            UPDATE vaults SET account_id = 'account-' || account_id WHERE account_id NOT LIKE 'account-%';

            """,
        "seed/local-account.sql": "INSERT INTO accounts (id, kind) VALUES ('account-local', 'local');\n",
    ]

    /// The file `inspect` printed for a 1.2.0 database, with each migration given the release
    /// that first ran it, the upgrades and the seed.
    static func takeOver(_ inspected: String, versions: [String] = releases) -> String {
        var yaml = inspected
        for (migration, version) in zip(["v1", "v2-display-names", "v3-account-ids"], versions) {
            yaml = yaml.replacingOccurrences(of: "    \(migration):\n", with: "    \(migration): \(version)\n")
        }
        return yaml + """

            upgrades:
              1.1.0: upgrades/1.1.0-display-names.sql
              1.2.0: upgrades/1.2.0-account-ids.sql

            seed: seed/local-account.sql

            """
    }

    @Test func everyDeviceAndANewInstallEndTheSame() throws {
        let folder = try AppFolder(schema: "")
        for (path, text) in Self.scripts { try folder.write(text, to: path) }
        for release in Self.releases { try Self.device(at: release, path: folder.path("\(release).sqlite")) }

        // inspect lists the migrations without their releases: the file is refused until each has one.
        let reconciler = Reconciler(schemaURL: folder.schemaURL)
        let inspected = try reconciler.inspect(databaseAt: folder.path("1.2.0.sqlite"), appVersion: "2.0.0")
        #expect(inspected.yaml.hasSuffix("    v1:\n    v2-display-names:\n    v3-account-ids:\n"), "\(inspected.yaml)")
        try inspected.yaml.write(to: folder.schemaURL, atomically: true, encoding: .utf8)
        #expect(throws: ReconcileError.self) { try reconciler.plan(databaseAt: folder.path("1.0.0.sqlite")) }

        // Every migration mapped to 2.0.0 would place every device at 2.0.0: no upgrade would run. It says so.
        try Self.takeOver(inspected.yaml, versions: ["2.0.0", "2.0.0", "2.0.0"])
            .write(to: folder.schemaURL, atomically: true, encoding: .utf8)
        let careless = try reconciler.plan(databaseAt: folder.path("1.0.0.sqlite"))
        #expect(careless.upgrades.isEmpty)
        #expect(careless.warnings.contains { $0.payload(as: SyncWarning.UpgradesBelowLegacyMap.self)?.upgrades.count == 2 })

        try Self.takeOver(inspected.yaml).write(to: folder.schemaURL, atomically: true, encoding: .utf8)
        var upgrades: [String: [SemanticVersion]] = [:]
        for release in Self.releases {
            let report = try reconciler.sync(databaseAt: folder.path("\(release).sqlite"))
            #expect(report.legacyRecord?.version.description == release)
            #expect(report.warnings.isEmpty, "\(release): \(report.warnings)")
            upgrades[release] = report.upgrades.map(\.version)
        }
        #expect(upgrades == ["1.0.0": ["1.1.0", "1.2.0"], "1.1.0": ["1.2.0"], "1.2.0": []])
        let install = try reconciler.sync(databaseAt: folder.path("new.sqlite"))
        #expect(install.plan.seeds.map(\.path) == ["seed/local-account.sql"] && install.upgrades.isEmpty)

        let new = try Self.contents(of: folder.path("new.sqlite"))
        #expect(new.shape.count == 7 && new.accounts == ["account-local|local"])
        #expect(new.vaults.isEmpty)
        for release in Self.releases {
            let device = try Self.contents(of: folder.path("\(release).sqlite"))
            #expect(device.shape == new.shape, "\(release)")
            #expect(device.accounts == new.accounts, "\(release)")
            #expect(device.vaults == ["1|account-local|Documents|Documents", "2|account-local|Photos|Photos"], "\(release)")
            #expect(try !reconciler.sync(databaseAt: folder.path("\(release).sqlite")).didChange)
        }
        // The new install's local account takes vaults, as an upgraded device's does.
        try DatabaseQueue(path: folder.path("new.sqlite")).write { db in
            try db.execute(sql: "INSERT INTO vaults (account_id, name) VALUES ('account-local', 'Documents')")
        }
    }

    /// The tables as SQLite describes them (but GRDB's and the reconciler's own), and the rows.
    static func contents(of path: String) throws -> (shape: [String], accounts: [String], vaults: [String]) {
        try DatabaseQueue(path: path).read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('grdb_migrations', 'sqlite_sequence')
                AND name NOT LIKE '\\_reconciler%' ESCAPE '\\' ORDER BY name
                """)
            var shape: [String] = []
            for table in tables {
                shape += try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { "\(table) \($0)" }
                shape += try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))").map { "\(table) \($0)" }
            }
            let accounts = try String.fetchAll(db, sql: "SELECT id || '|' || kind FROM accounts ORDER BY id")
            let vaults = try String.fetchAll(db, sql: """
                SELECT id || '|' || account_id || '|' || name || '|' || ifnull(display_name, 'NULL') FROM vaults ORDER BY id
                """)
            return (shape, accounts, vaults)
        }
    }
}
