import Foundation

// MARK: - RoomSourceCheck

/// What a room's compile cannot hold by itself, read from its sources: an import of the library
/// itself, which would see every room, and, in each branch of an `#if` block, the names of rooms
/// it may not use.
///
/// A room's compile reads only the branches of `#if os(iOS)`, `#if canImport(Darwin)`… that
/// hold on the platform it runs on, and the code of another platform cannot be type-checked
/// here (it names Darwin's or Glibc's API). So every branch is also read by name: a name it
/// writes that only rooms the room may not use declare (see ``DeclarationIndex``) is an error,
/// as the compiler of that platform would find it.
///
/// ```swift
/// let check = RoomSourceCheck(library: sources, module: "SchemaReconciler", layout: layout, declarations: index)
/// try check.errors(in: "Model") // [] when Model neither imports the library nor names a later room
/// ```
struct RoomSourceCheck {
    /// The library's folder, whose top folders are the rooms.
    var library: URL
    /// The library's module, which none of its files may import.
    var module: String
    /// The rooms and what each may use.
    var layout: RoomLayout
    /// Where each name is declared.
    var declarations: DeclarationIndex

    /// The errors of `room`'s files, paths relative to the library.
    func errors(in room: String) throws -> [CompilerError] {
        let uses = Set(layout.mayUse(room) + [room])
        var errors: [CompilerError] = []
        let folder = library.appendingPathComponent(room)
        for path in try RoomCompiler.swiftFiles(in: folder) {
            let file = room + "/" + path
            let source = SwiftSourceText(try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
            for line in source.lines(importing: module) {
                var error = CompilerError(file: file, line: line, message: "the file imports \(module)")
                error.explanation = "it imports \(module), the library itself, which would let it use every room: "
                    + "a room sees the rooms it may use without an import (remove the line)"
                errors.append(error)
            }
            for branch in source.branches {
                var named = Set<String>()
                for (name, line) in source.identifiers(in: branch) where named.insert(name).inserted {
                    let declared = declarations.declarations(of: name)
                    guard !declared.isEmpty, !declared.contains(where: { uses.contains($0.room) }) else { continue }
                    let rooms = Array(Set(declared.map(\.room))).sorted().joined(separator: ", ")
                    var error = CompilerError(file: file, line: line, message: "'\(name)' in a branch of an #if")
                    error.explanation = "it names '\(name)', which \(rooms) declares (\(declared[0].location)), in the "
                        + "branch `\(branch.condition)` (line \(branch.line)), which this platform's compiler does not read"
                    errors.append(error)
                }
            }
        }
        return errors
    }
}
