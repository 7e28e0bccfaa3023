// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// The `boot` keys: what the boot splash shows in each of Plymouth's modes.
extension BoardSchema {
    static let bootKeys: [BoardKey] =
        [
            BoardKey("boot.prompts") { s, v, k, b throws(BoardError) in
                b.bootPromptsOnScreen = try s.parsed(
                    v, k, { ["screen": true, "console": false][$0] }, isNot: "a place for a boot's passwords",
                    "write screen (Halo draws them, typed on the console's keyboard) or console (the console's own agent asks)")
            },
            BoardKey("boot.progress") { s, v, k, b throws(BoardError) in
                b.bootProgressFromSystemd = try s.parsed(
                    v, k, { ["systemd": true, "none": false][$0] }, isNot: "a source of the boot's progress",
                    "write systemd (the splash fills as systemd runs the boot's jobs) or none (it turns until told a value)")
            },
            BoardKey("boot.logo") { s, v, k, b throws(BoardError) in b.bootPictures.logo = try s.picture(v, k, into: &b) },
            BoardKey("boot.background-image") { s, v, k, b throws(BoardError) in
                b.bootPictures.backgroundImage = try s.picture(v, k, into: &b)
            },
        ] + modeKeys

    static let modeKeys: [BoardKey] = Board.bootModeNames.flatMap { mode in
        [
            BoardKey("boot.\(mode).label") { s, v, k, b throws(BoardError) in b.bootModes[mode, default: .init()].label = try s.words(v, k)
            },
            BoardKey("boot.\(mode).kind") { s, v, k, b throws(BoardError) in
                b.bootModes[mode, default: .init()].kind = try s.parsed(
                    v, k, { ["circular": IndicatorKind.circular, "linear": .linear][$0] }, isNot: "a kind for the boot splash",
                    "write circular or linear: Plymouth's progress needs an indicator that can show an amount")
            },
            BoardKey("boot.\(mode).logo") { s, v, k, b throws(BoardError) in
                b.bootModes[mode, default: .init()].logo = try s.picture(v, k, into: &b)
            },
            BoardKey("boot.\(mode).background-image") { s, v, k, b throws(BoardError) in
                b.bootModes[mode, default: .init()].backgroundImage = try s.picture(v, k, into: &b)
            },
        ]
    }
}
