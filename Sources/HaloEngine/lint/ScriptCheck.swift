// SPDX-License-Identifier: Apache-2.0
/// What the engine itself says of a script: every line it would refuse, and every warning it
/// would give, found by running the script on an engine as `replay` and the daemon do. `lint`
/// reports these beside the guideline rules, so it never passes a script that `replay` refuses,
/// and the two can never disagree on why: the reasons come from the same code.
extension ScriptLint {
    /// Runs `script` on `engine` (a fresh one, made for the board the script targets) and
    /// returns what it refused and warned about, by line.
    public static func engineFindings(_ script: Script, on engine: Engine) -> [Finding] {
        var found: [Finding] = []
        for step in script.steps {
            do {
                let warnings = try engine.apply(step.command, at: step.time)
                for w in warnings { found.append(Finding(line: step.line, rule: .engineWarning, detail: w.message)) }
            } catch {
                found.append(Finding(line: step.line, rule: .refused, detail: "error \(error.code): \(error.message)"))
            }
        }
        return found
    }
}
