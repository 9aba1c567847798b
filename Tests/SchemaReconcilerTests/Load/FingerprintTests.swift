import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - Fingerprints stay what earlier releases stored

/// A database records the fingerprint of the schema file it was synced with, and the checksum of
/// every upgrade script it ran. These digests were computed by the release that took SHA-256 from
/// CryptoKit or swift-crypto: a release that computes them otherwise must give the same, or every
/// database would read as changed (its launch sync would no longer be a no-op) and `verify` would
/// report its scripts as edited.
@Suite struct FingerprintTests {
    static let smallSchema = """
        version: 1.0.0
        tables:
          notes:
            columns:
              id: { type: INTEGER, primary_key: true }
              body: TEXT

        """

    /// 25,683 bytes, non-ASCII text included: many 64-byte blocks, fed in several parts.
    static let bigSchema = "version: 2.1.0\ntables:\n"
        + (0..<200).map {
            "  t\($0):\n    columns:\n      id: { type: INTEGER, primary_key: true }\n"
                + "      name: { type: TEXT, not_null: true, default: 'é\($0)' }\n"
        }.joined()
        + "upgrades:\n  2.0.0: upgrades/2.0.0.sql\n  2.1.0: [upgrades/a.sql, upgrades/b.sql]\n"

    @Test func aSchemaFileWithoutScriptsKeepsItsFingerprint() {
        #expect(Fingerprint.of(schema: Data(Self.smallSchema.utf8), scripts: [], codeUpgrades: [], libraryVersion: "1.0.0")
                == "b8da5488716c94cee10acf89d19ae1f224eb4bda89ec82e4ad5810ee8f40a937")
    }

    @Test func aSchemaFileWithScriptsAndCodeUpgradesKeepsItsFingerprint() {
        #expect(Data(Self.bigSchema.utf8).count == 25_683)
        let scripts = [
            (path: "upgrades/2.0.0.sql", text: "UPDATE t0 SET name = 'x';  \r\n"),
            (path: "upgrades/a.sql", text: "-- été\r\nDELETE FROM t1;\n\n"),
            (path: "upgrades/b.sql", text: ""),
        ]
        #expect(Fingerprint.of(schema: Data(Self.bigSchema.utf8), scripts: scripts, codeUpgrades: ["2.1.0"],
                               libraryVersion: "0.9.0", acceptsNewerDatabase: true)
                == "06e29ee94eef05737981aed1af08c1dfe969e1375dc4b093e29bfbc03e900c5d")
    }

    @Test(arguments: [
        ("SELECT 1;\r\n", "17db4fd369edb9244b9f91d9aeed145c3d04ad8ba6e95d06247f07a63527d11a"),
        ("-- été\r\nUPDATE t SET a = 1;\t\n\n", "9c79b0bdd37e2ed8ef0e44e623fe7b1240fe24bc8c7162299b45ae4b98f7f27e"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func aScriptKeepsItsChecksum(text: String, checksum: String) {
        #expect(Fingerprint.checksum(ofScript: text) == checksum)
    }
}
