import Crypto
import Foundation

// MARK: - Fingerprint

/// SHA-256 digests that identify a schema file with its upgrade scripts, and a script's text.
///
/// ```swift
/// Fingerprint.checksum(ofScript: "UPDATE t SET a = 1;\r\n") == Fingerprint.checksum(ofScript: "UPDATE t SET a = 1;\n")
/// ```
enum Fingerprint {
    /// Identifies the inputs of a sync: the schema file's bytes, each script's path and
    /// normalised text, the names of code upgrades, the state format, and whether the sync
    /// accepted a database newer than the file (so that a sync without that option does not
    /// take the result for its own).
    static func of(schema contents: Data, scripts: [(path: String, text: String)], codeUpgrades: [String],
                   acceptsNewerDatabase: Bool = false) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("reconciler-state-1\n".utf8))
        if acceptsNewerDatabase {
            hasher.update(data: Data("newer database accepted\n".utf8))
        }
        hasher.update(data: contents)
        for script in scripts {
            hasher.update(data: Data("\n--script \(script.path)\n".utf8))
            hasher.update(data: Data(normalized(script.text).utf8))
        }
        for name in codeUpgrades {
            hasher.update(data: Data("\n--code \(name)\n".utf8))
        }
        return hex(hasher.finalize())
    }

    /// A script's checksum, insensitive to line endings and trailing whitespace.
    static func checksum(ofScript text: String) -> String {
        hex(SHA256.hash(data: Data(normalized(text).utf8)))
    }

    static func normalized(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var line = line
                while let last = line.last, last == " " || last == "\t" { line.removeLast() }
                return line
            }
        var result = lines.joined(separator: "\n")
        while result.hasSuffix("\n") { result.removeLast() }
        return result
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
