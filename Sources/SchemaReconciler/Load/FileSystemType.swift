#if canImport(Darwin)
import Darwin
#else
import CSQLiteBridge   // Linux's statfs
#endif

// MARK: - FileSystemType

/// The type of the file system that holds a file, as `statfs(2)` gives it: a name on Apple
/// platforms (`f_fstypename`: `apfs`, `msdos`, `smbfs`), a magic number on Linux (`f_type`:
/// `0xEF53` for ext2 to ext4, `0x4D44` for FAT).
///
/// It says whether the inode numbers and status change times of the files are the file
/// system's own. FAT and exFAT have neither and make them up; network file systems and file
/// systems in user space may do the same. A ``FileSignature`` can only stand for a file's
/// contents where both are real.
///
/// ```swift
/// FileSystemType.ofFile(atPath: "schema.yaml")   // .named("apfs") on a Mac, .magic(0xEF53) on ext4
/// FileSystemType.named("msdos").keepsInodesAndChangeTimes   // false
/// ```
package enum FileSystemType: Hashable, Sendable {
    /// A file system that Apple platforms name (`f_fstypename`).
    case named(String)
    /// A file system that Linux numbers (`f_type`).
    case magic(UInt32)

    // MARK: The file system of a file

    /// The type of the file system that holds the file at `path`; nil when `statfs` fails.
    ///
    /// ```swift
    /// FileSystemType.ofFile(atPath: "/Volumes/USB/schema.yaml")   // .named("msdos")
    /// ```
    package static func ofFile(atPath path: String) -> FileSystemType? {
        #if canImport(Darwin)
        var info = statfs()
        guard statfs(path, &info) == 0 else { return nil }
        // A NUL-terminated C string, in a fixed-size tuple of CChar.
        let name = withUnsafeBytes(of: info.f_fstypename) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .named(name)
        #else
        var magic: UInt = 0
        guard reconciler_file_system_magic(path, &magic) == 0 else { return nil }
        // A C long, negative on 32-bit systems for the magic numbers above 0x7FFFFFFF.
        return .magic(UInt32(truncatingIfNeeded: magic))
        #endif
    }

    // MARK: Trust

    /// Whether the file system keeps real inode numbers and status change times, so that a
    /// file's signature changes whenever the file does. False for FAT and exFAT, network file
    /// systems (SMB, NFS, AFP, WebDAV, 9P) and file systems in user space (FUSE, and the one
    /// macOS mounts external FAT and exFAT drives with); true for the others (APFS, HFS+, ext4,
    /// XFS, Btrfs, tmpfs, overlayfs…).
    ///
    /// ```swift
    /// FileSystemType.magic(0x6969).keepsInodesAndChangeTimes   // false: NFS
    /// ```
    package var keepsInodesAndChangeTimes: Bool {
        switch self {
        case .named(let name):
            !Self.untrustedNames.contains(name) && !name.contains("fuse")
        case .magic(let magic):
            !Self.untrustedMagics.contains(magic)
        }
    }

    /// The names, on Apple platforms, of file systems that make up inode numbers or change times.
    private static let untrustedNames: Set<String> = [
        "msdos", "exfat", "lifs",                       // FAT, exFAT, and macOS's user-space mounts of them
        "smbfs", "nfs", "afpfs", "webdav", "ftp",       // over the network
    ]

    /// The magic numbers, on Linux, of file systems that make up inode numbers or change times.
    private static let untrustedMagics: Set<UInt32> = [
        0x4D44,                                          // MSDOS_SUPER_MAGIC: FAT (msdos, vfat)
        0x2011_BAB0,                                     // EXFAT_SUPER_MAGIC
        0x517B, 0xFF53_4D42, 0xFE53_4D42,                // SMB, CIFS, SMB2
        0x6969,                                          // NFS
        0x0102_1997,                                     // 9P: WSL's Windows drives, shared folders of VMs
        0x6573_5546,                                     // FUSE
    ]
}
