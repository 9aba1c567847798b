import Foundation
import Version

// MARK: - SemanticVersion

/// A semantic version, as `version` and the keys of `upgrades` are written.
///
/// `1.4` means `1.4.0`; components compare as numbers (`1.10.0 > 1.9.0`); a pre-release orders
/// below its release (`2.0.0-beta.2 < 2.0.0`); build metadata (`+build.7`) is ignored.
///
/// ```swift
/// let v = SemanticVersion("1.4")!
/// v.description                       // "1.4.0"
/// SemanticVersion("1.10.0")! > SemanticVersion("1.9.0")! // true
/// ```
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    private let value: Version

    /// Parses a version; nil when the text is not a semantic version.
    public init?(_ text: String) {
        if let plain = Self.plainRelease(text) {
            value = plain
            return
        }
        var core = Substring(SQLText.trimmed(text))
        if let plus = core.firstIndex(of: "+") {
            let build = core[core.index(after: plus)...]
            guard !build.isEmpty, build.split(separator: ".", omittingEmptySubsequences: false)
                .allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
            else { return nil }
            core = core[..<plus]
        }
        guard let first = core.first, first.isNumber else { return nil }
        let release = core.prefix { $0 != "-" }
        // Numbers have no leading zero (01.2.0, 1.0.0-01), as semantic versioning requires.
        func isNumber(_ part: Substring) -> Bool {
            !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
        }
        func hasLeadingZero(_ part: Substring) -> Bool { isNumber(part) && part.count > 1 && part.first == "0" }
        guard release.split(separator: ".", omittingEmptySubsequences: false)
            .allSatisfy({ isNumber($0) && !hasLeadingZero($0) })
        else { return nil }
        if release.count < core.count {
            let pre = core[core.index(core.startIndex, offsetBy: release.count + 1)...]
            guard !pre.isEmpty, pre.split(separator: ".", omittingEmptySubsequences: false)
                .allSatisfy({ !$0.isEmpty && !hasLeadingZero($0)
                    && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
            else { return nil }
        }
        guard let parsed = Version(tolerant: core) else { return nil }
        value = parsed
    }

    /// `major.minor.patch` in plain digits without leading zeros, as stored versions are
    /// written, read byte by byte; nil for any other text, which the full parse then reads.
    private static func plainRelease(_ text: String) -> Version? {
        var parts = (0, 0, 0), index = 0, digits = 0, current = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, index < 2 else { return nil }
                if index == 0 { parts.0 = current } else { parts.1 = current }
                index += 1
                digits = 0
                current = 0
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18,
                      !(digits == 1 && current == 0) else { return nil }
                current = current * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
        }
        guard index == 2, digits > 0 else { return nil }
        parts.2 = current
        return Version(parts.0, parts.1, parts.2)
    }

    /// Creates a version from a literal; traps on an invalid literal (use in code and tests only).
    public init(stringLiteral text: String) {
        guard let version = SemanticVersion(text) else { preconditionFailure("not a semantic version: \(text)") }
        self = version
    }

    /// The major component.
    public var major: Int { value.major }
    /// The minor component.
    public var minor: Int { value.minor }
    /// The patch component.
    public var patch: Int { value.patch }
    /// The pre-release identifiers (`beta`, `2` in `2.0.0-beta.2`).
    public var prerelease: [String] { value.prereleaseIdentifiers }

    /// The canonical spelling: `major.minor.patch[-pre]`.
    public var description: String {
        let core = "\(major).\(minor).\(patch)"
        return prerelease.isEmpty ? core : core + "-" + prerelease.joined(separator: ".")
    }

    /// The version that a database with no stored state and no user tables starts from.
    public static let zero: SemanticVersion = "0.0.0"

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool { lhs.value < rhs.value }
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool { lhs.value == rhs.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

// MARK: - Codable

extension SemanticVersion: Codable {
    /// Decodes a version from its text, such as `"1.4.0"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = SemanticVersion(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a semantic version: \(text)")
        }
        self = version
    }

    /// Encodes the version as its canonical text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
