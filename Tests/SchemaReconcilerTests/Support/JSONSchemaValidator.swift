import Foundation
import Yams

// MARK: - JSONSchemaValidator

/// Checks a document against a JSON Schema, for the keywords schema.json uses and no others:
/// `type`, `enum`, `pattern`, `minLength`, `items`, `minItems`, `properties`,
/// `patternProperties`, `additionalProperties`, `required`, `minProperties`, `anyOf`, `oneOf` and
/// `$ref` to `#/…`; `$schema`, `$defs`, `title` and `description` are annotations. Any other
/// keyword is reported as a failure rather than ignored.
///
/// ```swift
/// let validator = try JSONSchemaValidator(contentsOf: root.appendingPathComponent("schema.json"))
/// let failures = validator.validate(try JSONSchemaValidator.loadYAML("version: 1.0.0\ntables: {}\n"))
/// failures.map(\.description) // ["/tables/users/columns/email/not_nul: unknown key 'not_nul'"]
/// ```
struct JSONSchemaValidator {
    /// The parsed schema.
    let schema: [String: Any]

    /// The keywords that only describe.
    static let annotations: Set<String> = ["$schema", "$defs", "title", "description"]
    /// The keywords that, together, choose the schema of each member of an object.
    static let memberKeywords: Set<String> = ["properties", "patternProperties", "additionalProperties"]

    /// One way the document breaks the schema.
    struct Failure: Equatable, CustomStringConvertible {
        /// Where: a JSON pointer such as `/tables/users/columns/email`; `/` for the document.
        var path: String
        /// What is wrong.
        var message: String
        /// Whether the value has a type the schema does not allow at all.
        var isWrongType = false

        var description: String { "\(path): \(message)" }
    }

    // MARK: Creating

    /// A validator for the schema in a JSON file.
    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let schema = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        self.schema = schema
    }

    // MARK: Validating

    /// Every failure of `document` (a value of ``loadYAML(_:)``), in document order; empty when
    /// it is valid.
    func validate(_ document: Any?) -> [Failure] {
        validate(Instance(document), against: schema, at: [])
    }

    /// The failures of `instance` against one schema.
    private func validate(_ instance: Instance, against schema: Any, at path: [String]) -> [Failure] {
        if let allowed = schema as? Bool {
            return allowed ? [] : [Failure(path: Self.pointer(path), message: "no value is allowed here")]
        }
        guard let schema = schema as? [String: Any] else {
            return [Failure(path: Self.pointer(path), message: "the schema here is not an object")]
        }
        var failures: [Failure] = []
        for keyword in schema.keys.sorted() where !Self.annotations.contains(keyword) {
            failures += validate(instance, keyword: keyword, in: schema, at: path)
        }
        if !Self.memberKeywords.isDisjoint(with: schema.keys) {
            failures += checkMembers(instance, schema, at: path)
        }
        return failures
    }

    /// The failures of `instance` for one keyword of `schema`.
    private func validate(_ instance: Instance, keyword: String, in schema: [String: Any],
                          at path: [String]) -> [Failure] {
        let value = schema[keyword]!
        switch keyword {
        case "type": return checkType(instance, value, at: path)
        case "enum": return checkEnum(instance, value, at: path)
        case "pattern": return checkPattern(instance, value, at: path)
        case "minLength", "minItems", "minProperties": return checkMinimum(instance, keyword, value, at: path)
        case "items": return checkItems(instance, value, at: path)
        case _ where Self.memberKeywords.contains(keyword): return [] // all three at once, by checkMembers
        case "required": return checkRequired(instance, value, at: path)
        case "anyOf", "oneOf": return checkAlternatives(instance, keyword, value, at: path)
        case "$ref": return checkReference(instance, value, at: path)
        default:
            return [Failure(path: Self.pointer(path), message: "the validator does not support the keyword '\(keyword)'")]
        }
    }

    // MARK: Keywords

    /// `type`: a type name or a list of them.
    private func checkType(_ instance: Instance, _ value: Any, at path: [String]) -> [Failure] {
        let types = (value as? [String]) ?? [value as? String ?? ""]
        if types.contains(where: instance.hasType) { return [] }
        return [Failure(path: Self.pointer(path),
                        message: "expected \(types.joined(separator: " or ")), found \(instance.summary)",
                        isWrongType: true)]
    }

    /// `enum`: one of the listed scalars.
    private func checkEnum(_ instance: Instance, _ value: Any, at path: [String]) -> [Failure] {
        let choices = (value as? [Any] ?? []).map(Instance.init)
        if choices.contains(instance) { return [] }
        let listed = choices.map(\.summary).joined(separator: ", ")
        return [Failure(path: Self.pointer(path), message: "expected one of \(listed), found \(instance.summary)")]
    }

    /// `pattern`: a string in which the regular expression finds a match.
    private func checkPattern(_ instance: Instance, _ value: Any, at path: [String]) -> [Failure] {
        guard case .string(let text) = instance, let pattern = value as? String else { return [] }
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            return [Failure(path: Self.pointer(path), message: "the pattern \(pattern) is not a regular expression")]
        }
        let range = NSRange(text.startIndex..., in: text)
        if expression.firstMatch(in: text, range: range) != nil { return [] }
        return [Failure(path: Self.pointer(path), message: "\(instance.summary) does not match \(pattern)")]
    }

    /// `minLength`, `minItems` and `minProperties`.
    private func checkMinimum(_ instance: Instance, _ keyword: String, _ value: Any, at path: [String]) -> [Failure] {
        let minimum = value as? Int ?? 0
        let count: Int?
        switch (keyword, instance) {
        case ("minLength", .string(let text)): count = text.unicodeScalars.count
        case ("minItems", .array(let elements)): count = elements.count
        case ("minProperties", .object(let members)): count = members.count
        default: count = nil
        }
        guard let count, count < minimum else { return [] }
        let unit = ["minLength": "character", "minItems": "entry", "minProperties": "key"][keyword]!
        return [Failure(path: Self.pointer(path), message: "expected at least \(minimum) \(unit)(s), found \(count)")]
    }

    /// `items`: every entry of a list.
    private func checkItems(_ instance: Instance, _ value: Any, at path: [String]) -> [Failure] {
        guard case .array(let elements) = instance else { return [] }
        return elements.enumerated().flatMap { offset, element in
            validate(element, against: value, at: path + [String(offset)])
        }
    }

    /// `properties`, `patternProperties` and `additionalProperties` together: each member
    /// against the schema its key selects.
    private func checkMembers(_ instance: Instance, _ schema: [String: Any], at path: [String]) -> [Failure] {
        guard case .object(let members) = instance else { return [] }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let patterns = schema["patternProperties"] as? [String: Any] ?? [:]
        var failures: [Failure] = []
        for (key, member) in members {
            var applicable: [Any] = properties[key].map { [$0] } ?? []
            for (pattern, subschema) in patterns.sorted(by: { $0.key < $1.key })
            where (try? NSRegularExpression(pattern: pattern))?
                .firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil {
                applicable.append(subschema)
            }
            if applicable.isEmpty, let additional = schema["additionalProperties"] {
                if let allowed = additional as? Bool, !allowed {
                    failures.append(Failure(path: Self.pointer(path + [key]), message: "unknown key '\(key)'"))
                    continue
                }
                applicable.append(additional)
            }
            for subschema in applicable { failures += validate(member, against: subschema, at: path + [key]) }
        }
        return failures
    }

    /// `required`: keys the object must have.
    private func checkRequired(_ instance: Instance, _ value: Any, at path: [String]) -> [Failure] {
        guard case .object(let members) = instance else { return [] }
        let keys = value as? [String] ?? []
        return keys.filter { key in !members.contains { $0.key == key } }.map { key in
            Failure(path: Self.pointer(path), message: "missing key '\(key)'")
        }
    }

    /// `anyOf` (at least one) and `oneOf` (exactly one). When none matches, the failures of the
    /// alternative that got furthest into the value are reported, so that a misspelt key of a
    /// column mapping reads as such rather than as "not a type name".
    private func checkAlternatives(_ instance: Instance, _ keyword: String, _ value: Any,
                                   at path: [String]) -> [Failure] {
        let results = (value as? [Any] ?? []).map { validate(instance, against: $0, at: path) }
        let matches = results.filter(\.isEmpty).count
        if keyword == "anyOf" ? matches > 0 : matches == 1 { return [] }
        if matches > 1 {
            return [Failure(path: Self.pointer(path), message: "matches \(matches) alternatives of oneOf, not one")]
        }
        let typed = results.filter { !$0.allSatisfy { $0.isWrongType && $0.path == Self.pointer(path) } }
        if typed.count == 1 { return typed[0] }
        let deepest = results.max { Self.depth(of: $0) < Self.depth(of: $1) } ?? []
        if Self.depth(of: deepest) > path.count { return deepest }
        let forms = results.compactMap(\.first?.message).joined(separator: "; or ")
        return [Failure(path: Self.pointer(path), message: "matches none of its forms: \(forms)",
                        isWrongType: typed.isEmpty)]
    }

    /// `$ref`: a JSON pointer into the schema itself, such as `#/$defs/column`.
    private func checkReference(_ instance: Instance, _ value: Any, at path: [String]) -> [Failure] {
        guard let reference = value as? String, reference.hasPrefix("#") else {
            return [Failure(path: Self.pointer(path), message: "the validator resolves only references within the schema")]
        }
        var target: Any = schema
        for component in reference.dropFirst().split(separator: "/") {
            let name = component.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = (target as? [String: Any])?[name] else {
                return [Failure(path: Self.pointer(path), message: "the reference \(reference) leads nowhere")]
            }
            target = next
        }
        return validate(instance, against: target, at: path)
    }

    // MARK: Paths

    /// The JSON pointer of a path: `/tables/users`, or `/` for the document.
    static func pointer(_ path: [String]) -> String {
        guard !path.isEmpty else { return "/" }
        return path.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    /// How deep the deepest failure lies (the number of components of its path).
    private static func depth(of failures: [Failure]) -> Int {
        failures.map { $0.path == "/" ? 0 : $0.path.split(separator: "/").count }.max() ?? 0
    }
}

// MARK: - Instance

extension JSONSchemaValidator {
    /// A value of the document as JSON sees it.
    enum Instance: Equatable {
        case null
        case boolean(Bool)
        case number(Double, isInteger: Bool)
        case string(String)
        case array([Instance])
        case object([(key: String, value: Instance)])

        /// Reads a value of `Yams.load` or `JSONSerialization`; mapping keys become text, as
        /// in JSON, and members are ordered by key.
        init(_ value: Any?) {
            guard let value, !(value is NSNull) else { self = .null; return }
            if type(of: value) == Bool.self, let flag = value as? Bool {
                self = .boolean(flag)
            } else if let text = value as? String {
                self = .string(text)
            } else if let integer = value as? Int, type(of: value) != Double.self {
                self = .number(Double(integer), isInteger: true)
            } else if let real = value as? Double {
                self = .number(real, isInteger: real.rounded() == real)
            } else if let elements = value as? [Any] {
                self = .array(elements.map(Instance.init))
            } else if let members = value as? [AnyHashable: Any] {
                let pairs = members.map { (key: ($0.key.base as? String) ?? "\($0.key.base)", value: Instance($0.value)) }
                self = .object(pairs.sorted { $0.key < $1.key })
            } else {
                self = .string("\(value)")
            }
        }

        /// Whether the value is of the JSON Schema type `name`.
        func hasType(_ name: String) -> Bool {
            switch (name, self) {
            case ("null", .null), ("boolean", .boolean), ("number", .number), ("string", .string),
                 ("array", .array), ("object", .object): true
            case ("integer", .number(_, let isInteger)): isInteger
            default: false
            }
        }

        /// How the value reads in a message: `the string 'yes'`, `a list`.
        var summary: String {
            switch self {
            case .null: "null"
            case .boolean(let flag): "the boolean \(flag)"
            case .number(let value, let isInteger): "the number \(isInteger ? String(Int(value)) : String(value))"
            case .string(let text): "the string '\(text)'"
            case .array: "a list"
            case .object: "a mapping"
            }
        }

        static func == (lhs: Instance, rhs: Instance) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.boolean(let a), .boolean(let b)): a == b
            case (.number(let a, _), .number(let b, _)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
            default: false
            }
        }
    }
}

// MARK: - YAML as editors read it

extension JSONSchemaValidator {
    /// The YAML 1.2 core schema, which editors use to read schema.yaml: `true`/`false` (not
    /// `yes`/`no`) are booleans, and no timestamps.
    static let coreSchema: Resolver = {
        let float = #"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"#
        return try! Resolver.basic
            .appending(.null, "^(?:~|null|Null|NULL|)$")
            .appending(.bool, "^(?:true|True|TRUE|false|False|FALSE)$")
            .appending(.int, "^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
            .appending(.float, float)
    }()

    /// The value of a YAML document, read with the core schema.
    ///
    /// ```swift
    /// try JSONSchemaValidator.loadYAML("version: 1.4") // ["version": 1.4]
    /// ```
    static func loadYAML(_ text: String) throws -> Any? {
        try Yams.load(yaml: text, coreSchema)
    }
}
