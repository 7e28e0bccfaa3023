import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ring of LEDs the kernel exposes in the LED class (`/sys/class/leds/NAME`: leds-gpio,
/// leds-pwm, PMIC LEDs), one LED a name, clockwise from 12 o'clock. Each LED shows the
/// brightest channel of its colour after the colour pipeline, scaled to its own
/// `max_brightness`.
///
/// Writing `brightness` switches a trigger off, so the ring takes its LEDs over openly: at start
/// each LED's trigger is set to `none`, and `finish` puts back what was there. Each
/// `brightness` file is opened once and kept; a frame writes only the LEDs that changed.
public final class LedClassRing: RingOutput {
    public let names: [String]
    public var count: Int { names.count }
    let brightness: [Descriptor]
    let maximums: [Int]
    /// The trigger each LED had at start.
    let triggers: [String]
    let root: String
    let pipeline: LedColorPipeline
    var last: [Int]
    public private(set) var bytesSent: Int64 = 0

    /// Opens the LEDs `names` under `root`; a missing LED, or one Halo may not write, is an
    /// error naming it and the fix.
    public init(names: [String], pipeline: LedColorPipeline, root: String = "/sys/class/leds") throws(RingError) {
        self.names = names
        self.root = root
        self.pipeline = pipeline
        var brightness: [Descriptor] = [], maximums: [Int] = [], triggers: [String] = []
        for name in names {
            guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                throw RingError("'\(name)' is not an LED name; give the names as /sys/class/leds lists them")
            }
            let dir = "\(root)/\(name)"
            let text: [UInt8]
            do { text = try RegularFile.read("\(dir)/max_brightness", limit: 4096) } catch {
                throw RingError("no LED \(name) in \(root): \(error.description); list the LEDs with ls \(root) and check leds.names")
            }
            guard let maximum = RegularFile.leadingDecimal(text) else {
                throw RingError(
                    "\(dir)/max_brightness is not a number (\(String(decoding: text.prefix(16), as: UTF8.self))); check that leds.names names an LED"
                )
            }
            guard maximum > 0 else {
                throw RingError("\(dir)/max_brightness is 0, so the LED cannot light; check that leds.names names a light")
            }
            let current = (try? LedClassRing.currentTrigger(RegularFile.read("\(dir)/trigger", limit: 4096))) ?? "none"
            if current != "none" { try LedClassRing.write("none", to: "\(dir)/trigger") }
            let fd = open("\(dir)/brightness", O_WRONLY | O_CLOEXEC)
            if fd < 0 { throw LedClassRing.cannotWrite("\(dir)/brightness", errno) }
            brightness.append(Descriptor(owning: fd))
            maximums.append(maximum)
            triggers.append(current)
        }
        self.brightness = brightness
        self.maximums = maximums
        // A crash turns every LED off (writing a brightness leaves the trigger at none).
        for fd in brightness { CrashRestore.onCrash(write: Array("0".utf8), to: fd.raw) }
        self.triggers = triggers
        last = [Int](repeating: -1, count: names.count)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else { throw RingError.wrongCount(sent: colors.count, ring: count) }
        for (i, c) in pipeline.colors(colors).enumerated() {
            let level = (Int(max(c.r, c.g, c.b)) * maximums[i] + 127) / 255
            if level == last[i] { continue }
            let text = Array(String(level).utf8)
            let n = text.withUnsafeBytes { pwrite(brightness[i].raw, $0.baseAddress, $0.count, 0) }
            if n != text.count { throw LedClassRing.cannotWrite("\(root)/\(names[i])/brightness", errno) }
            last[i] = level
            bytesSent += Int64(n)
        }
    }

    /// Puts back the triggers the LEDs had at start.
    public func finish() {
        for (name, trigger) in zip(names, triggers) where trigger != "none" {
            try? LedClassRing.write(trigger, to: "\(root)/\(name)/trigger")
        }
    }

    /// The trigger in brackets in a `trigger` file: `none [timer] heartbeat` is `timer`.
    static func currentTrigger(_ bytes: [UInt8]) -> String {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")), let close = bytes[open...].firstIndex(of: UInt8(ascii: "]")) else {
            return "none"
        }
        return String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws(RingError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        if fd < 0 { throw cannotWrite(path, errno) }
        let file = Descriptor(owning: fd)
        let bytes = Array(text.utf8)
        let failure = bytes.withUnsafeBytes { b -> SystemError? in
            do throws(SystemError) {
                try file.writeAll(b, subject: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw cannotWrite(path, failure.errno) }
    }

    static func cannotWrite(_ path: String, _ errno: Int32) -> RingError {
        if errno == EACCES || errno == EPERM {
            return RingError(
                "cannot write \(path): \(SystemError.reason(errno)); run as root, or add a udev rule that gives the daemon's group its LEDs, e.g. SUBSYSTEM==\"leds\", RUN+=\"/bin/chgrp halo /sys%p/brightness /sys%p/trigger\", RUN+=\"/bin/chmod g+w /sys%p/brightness /sys%p/trigger\""
            )
        }
        return RingError("cannot write \(path): \(SystemError.reason(errno)); check that the LED is still there (ls /sys/class/leds)")
    }
}
