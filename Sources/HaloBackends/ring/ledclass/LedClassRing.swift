import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ring of LEDs the kernel exposes in the LED class (`/sys/class/leds/NAME`: leds-gpio,
/// leds-pwm, PMIC LEDs), one LED a name, clockwise from 12 o'clock. A single-colour LED shows
/// the brightest channel of its colour after the colour pipeline, scaled to its own
/// `max_brightness`. A multicolor LED (one with `multi_index`) shows the colour itself: its
/// `brightness` is set to the maximum once, and each frame writes its `multi_intensity`, one
/// value for each colour `multi_index` lists (red, green and blue; any other colour stays 0).
///
/// Writing `brightness` switches a trigger off, so the ring takes its LEDs over openly: at start
/// each LED's trigger is set to `none`, and `finish` puts back what was there. Each LED's file
/// is opened once and kept; a frame writes only the LEDs that changed.
public final class LedClassRing: RingOutput {
    public let names: [String]
    public var count: Int { names.count }
    /// Each LED's `brightness`, which a crash sets to 0.
    let brightness: [Descriptor]
    /// What a frame writes: `brightness`, or a multicolor LED's `multi_intensity`.
    let frameFiles: [Descriptor]
    /// For a multicolor LED, the channel (0 red, 1 green, 2 blue, -1 none) of each intensity.
    let channels: [[Int]?]
    let maximums: [Int]
    /// The trigger each LED had at start.
    let triggers: [String]
    let root: String
    let pipeline: LedColorPipeline
    var last: [[UInt8]]
    public private(set) var bytesSent: Int64 = 0

    /// Opens the LEDs `names` under `root`; a missing LED, or one Halo may not write, is an
    /// error naming it and the fix.
    public init(names: [String], pipeline: LedColorPipeline, root: String = "/sys/class/leds") throws(RingError) {
        self.names = names
        self.root = root
        self.pipeline = pipeline
        var brightness: [Descriptor] = [], frameFiles: [Descriptor] = [], channels: [[Int]?] = [], maximums: [Int] = []
        var triggers: [String] = []
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
            let level = Descriptor(owning: fd)
            if let index = try? RegularFile.read("\(dir)/multi_index", limit: 4096) {
                let colours = LedClassRing.colourChannels(index)
                guard !colours.isEmpty, colours.count <= 16 else {
                    throw RingError(
                        "\(dir)/multi_index lists no colours (\(String(decoding: index.prefix(32), as: UTF8.self))); check that leds.names names an LED"
                    )
                }
                try LedClassRing.write(String(maximum), to: "\(dir)/brightness")
                let intensity = open("\(dir)/multi_intensity", O_WRONLY | O_CLOEXEC)
                if intensity < 0 { throw LedClassRing.cannotWrite("\(dir)/multi_intensity", errno) }
                frameFiles.append(Descriptor(owning: intensity))
                channels.append(colours)
            } else {
                let copy = dup(fd)
                if copy < 0 { throw LedClassRing.cannotWrite("\(dir)/brightness", errno) }
                frameFiles.append(Descriptor(owning: copy))
                channels.append(nil)
            }
            brightness.append(level)
            maximums.append(maximum)
            triggers.append(current)
        }
        self.brightness = brightness
        self.frameFiles = frameFiles
        self.channels = channels
        self.maximums = maximums
        // A crash turns every LED off (writing a brightness leaves the trigger at none).
        for fd in brightness { CrashRestore.onCrash(write: Array("0".utf8), to: fd.raw) }
        self.triggers = triggers
        last = [[UInt8]](repeating: [], count: names.count)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else { throw RingError.wrongCount(sent: colors.count, ring: count) }
        for (i, c) in pipeline.colors(colors).enumerated() {
            let scale = { (v: UInt8) in String((Int(v) * self.maximums[i] + 127) / 255) }
            let text: [UInt8]
            if let channels = channels[i] {
                let values = channels.map { $0 == 0 ? scale(c.r) : $0 == 1 ? scale(c.g) : $0 == 2 ? scale(c.b) : "0" }
                text = Array(values.joined(separator: " ").utf8)
            } else {
                text = Array(scale(max(c.r, c.g, c.b)).utf8)
            }
            if text == last[i] { continue }
            let n = text.withUnsafeBytes { pwrite(frameFiles[i].raw, $0.baseAddress, $0.count, 0) }
            if n != text.count {
                throw LedClassRing.cannotWrite("\(root)/\(names[i])/\(channels[i] == nil ? "brightness" : "multi_intensity")", errno)
            }
            last[i] = text
            bytesSent += Int64(n)
        }
    }

    /// The channel each colour of a `multi_index` file drives: `red green blue` is [0, 1, 2].
    static func colourChannels(_ bytes: [UInt8]) -> [Int] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
            switch $0 {
            case "red": return 0
            case "green": return 1
            case "blue": return 2
            default: return -1
            }
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
