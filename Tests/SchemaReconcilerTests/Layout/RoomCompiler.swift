import Foundation

// MARK: - RoomCompiler

/// Compiles a library room by room, each room as a module of its own that sees only the rooms
/// it may use, so that the compiler, not a reading of the text, holds the layout: whatever a
/// room names of a room it may not use (a type, a member or a nested type added by an extension,
/// a free function, from any file under the room's folder) is a compile error.
///
/// Each file is copied into a temporary folder with `@testable import RoomX` lines put before it,
/// one for each room it may use, so that what those rooms declare `internal` is visible; each
/// room is type-checked (`-emit-module`, never code generation) with the arguments SwiftPM used
/// for the library, in an order where the rooms it uses come first, rooms that do not depend on
/// each other at the same time. With `MemberImportVisibility`, a member that an extension adds is
/// visible only where its room is imported, so no room reaches a room it does not list through
/// one it does.
///
/// ```swift
/// let compiler = RoomCompiler(command: command, library: sources, layout: ["SQL": [], "Model": ["SQL"]])
/// let report = try await compiler.compile()
/// report.failures // [] when every room compiles
/// ```
struct RoomCompiler {
    /// How SwiftPM compiled the library.
    var command: BuildManifest.CompileCommand
    /// The library's folder, whose top folders are the rooms.
    var library: URL
    /// The rooms and what each may use.
    var layout: RoomLayout
    /// How many rooms are compiled at once.
    var width = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

    /// What compiling the rooms found.
    struct Report {
        /// The Swift files compiled, by room.
        var files: [String: [String]] = [:]
        /// The rooms that failed to compile, with the compiler's first errors.
        var failures: [Failure] = []
        /// The rooms that were not compiled because a room they use failed.
        var skipped: [String] = []

        /// The number of files compiled.
        var fileCount: Int { files.values.map(\.count).reduce(0, +) }
    }

    /// A room that failed to compile.
    struct Failure: CustomStringConvertible {
        /// The room.
        var room: String
        /// The rooms it may use.
        var mayUse: [String]
        /// The compiler's errors, paths and lines as in the library.
        var errors: [CompilerError]
        /// The compiler's whole output, when no error could be read from it.
        var output: String

        var description: String {
            let allowed = mayUse.isEmpty ? "no other room" : "only " + mayUse.joined(separator: ", ")
            guard !errors.isEmpty else {
                return "compiling room \(room) (which may use \(allowed)) failed:\n\(output)"
            }
            let shown = errors.prefix(8).map { "\($0.location): \(room) may use \(allowed); \($0.explanation)" }
            return "compiling room \(room) (which may use \(allowed)) failed; the first errors:\n"
                + shown.joined(separator: "\n")
                + (errors.count > shown.count ? "\n… and \(errors.count - shown.count) more" : "")
                + "\nMove the code to a room that may use what it names, or what it names down to a room "
                + "\(room) may use; a change of design is a change of LayoutTests.layout."
        }
    }

    // MARK: Compiling

    /// Compiles every room, each once the rooms it uses have compiled.
    func compile() async throws -> Report {
        var schedule = Schedule(layout: layout, order: try layout.buildOrder())
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("rooms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let module = RoomArguments.value(of: "-module-name", in: command.arguments) ?? "SchemaReconciler"
        // The library's own module is on SwiftPM's search path: a room sees it nowhere.
        let arguments = try RoomArguments.hidingModules(prefixed: module, in: RoomArguments.base(from: command.arguments),
                                                        under: workspace.appendingPathComponent("search-paths"))
        let declarations = DeclarationIndex(library: library, rooms: layout.rooms)
        let sourceCheck = RoomSourceCheck(library: library, module: module, layout: layout, declarations: declarations)

        var report = Report()
        try await withThrowingTaskGroup(of: (String, [String], Failure?).self) { group in
            var running = 0
            while true {
                for room in schedule.ready(upTo: width - running) {
                    running += 1
                    group.addTask {
                        try await compileRoom(room, arguments: arguments, in: workspace, sourceCheck: sourceCheck)
                    }
                }
                guard let result = try await group.next() else { break }
                let (room, files, failure) = result
                running -= 1
                report.files[room] = files
                if let failure { report.failures.append(failure) }
                schedule.finished(room, succeeded: failure == nil)
            }
        }
        report.skipped = schedule.skipped
        return report
    }

    /// Which rooms wait, which compiled, which failed or were skipped since a room they use failed.
    private struct Schedule {
        var layout: RoomLayout
        var waiting: [String]
        var compiled = Set<String>()
        var failed = Set<String>()
        var skipped: [String] = []

        init(layout: RoomLayout, order: [String]) {
            self.layout = layout
            waiting = order
        }

        /// Up to `count` rooms whose uses all compiled, taken off the waiting list; a room that
        /// uses a room that failed is skipped.
        mutating func ready(upTo count: Int) -> [String] {
            var ready: [String] = []
            for room in waiting where ready.count < count {
                let uses = layout.mayUse(room)
                if uses.contains(where: failed.contains) {
                    skipped.append(room)
                    failed.insert(room)
                } else if uses.allSatisfy(compiled.contains) {
                    ready.append(room)
                }
            }
            waiting.removeAll { ready.contains($0) || skipped.contains($0) }
            return ready
        }

        mutating func finished(_ room: String, succeeded: Bool) {
            if succeeded { compiled.insert(room) } else { failed.insert(room) }
        }
    }

    /// Copies `room`'s files, each after the imports of the rooms it may use, and type-checks
    /// them as module `Room<room>`; the errors of `sourceCheck` (a self-import, a name in a branch
    /// of an `#if` this platform does not compile) come first.
    private func compileRoom(_ room: String, arguments: [String], in workspace: URL,
                             sourceCheck: RoomSourceCheck) async throws -> (String, [String], Failure?) {
        let uses = layout.mayUse(room)
        let copies = try copy(room, into: workspace.appendingPathComponent("sources"))
        guard !copies.isEmpty else {
            return (room, [], Failure(room: room, mayUse: uses, errors: [], output: "its folder has no Swift file"))
        }
        let module = RoomArguments.moduleName(room)
        var roomArguments = arguments + ["-module-name", module, "-I", workspace.path]
        if layout.unusedRooms.contains(room) {
            roomArguments.append("-typecheck")
        } else {
            roomArguments += ["-emit-module", "-emit-module-path", workspace.appendingPathComponent(module + ".swiftmodule").path]
        }
        roomArguments += copies.map(\.copy.path)
        let log = workspace.appendingPathComponent(room + ".log")
        let files = copies.map(\.original)
        let sourceErrors = try sourceCheck.errors(in: room)
        let status = try await Self.run(command.swiftc, roomArguments, output: log)
        guard status != 0 || !sourceErrors.isEmpty else { return (room, files, nil) }

        let output = status == 0 ? "" : (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let originals = Dictionary(uniqueKeysWithValues: copies.map { ($0.copy.path, $0.original) })
        let errors = CompilerError.errors(in: output).map { error in
            var error = error
            if let original = originals[error.file] {
                // The path and line in the library: the copy has one import line per room used.
                error.file = original
                error.line = max(1, error.line - uses.count)
            }
            error.explanation = sourceCheck.declarations.explain(error.message, from: room, mayUse: uses)
            return error
        }
        return (room, files, Failure(room: room, mayUse: uses, errors: sourceErrors + errors, output: output))
    }

    /// Copies each Swift file of `room` under `folder`, after an `@testable import` of each room
    /// it may use: the copies, and the paths of the originals in the library (`Model/Sub/A.swift`).
    private func copy(_ room: String, into folder: URL) throws -> [(copy: URL, original: String)] {
        let imports = layout.mayUse(room).map { "@testable import \(RoomArguments.moduleName($0))\n" }.joined()
        let source = library.appendingPathComponent(room)
        return try Self.swiftFiles(in: source).map { path in
            let original = room + "/" + path
            let copy = folder.appendingPathComponent(original)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = try String(contentsOf: source.appendingPathComponent(path), encoding: .utf8)
            try (imports + text).write(to: copy, atomically: false, encoding: .utf8)
            return (copy, original)
        }
    }

    /// The Swift files under `folder`, subfolders included, as paths relative to it.
    static func swiftFiles(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// Runs `executable` and waits for it without holding a thread, its output in a file.
    private static func run(_ executable: URL, _ arguments: [String], output: URL) async throws -> Int32 {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}

// MARK: - RoomArguments

/// The compiler arguments of a room: SwiftPM's for the library, without what names the
/// library's sources and outputs or asks for code generation, with what type-checks a room.
enum RoomArguments {
    /// The module a room compiles to.
    static func moduleName(_ room: String) -> String { "Room" + room }

    /// Flags dropped alone: outputs, incremental builds, code generation, diagnostics formats.
    static let droppedFlags: Set<String> = [
        "-c", "-emit-module", "-emit-library", "-emit-executable", "-emit-dependencies", "-emit-objc-header",
        "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output", "-parse-as-library",
        "-enable-testing", "-whole-module-optimization", "-wmo", "-no-whole-module-optimization", "-g",
        "-color-diagnostics", "-warnings-as-errors", "-O", "-Osize", "-Ounchecked", "-Onone", "-emit-module-interface", "-emit-symbol-graph",
    ]

    /// Flags dropped with the value that follows them.
    static let droppedFlagsWithValue: Set<String> = [
        "-module-name", "-o", "-output-file-map", "-emit-module-path", "-emit-objc-header-path", "-index-store-path",
        "-emit-dependencies-path", "-emit-module-interface-path", "-emit-private-module-interface-path",
        "-emit-package-module-interface-path", "-emit-module-doc-path", "-emit-module-source-info-path",
        "-emit-symbol-graph-dir", "-emit-tbd-path", "-serialize-diagnostics-path", "-num-threads",
        "-index-unit-output-path", "-emit-loaded-module-trace-path", "-Werror", "-Wwarning", "-debug-info-format",
    ]

    /// Flags whose value is passed on with them, whatever it looks like.
    static let passedWithValue: Set<String> = ["-Xcc", "-Xfrontend", "-Xllvm", "-Xclang-linker", "-Xlinker"]

    /// The value that follows `flag` in `arguments`.
    static func value(of flag: String, in arguments: [String]) -> String? {
        arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }

    /// `arguments` with each Swift search path (`-I`, `-F`) replaced by a folder under `folder`
    /// that holds links to all it holds but the modules whose names begin with `prefix`: the
    /// library (`SchemaReconciler.swiftmodule`, built with `-enable-testing`) and the test modules
    /// that import it. So `@testable import SchemaReconciler` in a room is `no such module`.
    static func hidingModules(prefixed prefix: String, in arguments: [String], under folder: URL) throws -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if passedWithValue.contains(argument), index < arguments.count {
                result += [argument, arguments[index]]
                index += 1
            } else if argument == "-I" || argument == "-F", index < arguments.count {
                let linked = folder.appendingPathComponent("\(result.count)")
                try linkContents(of: URL(fileURLWithPath: arguments[index]), into: linked, hiding: prefix)
                result += [argument, linked.path]
                index += 1
            } else {
                result.append(argument)
            }
        }
        return result
    }

    /// Links each entry of `source` into `destination`, but those named `prefix…`.
    private static func linkContents(of source: URL, into destination: URL, hiding prefix: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in (try? manager.contentsOfDirectory(atPath: source.path)) ?? [] where !name.hasPrefix(prefix) {
            try manager.createSymbolicLink(at: destination.appendingPathComponent(name),
                                           withDestinationURL: source.appendingPathComponent(name))
        }
    }

    /// SwiftPM's arguments for the library, kept for a room (`-I`, `-Xcc -fmodule-map-file=…`,
    /// `-D…`, `-swift-version`, `-package-name`, `-module-cache-path`, `-target`, …), plus what
    /// type-checks a room as one module: its files as a library, its internal declarations open
    /// to `@testable import`, in one frontend job, with a file's members visible only through the
    /// modules that file imports.
    static func base(from arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if passedWithValue.contains(argument), index < arguments.count {
                // SwiftPM passes `-Xcc -g`: code generation, but harmless to a type-check.
                kept += [argument, arguments[index]]
                index += 1
            } else if droppedFlagsWithValue.contains(argument) {
                index += 1
            } else if droppedFlags.contains(argument) || argument.hasPrefix("-j") || argument.hasPrefix("@")
                        || argument.hasSuffix(".swift") {
                continue
            } else {
                kept.append(argument)
            }
        }
        return kept + [
            "-parse-as-library", "-enable-testing", "-whole-module-optimization", "-Onone",
            "-enable-upcoming-feature", "MemberImportVisibility",
            "-suppress-warnings", "-no-color-diagnostics", "-diagnostic-style", "llvm",
        ]
    }
}
