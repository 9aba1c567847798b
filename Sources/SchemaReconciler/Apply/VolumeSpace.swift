#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

// MARK: - VolumeSpace

/// The free space of the volume that holds a file, in bytes, as the app may use it.
///
/// On iOS, macOS and visionOS it is `volumeAvailableCapacityForImportantUsage`: what the system
/// would make available for something the user asked for, counting the purgeable caches it
/// would clear first, which is how a sync at launch should count. Elsewhere, and where that value
/// is missing, it is `statvfs`'s blocks available to an unprivileged process (`f_bavail`) times
/// their size (`f_frsize`).
///
/// ```swift
/// VolumeSpace.available(forFileAt: URL(fileURLWithPath: "app.sqlite"))   // 12_345_678_912, or nil
/// ```
enum VolumeSpace {
    // MARK: Free space

    /// The free space of the volume holding `url`; nil when the system cannot tell.
    static func available(forFileAt url: URL) -> Int64? {
        #if os(iOS) || os(macOS) || os(visionOS)
        importantUsageCapacity(at: url) ?? statvfsCapacity(atPath: url.path)
        #else
        statvfsCapacity(atPath: url.path)
        #endif
    }

    #if os(iOS) || os(macOS) || os(visionOS)
    /// `URLResourceValues.volumeAvailableCapacityForImportantUsage` of `url`.
    private static func importantUsageCapacity(at url: URL) -> Int64? {
        let values = try? url.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
        return values?.volumeAvailableCapacityForImportantUsage
    }
    #endif

    /// `f_bavail * f_frsize` from `statvfs(path)`.
    private static func statvfsCapacity(atPath path: String) -> Int64? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        let (bytes, overflow) = Int64(clamping: info.f_bavail).multipliedReportingOverflow(by: Int64(clamping: info.f_frsize))
        return overflow ? Int64.max : bytes
        #else
        return nil
        #endif
    }
}
