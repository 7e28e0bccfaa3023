import CYAML

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
/// files and are refused so a profile always means what it says.
struct YAMLReader {
    var parser = yaml_parser_t()
    let path: String

    static func read(path: String) throws(BoardError) -> YAMLNode {
        guard let file = fopen(path, "rb") else {
            throw BoardError(path: path, line: nil, key: nil, message: "cannot open the file", fix: "check the path, or run `halo boards` to list the known boards")
        }
        defer { fclose(file) }
        var reader = YAMLReader(path: path)
        guard yaml_parser_initialize(&reader.parser) == 1 else {
            throw BoardError(path: path, line: nil, key: nil, message: "libyaml could not start", fix: "check that libyaml is installed")
        }
        defer { yaml_parser_delete(&reader.parser) }
        yaml_parser_set_input_file(&reader.parser, file)
        try reader.expect(YAML_STREAM_START_EVENT)
        var event = try reader.next()
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT {
            throw BoardError(path: path, line: 1, key: nil, message: "the file is empty", fix: "start from one of the profiles in Boards/")
        }
        guard event.type == YAML_DOCUMENT_START_EVENT else { throw reader.unexpected(event) }
        guard let root = try reader.node() else { throw reader.unexpected(event) }
        return root
    }

    init(path: String) { self.path = path }

    mutating func next() throws(BoardError) -> yaml_event_t {
        var event = yaml_event_t()
        if yaml_parser_parse(&parser, &event) != 1 {
            let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
            throw BoardError(path: path, line: Int(parser.problem_mark.line) + 1, key: nil, message: "YAML \(problem)", fix: "fix the indentation or quoting on that line")
        }
        return event
    }

    mutating func expect(_ type: yaml_event_type_t) throws(BoardError) {
        var e = try next()
        defer { yaml_event_delete(&e) }
        if e.type != type { throw unexpected(e) }
    }

    func unexpected(_ e: yaml_event_t) -> BoardError {
        BoardError(path: path, line: Int(e.start_mark.line) + 1, key: nil, message: "unexpected YAML structure", fix: "a board file is a mapping of keys, as in Boards/mock-480x480.yaml")
    }

    /// The next node, or nil at the end of the enclosing mapping or sequence.
    mutating func node() throws(BoardError) -> YAMLNode? {
        var e = try next()
        defer { yaml_event_delete(&e) }
        let line = Int(e.start_mark.line) + 1
        switch e.type {
        case YAML_SCALAR_EVENT:
            let s = e.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
            return .scalar(text, line: line)
        case YAML_MAPPING_START_EVENT:
            var entries: [(key: String, value: YAMLNode, line: Int)] = []
            while let key = try node() {
                guard case .scalar(let name, let keyLine) = key else {
                    throw BoardError(path: path, line: key.line, key: nil, message: "a key must be plain text", fix: "write key: value")
                }
                guard let value = try node() else { throw unexpected(e) }
                if entries.contains(where: { $0.key == name }) {
                    throw BoardError(path: path, line: keyLine, key: name, message: "this key appears twice", fix: "keep one of them")
                }
                entries.append((name, value, keyLine))
            }
            return .mapping(entries, line: line)
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while let item = try node() { items.append(item) }
            return .sequence(items, line: line)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            return nil
        case YAML_ALIAS_EVENT:
            throw BoardError(path: path, line: line, key: nil, message: "YAML aliases are not used in board files", fix: "write the value out in full")
        default:
            throw unexpected(e)
        }
    }
}
