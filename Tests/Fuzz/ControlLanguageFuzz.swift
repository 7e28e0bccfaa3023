// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// libFuzzer entry point for the control language: every input, as one line and as a whole
/// script, must parse to a command or to an error with a code and a message, never trap.
/// Built and run by `.ci/fuzz` (see the README's "Fuzzing" section).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if case .failure(let e) = CommandParser.parse(text) {
        if e.code.isEmpty || e.message.isEmpty { fatalError("an error without code or message for \(text.debugDescription)") }
    }
    let script = Script(parsing: text)
    for error in script.errors where error.description.isEmpty {
        fatalError("a script error without a description for \(text.debugDescription)")
    }
    return 0
}
