internal import CYaml
import Foundation
import Yams

// MARK: - YAMLBounds

/// The bounds schema.yaml is held to before it is composed into nodes, checked in one pass over
/// the YAML parser's events, so that a hostile or broken file is refused in time proportional
/// to its size: aliases may repeat at most ``maxAliasNodes`` nodes in all (the "billion laughs"
/// shape repeats billions), values nest at most ``maxDepth`` levels deep, and no node carries an
/// explicit tag (`!!str 0`, `!sql now()`): the key that reads a value decides its type.
///
/// Errors of YAML syntax are left to the composer, which words them; this pass only stops there.
///
/// ```swift
/// try YAMLBounds(file: "schema.yaml").check(text)
/// ```
struct YAMLBounds {
    /// The file name written in locations.
    var file: String

    /// How many nodes the aliases of a file may stand for, counting every node an alias repeats.
    static let maxAliasNodes = 1_000_000
    /// How deep collections may nest (a table's column's check nests about 6 levels).
    static let maxDepth = 64
    /// The largest schema.yaml read, in bytes.
    static let maxFileSize = 8 << 20
    /// The largest upgrade script read, in bytes.
    static let maxScriptSize = 64 << 20

    /// An open collection: how many nodes it stands for so far, and its anchor.
    private struct Open {
        var nodes = 1
        var anchor: String?
    }

    /// Throws ``SchemaError/overLimit(_:at:)`` or ``SchemaError/conflict(_:at:)`` (a tag) at the
    /// first node past a bound.
    func check(_ yaml: String) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(yaml.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            try walk(&parser)
        }
    }

    /// Reads the events of the first document, keeping the count of nodes each anchor stands for.
    private func walk(_ parser: inout yaml_parser_t) throws {
        var anchors: [String: Int] = [:]
        var open: [Open] = []
        var aliasNodes = 0
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            let location = SourceLocation(file: file, line: event.start_mark.line + 1, column: event.start_mark.column + 1)
            var finished: (nodes: Int, anchor: String?)?
            switch event.type {
            case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                return
            case YAML_SCALAR_EVENT:
                try refuse(tag: event.data.scalar.tag, at: location)
                finished = (1, Self.text(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                // An undefined alias is the composer's error to word.
                let nodes = Self.text(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                aliasNodes = min(aliasNodes + nodes, Self.maxAliasNodes + 1)
                if aliasNodes > Self.maxAliasNodes {
                    throw SchemaError.overLimit(
                        "the aliases of this file stand for more than \(Self.maxAliasNodes) values in all; "
                            + "write the repeated parts out, or repeat them fewer times", at: location)
                }
                finished = (nodes, nil)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isSequence = event.type == YAML_SEQUENCE_START_EVENT
                try refuse(tag: isSequence ? event.data.sequence_start.tag : event.data.mapping_start.tag, at: location)
                if open.count == Self.maxDepth { throw Self.tooDeep(at: location) }
                open.append(Open(anchor: Self.text(isSequence ? event.data.sequence_start.anchor
                                                              : event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let last = open.popLast() { finished = (last.nodes, last.anchor) }
            default:
                break
            }
            if let finished {
                if let anchor = finished.anchor { anchors[anchor] = finished.nodes }
                if !open.isEmpty { open[open.count - 1].nodes = min(open[open.count - 1].nodes + finished.nodes, Int.max / 2) }
            }
        }
    }

    /// The error for values nested past ``maxDepth`` (or past the YAML parser's own bound).
    static func tooDeep(at location: SourceLocation) -> SchemaError {
        .overLimit("values nest more than \(maxDepth) levels deep here; schema.yaml needs far fewer", at: location)
    }

    /// Refuses a tag written on a node.
    private func refuse(tag: UnsafeMutablePointer<yaml_char_t>?, at location: SourceLocation) throws {
        guard let written = Self.text(tag) else { return }
        let shown = (written == "!" ? Tag.Name.str.rawValue : written).replacingOccurrences(of: "tag:yaml.org,2002:", with: "!!")
        throw SchemaError.conflict(
            "YAML tags such as '\(shown)' are not supported: the key decides how a value is read; "
                + "quote a value to make it text (default: '0')", at: location)
    }

    /// The text of a C string of libyaml's, if any.
    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
