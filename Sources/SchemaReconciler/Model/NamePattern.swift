// MARK: - NamePattern

/// A name pattern of schema.yaml's `ignore`: `*` matches any run of characters (none
/// included), every other character itself, and names compare as SQLite compares them (ASCII
/// letters in either case). `_` and `%` are plain characters, as in a name.
///
/// ```swift
/// let pattern = NamePattern("_litestream_*")
/// pattern.matches("_Litestream_Seq") // true
/// pattern.matches("litestream_seq")  // false
/// NamePattern("audit").matches("AUDIT") // true: without a `*`, one name
/// ```
package struct NamePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    package var text: String
    /// The pattern's pieces between its `*`s, folded as SQLite folds names.
    private let pieces: [[UInt8]]

    /// The pattern `text`.
    package init(_ text: String) {
        self.text = text
        pieces = text.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false)
            .map { $0.map(SQLName.fold) }
    }

    /// The pattern as written.
    package var description: String { text }

    /// Whether `name` matches the whole pattern.
    ///
    /// ```swift
    /// NamePattern("cache_*_v2").matches("cache_users_v2") // true
    /// ```
    package func matches(_ name: String) -> Bool {
        let name = name.utf8.map(SQLName.fold)
        guard let first = pieces.first, name.starts(with: first) else { return false }
        guard pieces.count > 1 else { return name.count == first.count }
        // The first piece is anchored at the start, the last at the end; each one between is
        // found at its first place after the one before, which leaves the most room to the rest.
        let last = pieces[pieces.count - 1]
        guard name.count >= first.count + last.count, name.suffix(last.count).elementsEqual(last) else { return false }
        var position = first.count
        let end = name.count - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = Self.firstRange(of: piece, in: name[position..<end]) else { return false }
            position = found
        }
        return true
    }

    /// Where the first occurrence of `piece` in `bytes` ends, nil when there is none.
    private static func firstRange(of piece: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= piece.count else { return nil }
        var start = bytes.startIndex
        while start + piece.count <= bytes.endIndex {
            if bytes[start..<start + piece.count].elementsEqual(piece) { return start + piece.count }
            start += 1
        }
        return nil
    }
}

// MARK: - Codable

extension NamePattern: Codable {
    /// The pattern as written, a JSON string.
    ///
    /// ```swift
    /// try JSONCoding.decoder.decode(NamePattern.self, from: Data(#""cache_*""#.utf8)) // cache_*
    /// ```
    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the pattern as written.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
