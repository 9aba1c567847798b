import Foundation

// MARK: - Fingerprint

/// SHA-256 digests (`SHA256`) that identify a schema file with its upgrade scripts, and a script's text.
///
/// ```swift
/// Fingerprint.checksum(ofScript: "UPDATE t SET a = 1;\r\n") == Fingerprint.checksum(ofScript: "UPDATE t SET a = 1;\n")
/// ```
enum Fingerprint {
    /// Identifies the inputs of a sync: the schema file's bytes, each script's path and
    /// normalised text, the names of code upgrades, the state format, the library version (so
    /// that a version that plans differently compares again), and whether the sync accepted a
    /// database newer than the file (so that a sync without that option does not take the
    /// result for its own).
    static func of(schema contents: Data, scripts: [(path: String, text: String)], codeUpgrades: [String],
                   libraryVersion: String, acceptsNewerDatabase: Bool = false) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("reconciler-state-1\nlibrary \(libraryVersion)\n".utf8))
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
        // Over the UTF-8 bytes: a line break is CR LF, CR or LF; spaces and tabs before one go.
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingBlanks = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                result.append(byte)
                pendingBlanks += 1
            case newline where previous == carriageReturn:
                break
            case newline, carriageReturn:
                result.removeLast(pendingBlanks)
                result.append(newline)
                pendingBlanks = 0
            default:
                pendingBlanks = 0
                result.append(byte)
            }
            previous = byte
        }
        result.removeLast(pendingBlanks)
        while result.last == newline { result.removeLast() }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
