import Yams

// MARK: - compatibility

extension SchemaParser {
    /// `compatibility:` as written: `cloudkit`, or `{ profile: cloudkit, except: [tables] }`,
    /// each excepted table with its node, for the checks that need the declared tables.
    func compatibility(_ entry: YAMLEntry) throws -> (compatibility: Compatibility, exceptions: [Located<String>]) {
        if case .scalar = entry.value {
            return (Compatibility(profile: try profile(entry.value, key: entry.key, in: Self.topLevel)), [])
        }
        let context = "'compatibility'"
        let entries = try reader.entries(of: entry.value, key: entry.key, in: Self.topLevel, owner: context,
                                         allowed: SchemaFormat.Compatibility.all.names,
                                         expected: "cloudkit, or a mapping with 'profile' and 'except'")
        guard let profileEntry = entries.first(where: { $0.key == SchemaFormat.Compatibility.profile.name }) else {
            throw SchemaError.missingKey(SchemaFormat.Compatibility.profile.name, in: context,
                                         at: reader.location(of: entry.value))
        }
        let profile = try profile(profileEntry.value, key: profileEntry.key, in: context)
        let exceptions = try entries.first { $0.key == SchemaFormat.Compatibility.except.name }
            .map { try reader.nameList($0, in: context, example: "[search_cache]") } ?? []
        return (Compatibility(profile: profile, exceptions: exceptions.map(\.name)),
                exceptions.map { Located(value: $0.name, node: $0.node) })
    }

    /// A profile's name: one of those the format knows.
    private func profile(_ node: Node, key: String, in context: String) throws -> Compatibility.Profile {
        let names = Compatibility.Profile.allCases.map(\.rawValue)
        let text = try reader.string(node, key: key, in: context, expected: names.joined(separator: " or "))
        guard let profile = Compatibility.Profile(rawValue: text) else {
            throw SchemaError.invalidValue(text, for: key, in: context,
                                           reason: "the profiles are \(names.joined(separator: ", "))",
                                           at: reader.location(of: node))
        }
        return profile
    }
}
