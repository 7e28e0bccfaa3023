// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

/// libFuzzer entry point for Plymouth's path: the bytes are a client's stream through
/// plymouthd's framing, the translator and the prompts, run on an engine that draws a frame
/// after each request, with keys a person types between them (every fourth byte after a
/// request). Nothing may trap or hang, and the prompts keep their bounds: at most 512 bytes
/// typed, 16 passwords kept, one question per connection, no answer past the typing bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlymouth(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let engine = Engine(screenWidth: 160, screenHeight: 120, theme: Theme(), policy: Policy(), text: BlockText())
    let screen = Screen(engine: engine, display: FuzzDisplay(width: 160, height: 120, format: .xrgb8888, rotation: .none))
    var framer = PlymouthFramer()
    var translator = PlymouthTranslator(mode: size % 2 == 0 ? "boot-up" : "shutdown")
    var prompts = PlymouthPrompts()
    var now = Instant.zero
    var at = 0
    _ = engine.reply(to: translator.showLine(), at: now)
    while at < size {
        // A request's bytes, a few at a time, as a socket might bring them.
        let chunk = min(size - at, 1 + Int(data[at] % 16))
        let pieces = framer.feed(UnsafeRawBufferPointer(start: data + at, count: chunk))
        at += chunk
        for piece in pieces {
            guard case .request(let request) = piece else { return 0 }  // plymouthd closes the connection
            let connection = Int(request.command % 4)
            for effect in translator.translate(request).effects {
                switch effect {
                case .run(let lines): for line in lines { _ = engine.reply(to: line, at: now) }
                case .ask(let kind, let question): _ = prompts.ask(kind, question: question, connection: connection)
                case .watch(let keys): _ = prompts.watch(keys: keys, connection: connection)
                case .ignore(let keys): check(prompts.ignore(keys: keys))
                case .quit: check(prompts.end())
                default: break
                }
            }
            if request.command == UInt8(ascii: "!") { prompts.forget(connection: connection) }
        }
        // A person types a key between requests.
        if at < size, data[at] % 4 == 0 {
            let byte = data[at]
            let key: TypedKey =
                switch byte % 7 {
                case 0: .enter
                case 1: .erase
                case 2: .eraseAll
                case 3: .cancel
                default: .text(String(repeating: "é", count: Int(byte % 40)))
                }
            check(prompts.type(key))
        }
        _ = translator.bootProgress(Int(data[at - 1]))
        precondition(prompts.typed.utf8.count <= PlymouthPrompts.maximumTyped, "typed past the bound")
        precondition(prompts.cached.count <= PlymouthPrompts.maximumCached, "kept too many passwords")
        precondition(Set(prompts.entries.map(\.connection)).count == prompts.entries.count, "two questions from one connection")
        engine.show(prompts.prompt)
        now = Instant(microseconds: now.microseconds + 16_667)
        _ = try? screen.update(at: now)
    }
    return 0
}

/// No answer is longer than what may be typed.
func check(_ answers: [PlymouthPrompts.Answer]) {
    for a in answers {
        precondition((a.text?.utf8.count ?? 0) <= PlymouthPrompts.maximumTyped, "an answer past the typing bound")
    }
}
