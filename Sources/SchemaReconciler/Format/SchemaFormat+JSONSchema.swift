// MARK: - JSON Schema

extension SchemaFormat {
    /// The JSON Schema (draft 2020-12) of schema.yaml, built from the keys of the format: one
    /// property per ``Key``, described by its summary, typed by its ``ValueKind``, with
    /// `additionalProperties: false` on every mapping so that an editor flags unknown keys.
    ///
    /// ```swift
    /// let schema = SchemaFormat.jsonSchema
    /// schema["$defs"]?["column"]?["properties"]?["not_null"] // {"type": "boolean", "description": …}
    /// ```
    package static var jsonSchema: JSONValue {
        JSONSchemaBuilder().document
    }

    /// ``jsonSchema`` as the text of schema.json: sorted keys, two-space indentation and a
    /// final newline, the same on every platform.
    ///
    /// ```swift
    /// try SchemaFormat.jsonSchemaText.write(to: URL(fileURLWithPath: "schema.json"),
    ///                                      atomically: true, encoding: .utf8)
    /// ```
    package static var jsonSchemaText: String {
        jsonSchema.prettyPrinted() + "\n"
    }

    /// The JSON Schema dialect the document follows.
    ///
    /// ```swift
    /// SchemaFormat.jsonSchema["$schema"] == .string(SchemaFormat.jsonSchemaDialect) // true
    /// ```
    package static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"
}

// MARK: - JSONSchemaBuilder

/// Builds the JSON Schema of ``SchemaFormat``: the top level inline, and under `$defs` every
/// mapping of the format and the value kinds that several keys share.
///
/// ```swift
/// let document = JSONSchemaBuilder().document
/// document["$defs"]?["table"]?["required"] // ["columns"]
/// ```
struct JSONSchemaBuilder {
    typealias Kind = SchemaFormat.ValueKind
    typealias JSON = JSONValue

    /// A kind written once under `$defs` and referred to by `$ref` everywhere else.
    ///
    /// ```swift
    /// Definition(name: "names", kind: .names, summary: "A name, or a list of names.")
    /// ```
    struct Definition: Sendable {
        /// Its name under `$defs`.
        var name: String
        /// The kind it describes.
        var kind: Kind
        /// Its description.
        var summary: String
    }

    // MARK: Definitions

    /// The shared value kinds, then the mappings of the format (the top level is the document
    /// itself): `version`, `action`, `names`, `upgrades`, `table`, `column`, ….
    static let definitions: [Definition] = [
        Definition(name: "version", kind: .version,
                   summary: "A semantic version such as 1.4.0 (1.4 means 1.4.0); a pre-release such as "
                       + "2.0.0-beta.1 orders below its release."),
        Definition(name: "action", kind: .action,
                   summary: "A foreign key action: CASCADE, SET NULL, SET DEFAULT, RESTRICT or NO ACTION "
                       + "(letter case aside; set_null is SET NULL)."),
        Definition(name: "conflict_resolution", kind: .conflictResolution, summary: SchemaFormat.conflictSummary),
        Definition(name: "names", kind: .names, summary: "A name, or a list of names."),
        Definition(name: "constraint_name", kind: .constraintName, summary: SchemaFormat.constraintNameSummary),
        Definition(name: "upgrades", kind: .upgrades, summary: SchemaFormat.TopLevel.upgrades.summary),
    ] + SchemaFormat.Mapping.allCases.filter { $0 != .topLevel }.map { mapping in
        Definition(name: mapping.rawValue, kind: .mapping(of: mapping), summary: mapping.summary)
    }

    /// The `$ref` of each kind defined under `$defs`: `.names` → `#/$defs/names`.
    static let references: [Kind: String] = Dictionary(
        definitions.map { ($0.kind, "#/$defs/" + $0.name) }, uniquingKeysWith: { first, _ in first })

    // MARK: Document

    /// The whole document: the top level, with `$schema`, `title` and `$defs`.
    ///
    /// ```swift
    /// JSONSchemaBuilder().document["required"] // ["version", "tables"]
    /// ```
    var document: JSON {
        var defs: [String: JSON] = [:]
        for definition in Self.definitions {
            defs[definition.name] = inlineSchema(for: definition.kind).adding(["description": .string(definition.summary)])
        }
        return object(for: .topLevel).adding([
            "$schema": .string(SchemaFormat.jsonSchemaDialect),
            "title": "schema.yaml",
            "description": .string(SchemaFormat.Mapping.topLevel.summary),
            "$defs": .object(defs),
        ])
    }

    /// A mapping with fixed keys: one described property per key, its required keys, and no
    /// other key.
    ///
    /// ```swift
    /// JSONSchemaBuilder().object(for: .view)["required"] // ["select"]
    /// ```
    func object(for mapping: SchemaFormat.Mapping) -> JSON {
        var properties: [String: JSON] = [:]
        for key in mapping.keys {
            properties[key.name] = schema(for: key.kind).adding(["description": .string(key.summary)])
        }
        var object: [String: JSON] = [
            "type": "object",
            "properties": .object(properties),
            "additionalProperties": false,
        ]
        if !mapping.requiredKeys.isEmpty {
            object["required"] = .array(mapping.requiredKeys.map { .string($0.name) })
        }
        if mapping.requiresAKey { object["minProperties"] = 1 }
        return .object(object)
    }

    // MARK: Value kinds

    /// A `$ref` for a defined kind, the kind's own schema otherwise.
    ///
    /// ```swift
    /// JSONSchemaBuilder().schema(for: .names)   // {"$ref": "#/$defs/names"}
    /// JSONSchemaBuilder().schema(for: .boolean) // {"type": "boolean"}
    /// ```
    func schema(for kind: Kind) -> JSON {
        if let reference = Self.references[kind] { return ["$ref": .string(reference)] }
        return inlineSchema(for: kind)
    }

    /// The schema of a kind, written out.
    ///
    /// ```swift
    /// JSONSchemaBuilder().inlineSchema(for: .names) // {"anyOf": [{"type": "string", …}, {"type": "array", …}]}
    /// ```
    func inlineSchema(for kind: Kind) -> JSON {
        switch kind {
        case .boolean: return ["type": "boolean"]
        case .choice(let words): return ["type": "string", "enum": .array(words.map { .string($0) })]
        case .version: return ["type": ["number", "string"], "pattern": .string(Self.versionPattern)]
        case .name: return ["type": "string", "minLength": 1]
        case .text: return ["type": "string", "pattern": .string(Self.nonBlankPattern)]
        case .expression: return ["type": ["boolean", "number", "string"], "pattern": .string(Self.nonBlankPattern)]
        case .literal: return ["type": ["boolean", "null", "number", "string"]]
        case .action: return actionSchema
        case .conflictResolution: return conflictResolutionSchema
        case .list(let element, let minimumCount): return list(of: element, minimumCount: minimumCount)
        case .mapping(let mapping): return object(for: mapping)
        case .dictionary(let keys, let values, let minimumCount):
            return dictionary(keyedBy: keys, of: values, minimumCount: minimumCount)
        case .either(let kinds): return ["anyOf": .array(kinds.map(schema(for:)))]
        case .nullable(let kind): return ["anyOf": [["type": "null"], schema(for: kind)]]
        }
    }

    /// An array of one kind: `{"type": "array", "items": …, "minItems": 1}`.
    private func list(of element: Kind, minimumCount: Int) -> JSON {
        var schema: [String: JSON] = ["type": "array", "items": self.schema(for: element)]
        if minimumCount > 0 { schema["minItems"] = .integer(minimumCount) }
        return .object(schema)
    }

    /// An object keyed by names (any key: `{"additionalProperties": …}`) or by versions (keys
    /// that match the version pattern: `{"patternProperties": …, "additionalProperties": false}`).
    private func dictionary(keyedBy keys: Kind, of values: Kind, minimumCount: Int) -> JSON {
        var schema: [String: JSON] = ["type": "object"]
        if keys == .version {
            schema["patternProperties"] = .object([Self.versionPattern: self.schema(for: values)])
            schema["additionalProperties"] = false
        } else {
            schema["additionalProperties"] = self.schema(for: values)
        }
        if minimumCount > 0 { schema["minProperties"] = .integer(minimumCount) }
        return .object(schema)
    }

    /// The actions as SQL spells them (offered by editors: `SET NULL`), or any spelling the
    /// loader reads (`set_null`).
    private var actionSchema: JSON {
        [
            "anyOf": [
                ["enum": .array(ForeignKeyAction.allCases.map { .string($0.sql) })],
                ["type": "string", "pattern": .string(Self.actionPattern)],
            ],
        ]
    }

    /// The resolutions as schema.yaml writes them (offered by editors: `replace`), or in any
    /// letter case (`REPLACE`).
    private var conflictResolutionSchema: JSON {
        let words = ConflictResolution.allCases.map(\.name)
        return [
            "anyOf": [
                ["enum": .array(words.map { .string($0) })],
                ["type": "string", "pattern": .string("^(" + words.map { Self.caseInsensitive($0[...]) }.joined(separator: "|") + ")$")],
            ],
        ]
    }

    // MARK: Patterns

    /// Text holding something besides whitespace: it finds a match in `TEXT`, none in `"  "`.
    static let nonBlankPattern = #"\S"#

    /// A semantic version as ``SemanticVersion`` reads it: one to three numbers without leading
    /// zeros, then an optional pre-release and build metadata (`1.4`, `2.0.0-beta.1+build.7`).
    static let versionPattern: String = {
        let number = "(0|[1-9][0-9]*)"
        let identifier = "(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
        let build = "[0-9A-Za-z-]+"
        return "^" + number + #"(\."# + number + "){0,2}"
            + "(-" + identifier + #"(\."# + identifier + ")*)?"
            + #"(\+"# + build + #"(\."# + build + ")*)?$"
    }()

    /// A foreign key action as ``ForeignKeyAction/init(sql:)`` reads it: letter case aside,
    /// words apart by spaces, tabs or underscores (`CASCADE`, `set_null`, `No Action`).
    static let actionPattern: String = {
        let separator = "[ _\\t]"
        let actions = ForeignKeyAction.allCases.map { action in
            action.sql.split(separator: " ").map(caseInsensitive).joined(separator: separator + "+")
        }
        return "^" + separator + "*(" + actions.joined(separator: "|") + ")" + separator + "*$"
    }()

    /// A pattern for a word of ASCII letters in any letter case: `Set` → `[Ss][Ee][Tt]`.
    private static func caseInsensitive(_ word: Substring) -> String {
        word.map { "[" + $0.uppercased() + $0.lowercased() + "]" }.joined()
    }
}
