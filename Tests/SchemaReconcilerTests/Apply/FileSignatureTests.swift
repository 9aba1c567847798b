#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import SchemaReconciler

// MARK: - What the no-op check trusts the file system for

/// A file's signature stands for its contents only where the file system keeps real inode
/// numbers and change times, and it names the device: a file on another volume with the same
/// size, times and inode number is another file.
@Suite struct FileSignatureTests {
    /// A file of the folder, and a moment when it counts as old enough to be signed.
    private func file(in space: Workspace) throws -> (path: String, later: Date) {
        try space.writeSchema("version: 1.0.0\ntables: {}\n")
        return (space.schemaURL.path, Date().addingTimeInterval(10))
    }

    @Test func aFileOnAnotherDeviceWithTheSameInodeAndTimesHasAnotherSignature() throws {
        let space = try Workspace()
        let (path, later) = try file(in: space)
        var info = stat()
        #expect(stat(path, &info) == 0)
        var moved = info
        moved.st_dev &+= 1
        let signature = try #require(FileSignature.of(info, now: later))
        #expect(FileSignature.of(moved, now: later) != signature)
        #expect(FileSignature.of(info, now: later) == signature)
    }

    @Test func filesOnFileSystemsThatMakeUpInodesOrChangeTimesAreNotTrusted() {
        let untrusted: [FileSystemType] = [
            .named("msdos"), .named("exfat"), .named("lifs"), .named("smbfs"), .named("nfs"), .named("afpfs"),
            .named("webdav"), .named("macfuse"), .named("osxfuse"),
            .magic(0x4D44), .magic(0x2011_BAB0), .magic(0x517B), .magic(0xFF53_4D42), .magic(0xFE53_4D42),
            .magic(0x6969), .magic(0x6573_5546), .magic(0x0102_1997),
        ]
        let trusted: [FileSystemType] = [
            .named("apfs"), .named("hfs"),
            .magic(0xEF53), .magic(0x5846_5342), .magic(0x9123_683E), .magic(0x0102_1994), .magic(0x794C_7630),
        ]
        for type in untrusted { #expect(!type.keepsInodesAndChangeTimes, "\(type)") }
        for type in trusted { #expect(type.keepsInodesAndChangeTimes, "\(type)") }
    }

    @Test func aFileIsSignedOnlyWhereItsFileSystemIsTrusted() throws {
        let space = try Workspace()
        let (path, later) = try file(in: space)
        let type = try #require(FileSystemType.ofFile(atPath: path))
        #if canImport(Darwin)
        guard case .named = type else { Issue.record("\(type)"); return }
        #else
        guard case .magic = type else { Issue.record("\(type)"); return }
        #endif
        #expect((FileSignature.of(path, now: later) != nil) == type.keepsInodesAndChangeTimes)
        #expect(FileSystemType.ofFile(atPath: space.url.appendingPathComponent("missing").path) == nil)

        // The same file, as it would be on a FAT drive, a share, or where statfs fails.
        #expect(FileSignature.of(path, now: later, fileSystem: { _ in .magic(0xEF53) }) != nil)
        for other: FileSystemType? in [.named("msdos"), .magic(0x6969), nil] {
            #expect(FileSignature.of(path, now: later, fileSystem: { _ in other }) == nil, "\(String(describing: other))")
        }
    }
}
