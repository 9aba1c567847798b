import Foundation

// MARK: - CompilerError

/// An error line of the compiler's output in LLVM style (`file:line:column: error: message`).
///
/// ```swift
/// CompilerError.errors(in: "/tmp/Model/A.swift:4:9: error: cannot find 'plan' in scope")
/// // [CompilerError(file: "/tmp/Model/A.swift", line: 4, message: "cannot find 'plan' in scope")]
/// ```
struct CompilerError: Equatable {
    /// The file, or "" for an error that names none.
    var file: String
    /// The line, or 0.
    var line: Int
    /// The compiler's message, its `Room…` module names turned back into rooms.
    var message: String
    /// The message, said in terms of the layout (set by the caller; the message by default).
    var explanation: String

    init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
        self.explanation = message
    }

    /// Where it is, as `file:line`.
    var location: String { file.isEmpty ? "swiftc" : "\(file):\(line)" }

    /// The errors in `output`, in order, each once.
    static func errors(in output: String) -> [CompilerError] {
        var errors: [CompilerError] = []
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: "error: ") else { continue }
            let message = readable(String(line[marker.upperBound...]))
            let place = line[..<marker.lowerBound].split(separator: ":")
            var error = CompilerError(file: "", line: 0, message: message)
            if place.count >= 2, place[0].hasSuffix(".swift"), let number = Int(place[1]) {
                error.file = String(place[0])
                error.line = number
            }
            // The driver repeats that a job failed; that says nothing a contributor can act on.
            if error.file.isEmpty, message.contains("command failed with exit code") { continue }
            if !errors.contains(error) { errors.append(error) }
        }
        return errors
    }

    /// `message` with `RoomModel.Schema` written `Schema`, and `module 'RoomSync'` written `room 'Sync'`.
    static func readable(_ message: String) -> String {
        message
            .replacingOccurrences(of: #"module '\#(RoomArguments.moduleName(""))(\w+)'"#, with: "room '$1'",
                                  options: .regularExpression)
            .replacingOccurrences(of: #"\b\#(RoomArguments.moduleName(""))\w+\."#, with: "", options: .regularExpression)
    }
}

// MARK: - DeclarationIndex

/// Where the library declares each name, found by reading its sources, so that an error can say
/// which room holds what a room may not use. Only what another file could name counts: the
/// declarations at file level and in the bodies of types and extensions, not a function's
/// locals, and not what comments and strings say.
struct DeclarationIndex: Sendable {
    /// For each name, the rooms and files (`file:line`) that declare it, the first in each file.
    private var declared: [String: [(room: String, location: String)]] = [:]

    init(library: URL, rooms: [String]) {
        for room in rooms {
            let folder = library.appendingPathComponent(room)
            for path in (try? RoomCompiler.swiftFiles(in: folder)) ?? [] {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) else { continue }
                var seen = Set<String>()
                for (name, line) in Self.outerDeclarations(in: SwiftSourceText(text).code) where seen.insert(name).inserted {
                    declared[name, default: []].append((room, "\(room)/\(path):\(line)"))
                }
            }
        }
    }

    /// The rooms and files (`file:line`) that declare `name`.
    func declarations(of name: String) -> [(room: String, location: String)] {
        declared[name] ?? []
    }

    /// The keywords that declare a name.
    private static let declaring: Set = ["struct", "class", "enum", "protocol", "actor", "typealias", "func", "var", "let", "case"]
    /// The keywords whose braces hold declarations another file may name.
    private static let typeBodies: Set = ["struct", "class", "enum", "protocol", "actor", "extension"]
    /// The keywords whose braces hold code: a function's, an accessor's, an initializer's, a closure's.
    private static let codeBodies: Set = ["func", "var", "let", "init", "deinit", "subscript", "get", "set", "willSet",
                                          "didSet", "case"]

    /// The names `code` (comments and strings blanked) declares at file level or in a type's or
    /// an extension's body, each with its line: a brace opens a type's body when the last
    /// declaring keyword before it is `struct`, `enum`, `extension`…
    static func outerDeclarations(in code: String) -> [(name: String, line: Int)] {
        var found: [(name: String, line: Int)] = []
        var bodies: [Bool] = []  // for each open brace, whether it is a type's body
        var lastKeyword: String?
        var declaresNext = false
        var line = 1
        var word = ""
        func endWord() {
            guard !word.isEmpty else { return }
            if declaring.contains(word) {
                declaresNext = true
            } else if declaresNext {
                if bodies.allSatisfy({ $0 }) { found.append((word, line)) }
                declaresNext = false
            }
            if typeBodies.contains(word) || codeBodies.contains(word) { lastKeyword = word }
            word = ""
        }
        for character in code {
            if character == "_" || character.isLetter || character.isNumber {
                word.append(character)
                continue
            }
            endWord()
            switch character {
            case "\n":
                line += 1
            case "{":
                bodies.append(lastKeyword.map(typeBodies.contains) ?? false)
                lastKeyword = nil
                declaresNext = false
            case "}":
                _ = bodies.popLast()
                lastKeyword = nil
            case ";":
                lastKeyword = nil
            case " ", "\t", "`":
                break
            default:
                // `case let x`, `var (a, b)`: the keyword declares no name of its own here.
                declaresNext = false
            }
        }
        endWord()
        return found
    }

    /// `message`, about a file of `room`, said in terms of the layout: the name it could not
    /// find, and the rooms outside `mayUse` that declare it.
    func explain(_ message: String, from room: String, mayUse: [String]) -> String {
        if let match = message.range(of: #"missing import of defining module '\w+'"#, options: .regularExpression) {
            let module = message[match].split(separator: "'")[1]
            return "\(message): add `import \(module)` to the file (a file sees the members of the modules "
                + "it imports, not of those its neighbours import)"
        }
        guard let name = Self.missingName(in: message) else { return message }
        let elsewhere = declarations(of: name).filter { $0.room != room && !mayUse.contains($0.room) }
        guard let first = elsewhere.first else { return message }
        let rooms = Array(Set(elsewhere.map(\.room))).sorted().joined(separator: ", ")
        return "it names '\(name)', which \(rooms) declares (\(first.location)): \(message)"
    }

    /// The name an error says it cannot see: `cannot find 'x' in scope`, `has no member 'x'`,
    /// `'x' is not a member type of …`, `… 'x(_:)' is not available due to missing import …`.
    static func missingName(in message: String) -> String? {
        let patterns = [
            #"cannot find (?:type )?'([^']+)' in scope"#,
            #"has no member '([^']+)'"#,
            #"^'([^']+)' is not a member type"#,
            #"'([^']+)' is not available due to missing import"#,
        ]
        for pattern in patterns {
            guard let match = message.range(of: pattern, options: .regularExpression) else { continue }
            let quoted = message[match].split(separator: "'", omittingEmptySubsequences: false)
            guard quoted.count >= 2 else { continue }
            // `late()` or `reading(yaml:isQuoted:)` is declared as `late`.
            return String(quoted[1].prefix { $0 != "(" })
        }
        return nil
    }
}
