import Foundation
import Testing

/// The library's folders are the stages of a sync, and data flows one way through them: a
/// folder (a room) uses only the rooms before it. This reads the sources and holds that rule,
/// so that the layout stays true after the next feature.
@Suite struct LayoutTests {
    /// The rooms, in the order data flows through them; each may use the ones before it.
    static let rooms = ["SQL", "JSON", "Model", "SQLite", "Format", "Load", "Generate", "Inspect", "Diff", "Plan",
                        "Rehearse", "Apply", "Sync", "Verify"]

    /// `Sources/SchemaReconciler`.
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/SchemaReconciler")

    @Test func everyFolderIsARoomInTheOrder() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.library.path)
            .filter { !$0.hasSuffix(".docc") && Self.isDirectory(Self.library.appendingPathComponent($0)) }
        #expect(Set(folders) == Set(Self.rooms), "a new folder must be placed in LayoutTests.rooms")
    }

    @Test func noRoomNamesATypeOfALaterRoom() throws {
        let sources = try SourceRoom.read(Self.rooms, in: Self.library)
        let owners = SourceRoom.owners(of: sources)
        var backward: [String] = []
        for (index, room) in sources.enumerated() {
            for file in room.files {
                for name in file.names.subtracting(file.nestedTypes) {
                    for owner in owners[name] ?? [] where owner > index {
                        backward.append("\(room.name)/\(file.name) names \(name), a type of \(sources[owner].name)/")
                    }
                }
            }
        }
        #expect(backward.isEmpty, "\(backward.sorted().joined(separator: "\n"))")
    }

    @Test func noTwoRoomsUseEachOther() throws {
        let sources = try SourceRoom.read(Self.rooms, in: Self.library)
        let owners = SourceRoom.owners(of: sources)
        var uses = Array(repeating: Set<Int>(), count: sources.count)
        for (index, room) in sources.enumerated() {
            for file in room.files {
                for name in file.names.subtracting(file.nestedTypes) {
                    uses[index].formUnion((owners[name] ?? []).filter { $0 != index })
                }
            }
        }
        // A room that reaches itself through the rooms it uses sits in a cycle.
        for start in uses.indices {
            var seen = Set<Int>(), pending = Array(uses[start])
            while let room = pending.popLast() {
                if seen.insert(room).inserted { pending += uses[room] }
            }
            #expect(!seen.contains(start), "\(sources[start].name)/ uses itself through \(seen.map { sources[$0].name }.sorted())")
        }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

// MARK: - What a room's sources name

/// The Swift files of one room, each with the capitalised names it uses, the types it declares
/// at the top level, and those it declares inside another (whose short names are its own).
private struct SourceRoom {
    struct File {
        var name: String
        var names: Set<String>
        var topLevelTypes: Set<String>
        var nestedTypes: Set<String>
    }

    var name: String
    var files: [File]

    static func read(_ rooms: [String], in library: URL) throws -> [SourceRoom] {
        try rooms.map { room in
            let folder = library.appendingPathComponent(room)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            return SourceRoom(name: room, files: try names.sorted().map { name in
                let code = SwiftCode.withoutCommentsAndStrings(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
                return File(name: name, names: SwiftCode.capitalizedWords(in: code),
                            topLevelTypes: SwiftCode.declaredTypes(in: code, nested: false),
                            nestedTypes: SwiftCode.declaredTypes(in: code, nested: true))
            })
        }
    }

    /// The rooms (by index) that declare each top-level type.
    static func owners(of rooms: [SourceRoom]) -> [String: Set<Int>] {
        var owners: [String: Set<Int>] = [:]
        for (index, room) in rooms.enumerated() {
            for file in room.files {
                for type in file.topLevelTypes { owners[type, default: []].insert(index) }
            }
        }
        return owners
    }
}

/// Just enough of Swift's lexical structure to tell the names a file uses from its comments
/// and string literals, and the types it declares.
private enum SwiftCode {
    /// `code` with each comment removed and each string literal emptied.
    static func withoutCommentsAndStrings(_ code: String) -> String {
        var output = ""
        var rest = Substring(code)
        while let first = rest.first {
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
            } else if let delimiter = ["#\"\"\"", "\"\"\"", "#\""].first(where: { rest.hasPrefix($0) }) {
                let closing = delimiter == "#\"" ? "\"#" : (delimiter.hasPrefix("#") ? "\"\"\"#" : "\"\"\"")
                let body = rest.dropFirst(delimiter.count)
                rest = body.range(of: closing).map { body[$0.upperBound...] } ?? ""
                output += " \"\" "
            } else if first == "\"" {
                rest = skipString(rest.dropFirst())
                output += " \"\" "
            } else {
                output.append(first)
                rest = rest.dropFirst()
            }
        }
        return output
    }

    /// What follows a one-line string literal whose opening quote is gone.
    private static func skipString(_ text: Substring) -> Substring {
        var rest = text
        while let character = rest.first, character != "\"", character != "\n" {
            rest = rest.dropFirst(character == "\\" ? 2 : 1)
        }
        return rest.dropFirst()
    }

    /// The words that start with a capital letter.
    static func capitalizedWords(in code: String) -> Set<String> {
        var words = Set<String>(), word = ""
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if let first = word.first, first.isUppercase { words.insert(word) }
                word = ""
            }
        }
        return words
    }

    /// The types declared at the start of a line (`nested` false), or indented (true).
    static func declaredTypes(in code: String, nested: Bool) -> Set<String> {
        let kinds: Set<String> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        let modifiers: Set<String> = ["public", "package", "internal", "private", "fileprivate", "final", "indirect"]
        var types = Set<String>()
        for line in code.split(separator: "\n") {
            guard line.first?.isWhitespace == nested else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "<" || $0 == "{" })
                .drop { modifiers.contains(String($0)) }
            if let kind = words.first, kinds.contains(String(kind)), words.count > 1 {
                types.insert(String(words[words.index(after: words.startIndex)]))
            }
        }
        return types
    }
}
