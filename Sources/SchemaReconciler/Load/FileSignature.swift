#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - FileSignature

/// What the file system says of a file without reading it: its size, modification and status
/// change times to the nanosecond, its device and its inode. A file whose signature is the one
/// recorded when its contents were fingerprinted has not changed since, so the no-op check of
/// the next launch needs one `stat` per input instead of reading and hashing them.
///
/// A file changed within two seconds of being signed gets no signature (a file system with
/// coarse timestamps could give a second change the same times), nor does a file on a file
/// system that makes up inode numbers or change times (FAT, exFAT, network and user-space file
/// systems: see ``FileSystemType``). Such a file is read and hashed every time, which is always
/// correct.
///
/// ```swift
/// let before = FileSignature.of("schema.yaml")   // "2841 1764072000.5 1764072000.5 16777230 1234"
/// // … read the file …
/// FileSignature.of("schema.yaml") == before       // unchanged since
/// ```
package enum FileSignature {
    /// The signature of the file at `path`, nil when it cannot be read, changed too recently,
    /// or is on a file system whose inode numbers or change times cannot be trusted
    /// (`fileSystem` tells the type of the file system that holds a path).
    package static func of(_ path: String, now: Date = Date(),
                           fileSystem: (String) -> FileSystemType? = FileSystemType.ofFile(atPath:)) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let signature = of(info, now: now),
              fileSystem(path)?.keepsInodesAndChangeTimes == true else { return nil }
        return signature
    }

    /// The signature of a file whose `stat` is `info`, nil when it changed within two seconds
    /// of `now`.
    ///
    /// ```swift
    /// var info = stat()
    /// stat("schema.yaml", &info)
    /// FileSignature.of(info, now: Date())   // "2841 1764072000.5 1764072000.5 16777230 1234"
    /// ```
    package static func of(_ info: stat, now: Date) -> String? {
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        let latest = max(Double(modified.tv_sec), Double(changed.tv_sec))
        guard latest < now.timeIntervalSince1970 - 2 else { return nil }
        return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(changed.tv_sec).\(changed.tv_nsec) "
            + "\(info.st_dev) \(info.st_ino)"
    }

    /// The signature of schema.yaml at `url` and of the scripts at `scriptPaths` (relative to
    /// its folder), nil when one has none.
    package static func of(schema url: URL, scriptPaths: [String], now: Date = Date()) -> String? {
        let path = url.path
        // Paths by text: URL arithmetic costs more than the stat calls themselves.
        let base = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
        return joined(([path] + scriptPaths.map { base + $0 }).map { of($0, now: now) })
    }

    /// The signatures of several files as one, in order; nil when one of them has none.
    package static func joined(_ signatures: [String?]) -> String? {
        let known = signatures.compactMap { $0 }
        return known.count == signatures.count ? known.joined(separator: "\n") : nil
    }

    /// The signature the state records: the files' (nil when they have none), then what else
    /// the fingerprint covers (the library version, the upgrades registered in code, whether a
    /// newer database was accepted), so that the signature stands for the fingerprint whole.
    package static func ofInputs(files: String?, libraryVersion: String, codeUpgrades: [String],
                                 acceptsNewerDatabase: Bool) -> String? {
        guard let files else { return nil }
        return files + "\n--library " + libraryVersion + codeUpgrades.map { "\n--code " + $0 }.joined()
            + (acceptsNewerDatabase ? "\n--newer accepted" : "")
    }
}
