// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

/// A device the fuzzer plays events on.
final class FuzzInput: InputDevice {
    let name = "fuzz"
    let touchAxes: TouchAxes?
    var onEvent: ((InputEvent) -> Void)?
    let gone = false
    var descriptor: Int32 { -1 }
    init(axes: TouchAxes?) { touchAxes = axes }
    func handle() {}
}

/// libFuzzer entry point for what a person's input goes through after the kernel: the first
/// bytes pick a screen, a rotation, the touchscreen's axes (any range, reversed or empty) and
/// a calibration matrix within the board's limits; the rest is a stream of events, each 11
/// bytes (kind, id, x, y, a time step), interleaved with commands that show, pause, end and
/// replace activities. Events go through the input router (mapping, taps, keys, a button) to
/// the engine's targets, requests, the choice and the focus ring, and every few events a frame
/// is drawn and the ring's colours taken. Nothing may trap, and no frame may reach off screen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 24 else { return 0 }
    let b = UnsafeBufferPointer(start: data, count: size)
    func i32(_ at: Int) -> Int32 {
        Int32(bitPattern: UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24)
    }
    let width = 16 + Int32(b[0]) * 2, height = 16 + Int32(b[1])
    let rotation = [Rotation.none, .quarter, .half, .threeQuarters][Int(b[2] & 3)]
    let axes = TouchAxes(minimumX: i32(3), maximumX: i32(7), minimumY: i32(11), maximumY: i32(15), unitsPerMillimetre: Int32(b[19]))
    // Calibration entries from -8 to 8, as a board may give them.
    let calibration = (0..<6).map { Int32(Int8(bitPattern: b[20 + $0 % 4])) * 4096 }
    var policy = Policy()
    policy.showDelay = Milliseconds(Int64(b[2] >> 2 & 1) * 500)
    policy.motion = MotionLevel.allCases[Int(b[2] >> 3) % 3]
    let logical = rotation.logicalSize(width: width, height: height)
    let engine = Engine(screenWidth: logical.width, screenHeight: logical.height, theme: Theme(), policy: policy, text: BlockText())
    let screen = Screen(engine: engine, display: FuzzDisplay(width: width, height: height, format: .xrgb8888, rotation: rotation))
    var now = Instant.milliseconds(1000)
    var settings = InputRouter.Settings(panelWidth: width, panelHeight: height, rotation: rotation)
    settings.calibration = calibration
    let router = InputRouter(engine: engine, settings: settings) { now }
    let touch = FuzzInput(axes: axes), keys = FuzzInput(axes: nil)
    router.attach(touch)
    router.attach(keys)
    router.onAction = { action, _ in engine.perform(action, at: now, watched: { $0.connection % 2 == 0 }) }
    let commands = [
        "show a circular value=40% cancellable=yes pausable=yes", "show b linear cancellable=yes pausable=yes place=dialog",
        "show c spinner pausable=yes", "pause a", "resume a", "cancel b", "dismiss c", "show d checkout", "dismiss d",
        "show e linear value=10% cancellable=yes region=10,10,120,40", "succeed a \"Done\"", "toast \"Saved\"",
    ]
    var look = LedRingLook()
    look.count = 12
    var at = 24
    var step = 0
    while at + 11 <= size {
        let kind = b[at], id = Int32(Int8(bitPattern: b[at + 1])), x = i32(at + 2), y = i32(at + 6)
        now = now.advanced(saturatingBy: Int64(b[at + 10]) * 4000)
        let t = now.microseconds
        let device = kind & 0x80 == 0 ? touch : keys
        switch kind & 7 {
        case 0: device.onEvent?(.touchDown(id: id, x: x, y: y, at: t))
        case 1: device.onEvent?(.touchMove(id: id, x: x, y: y, at: t))
        case 2: device.onEvent?(.touchUp(id: id, x: x, y: y, at: t))
        case 3: device.onEvent?(.touchLost)
        case 4: keys.onEvent?(.key(code: UInt16(truncatingIfNeeded: x), heldMicroseconds: Int64(y), at: t))
        case 5: keys.onEvent?(.button(down: x & 1 == 1, at: t &- Int64(y & 0xFFFF)))
        case 6: router.tick()
        default:
            if case .success(let c) = CommandParser.parse(commands[Int(UInt8(truncatingIfNeeded: x)) % commands.count]) {
                _ = try? engine.apply(c, at: now, owner: Owner(connection: Int(id & 3), user: 1000))
            }
        }
        if step % 4 == 0 {
            _ = try? screen.update(at: now)
            if engine.ledColors(look, at: now).count != 12 { fatalError("the ring's colours went astray") }
            if let next = engine.nextChange(after: now), next < now { fatalError("the next change \(next) is before \(now)") }
        }
        _ = engine.takeCarriedOut()
        step += 1
        at += 11
    }
    _ = try? screen.update(at: now.advanced(saturatingBy: 10_000_000))
    return 0
}
