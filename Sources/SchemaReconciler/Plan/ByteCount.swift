// MARK: - ByteCount

/// A number of bytes in the units people read on a disk's free space: decimal kilobytes,
/// megabytes, gigabytes (1 GB = 1,000,000,000 bytes, as Apple platforms count them), with one
/// decimal below ten and none above, the same in every locale.
///
/// ```swift
/// ByteCount.text(1_234_567_890)   // "1.2 GB"
/// ByteCount.text(300_000_000)     // "300 MB"
/// ByteCount.text(512)             // "512 bytes"
/// ```
enum ByteCount {
    /// The units above bytes, each a thousand times the one before.
    private static let units = ["KB", "MB", "GB", "TB", "PB", "EB"]

    // MARK: Text

    /// `bytes` in the largest unit it is at least one of.
    static func text(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        let number = tenths < 100 ? "\(tenths / 10).\(tenths % 10)" : "\(Int(value.rounded()))"
        return "\(number) \(units[unit])"
    }

    /// Two counts as texts that tell them apart: in units when they read differently, with the
    /// exact bytes beside them when the units would make them look the same.
    ///
    /// ```swift
    /// ByteCount.texts(300_400_000, 300_100_000)   // ("300 MB (300400000 bytes)", "300 MB (300100000 bytes)")
    /// ```
    static func texts(_ first: Int64, _ second: Int64) -> (String, String) {
        let texts = (text(first), text(second))
        guard texts.0 == texts.1, first != second, first >= 1000 else { return texts }
        return ("\(texts.0) (\(first) bytes)", "\(texts.1) (\(second) bytes)")
    }
}
