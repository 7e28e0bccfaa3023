// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloHAL
import HaloRender
import Testing

@Suite("Board profiles: input devices, keys, calibration, buttons and motion")
struct BoardInputTests {
    func load(_ text: String) throws -> Board {
        let path = NSTemporaryDirectory() + "halo-board-input-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BoardLoader.load(path)
    }

    func refusal(_ text: String) -> String {
        do {
            _ = try load(text)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("the input keys are read; the defaults read every device, grab none and cancel with Escape, Cancel, Stop and Back")
    func keys() throws {
        let plain = try load("name: plain\n")
        #expect(plain.input.devices == .auto && !plain.input.grab && plain.input.cancelKeys == [1, 223, 128, 158])
        #expect(plain.policy.motion == .full)
        let b = try load(
            """
            name: kiosk
            motion: reduced
            input:
              devices: [/dev/input/by-path/platform-touch-event, /dev/input/event3]
              grab: yes
              cancel-keys: [KEY_BACK, KEY_EXIT, 174]
              slop-px: 12
              calibration: [-1, 0, 1, 0, 1.5, -0.25]
              button:
                line: gpiochip0:17
                active-low: no
                bias: pull-down
                debounce-ms: 0
                long-press-ms: 1500
            """)
        #expect(b.input.devices == .listed(["/dev/input/by-path/platform-touch-event", "/dev/input/event3"]))
        #expect(b.input.grab && b.input.cancelKeys == [158, 174, 174] && b.input.slop == 12)
        #expect(b.input.calibration == [-65536, 0, 65536, 0, 98304, -16384])
        #expect(b.input.buttonLine == "gpiochip0:17" && !b.input.buttonActiveLow && b.input.buttonBias == .pullDown)
        #expect(b.input.buttonDebounceMilliseconds == 0 && b.input.longPressMilliseconds == 1500)
        #expect(b.policy.motion == .reduced)
    }

    @Test("KEY_POWER is refused with the reason; unknown keys, devices outside /dev/input and absurd matrices name the fix")
    func refusals() {
        #expect(refusal("name: p\ninput:\n  cancel-keys: [KEY_ESC, KEY_POWER]\n").contains("logind powers the machine off"))
        #expect(refusal("name: p\ninput:\n  cancel-keys: [KEY_NOPE]\n").contains("such as KEY_ESC"))
        #expect(refusal("name: p\ninput:\n  cancel-keys: [99999]\n").contains("such as KEY_ESC"))
        #expect(refusal("name: p\ninput:\n  devices: [/dev/fb0]\n").contains("not under /dev/input"))
        #expect(refusal("name: p\ninput:\n  devices: [/dev/input/../fb0]\n").contains("not a device node under /dev"))
        #expect(refusal("name: p\ninput:\n  devices: sometimes\n").contains("auto (every touchscreen and keyboard), none"))
        #expect(refusal("name: p\ninput:\n  calibration: [1, 0, 0, 0, 1]\n").contains("six numbers"))
        #expect(refusal("name: p\ninput:\n  calibration: [1, 0, 0, 0, 1, 9]\n").contains("'9' is not a number from -8 to 8"))
        #expect(refusal("name: p\ninput:\n  calibration: [1, 0, 0, 0, 1, 0.00001]\n").contains("from -8 to 8"))
        #expect(refusal("name: p\ninput:\n  calibration: [1e9, 0, 0, 0, 1, 0]\n").contains("from -8 to 8"))
        #expect(refusal("name: p\ninput:\n  slop-px: 0\n").contains("slop-px"))
        #expect(refusal("name: p\ninput:\n  button:\n    bias: strong\n").contains("pull-up, pull-down, disabled, as-is"))
        #expect(refusal("name: p\nmotion: slow\n").contains("full, reduced"))
        #expect(refusal("name: p\npolicy:\n  abandoned-label: \"  \"\n").contains("blank"))
    }

    @Test("the boot keys change a Plymouth mode's words and kind; a kind that shows no amount is refused")
    func bootModes() throws {
        let b = try load(
            "name: splash\nplymouth: yes\nplymouth-group: adm\nboot:\n  shutdown:\n    label: Powering off\n    kind: linear\n")
        #expect(b.plymouth && b.plymouthGroup == "adm")
        #expect(b.bootModes["shutdown"] == Board.BootMode(label: "Powering off", kind: .linear))
        #expect(refusal("name: p\nboot:\n  reboot:\n    kind: spinner\n").contains("circular or linear"))
        #expect(refusal("name: p\nboot:\n  party:\n    label: x\n").contains("party"))
    }
}
