// SPDX-License-Identifier: Apache-2.0
import CYAML
import HaloPOSIX

/// A YAML document as a tree, with the line of every node for error messages.
indirect enum YAMLNode {
    case scalar(String, line: Int)
    case mapping([(key: String, value: YAMLNode, line: Int)], line: Int)
    case sequence([YAMLNode], line: Int)

    var line: Int {
        switch self {
        case .scalar(_, let l), .mapping(_, let l), .sequence(_, let l): return l
        }
    }
}

/// Reads YAML with libyaml's event parser. Anchors, aliases and tags are not needed by board
/// files and are refused so a profile always means what it says; so are a second document and
/// nesting deeper than `maximumDepth` (a file of 16,000 `[` would otherwise recurse until the
/// stack runs out).
struct YAMLReader {
    var parser = yaml_parser_t()
    let path: String
    /// The deepest nesting of mappings and sequences read; real boards use three levels.
    static let maximumDepth = 32

    static func read(path: String) throws(BoardError) -> YAMLNode {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, limit: BoardLoader.maximumFileBytes) } catch {
            throw BoardError(
                path: path, line: nil, key: nil, message: error.description,
                fix: "give the path of a board file, or run `halo boards` to list the known boards")
        }
        return try read(bytes, path: path)
    }

    /// Parses `bytes`, a board file's text; `path` names it in errors.
    static func read(_ bytes: [UInt8], path: String) throws(BoardError) -> YAMLNode {
        var reader = YAMLReader(path: path)
        guard yaml_parser_initialize(&reader.parser) == 1 else {
            throw BoardError(path: path, line: nil, key: nil, message: "libyaml could not start", fix: "check that libyaml is installed")
        }
        defer { yaml_parser_delete(&reader.parser) }
        // The body's error travels in a Result: Swift 6.0's withUnsafeBufferPointer rethrows as
        // `any Error`, where 6.1 and later keep the body's type.
        var outcome: Result<YAMLNode, BoardError>?
        bytes.withUnsafeBufferPointer { input in outcome = Result { () throws(BoardError) in try reader.document(input) } }
        return try outcome!.get()
    }

    /// The one document in `input`.
    mutating func document(_ input: UnsafeBufferPointer<UInt8>) throws(BoardError) -> YAMLNode {
        yaml_parser_set_input_string(&parser, input.baseAddress, input.count)
        try expect(YAML_STREAM_START_EVENT)
        var event = try next()
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT {
            throw BoardError(
                path: path, line: 1, key: nil, message: "the file is empty", fix: "start from one of the profiles in Boards/")
        }
        guard event.type == YAML_DOCUMENT_START_EVENT else { throw unexpected(event) }
        guard let root = try node(depth: 0) else { throw unexpected(event) }
        try expect(YAML_DOCUMENT_END_EVENT)
        var end = try next()
        defer { yaml_event_delete(&end) }
        if end.type == YAML_DOCUMENT_START_EVENT {
            throw BoardError(
                path: path, line: Int(end.start_mark.line) + 1, key: nil, message: "a second YAML document starts here",
                fix: "a board file holds one document: remove the '---' and what follows, or put it in a file of its own")
        }
        guard end.type == YAML_STREAM_END_EVENT else { throw unexpected(end) }
        return root
    }

    init(path: String) { self.path = path }

    mutating func next() throws(BoardError) -> yaml_event_t {
        var event = yaml_event_t()
        if yaml_parser_parse(&parser, &event) != 1 {
            let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
            throw BoardError(
                path: path, line: Int(parser.problem_mark.line) + 1, key: nil, message: "YAML \(problem)",
                fix: "fix the indentation or quoting on that line")
        }
        return event
    }

    mutating func expect(_ type: yaml_event_type_t) throws(BoardError) {
        var e = try next()
        defer { yaml_event_delete(&e) }
        if e.type != type { throw unexpected(e) }
    }

    func unexpected(_ e: yaml_event_t) -> BoardError {
        BoardError(
            path: path, line: Int(e.start_mark.line) + 1, key: nil, message: "unexpected YAML structure",
            fix: "a board file is a mapping of keys, as in Boards/mock-480x480.yaml")
    }

    /// The next node, or nil at the end of the enclosing mapping or sequence. `depth` counts
    /// the mappings and sequences around it.
    mutating func node(depth: Int) throws(BoardError) -> YAMLNode? {
        var e = try next()
        defer { yaml_event_delete(&e) }
        let line = Int(e.start_mark.line) + 1
        switch e.type {
        case YAML_SCALAR_EVENT:
            let s = e.data.scalar
            try refuseTag(s.tag, line: line)
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
            return .scalar(text, line: line)
        case YAML_MAPPING_START_EVENT:
            try refuseTag(e.data.mapping_start.tag, line: line)
            try refuseDepth(depth + 1, line: line)
            var entries: [(key: String, value: YAMLNode, line: Int)] = []
            while let key = try node(depth: depth + 1) {
                guard case .scalar(let name, let keyLine) = key else {
                    throw BoardError(path: path, line: key.line, key: nil, message: "a key must be plain text", fix: "write key: value")
                }
                guard let value = try node(depth: depth + 1) else { throw unexpected(e) }
                if entries.contains(where: { $0.key == name }) {
                    throw BoardError(path: path, line: keyLine, key: name, message: "this key appears twice", fix: "keep one of them")
                }
                entries.append((name, value, keyLine))
            }
            return .mapping(entries, line: line)
        case YAML_SEQUENCE_START_EVENT:
            try refuseTag(e.data.sequence_start.tag, line: line)
            try refuseDepth(depth + 1, line: line)
            var items: [YAMLNode] = []
            while let item = try node(depth: depth + 1) { items.append(item) }
            return .sequence(items, line: line)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            return nil
        case YAML_ALIAS_EVENT:
            throw BoardError(
                path: path, line: line, key: nil, message: "YAML aliases are not used in board files", fix: "write the value out in full")
        default:
            throw unexpected(e)
        }
    }

    func refuseTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, line: Int) throws(BoardError) {
        guard let tag else { return }
        let name = String(cString: tag)
        throw BoardError(
            path: path, line: line, key: nil, message: "the YAML tag \(name) is not used in board files",
            fix: "write the value plainly, without a tag such as !!binary or !!str")
    }

    func refuseDepth(_ depth: Int, line: Int) throws(BoardError) {
        if depth <= YAMLReader.maximumDepth { return }
        throw BoardError(
            path: path, line: line, key: nil, message: "the file nests more than \(YAMLReader.maximumDepth) levels deep",
            fix: "a board file is a few levels of keys, as in Boards/mock-480x480.yaml")
    }
}

extension YAMLNode {
    /// The line of the value at `path` (keys of nested mappings), if the file has it.
    func line(at path: [String]) -> Int? {
        var node = self
        for key in path {
            guard case .mapping(let entries, _) = node, let entry = entries.first(where: { $0.key == key }) else { return nil }
            node = entry.value
        }
        return node.line
    }
}
