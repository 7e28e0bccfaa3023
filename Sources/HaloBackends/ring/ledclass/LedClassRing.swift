// SPDX-License-Identifier: Apache-2.0
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
public final class LedClassRing: RingOutput, RetunableRing {
    public let names: [String]
    public var count: Int { names.count }
    /// Each LED's `brightness`, which a crash sets to 0.
    let brightness: [Descriptor]
    /// What a frame writes: `brightness`, or a multicolor LED's `multi_intensity`.
    let frameFiles: [Descriptor]
    /// What each value a frame writes to an LED stands for: for a multicolor LED one channel
    /// each intensity (0 red, 1 green, 2 blue, -1 none), for a single-colour one `brightest`.
    let channels: [[Int]]
    /// A single-colour LED's one value: its colour's brightest channel.
    static let brightest = 3
    let maximums: [Int]
    /// The trigger each LED had at start.
    let triggers: [String]
    let root: String
    /// The colour pipeline as tables, giving each LED's 8-bit red, green and blue.
    var writer: LedFrameWriter
    /// The values last written, all LEDs' in one list (`first[i]` is LED i's first): one for a
    /// single-colour LED, one a colour for a multicolor one; -1 before the first write.
    let first: [Int]
    // Touched only by `show`, which reaches nothing else: no run-time exclusivity checks.
    @exclusivity(unchecked) var last: [Int]
    @exclusivity(unchecked) var bytes: [UInt8]
    /// Room for the longest text a frame writes to one LED: 16 values of up to 20 digits.
    @exclusivity(unchecked) var text = [UInt8](repeating: 0, count: 16 * 21)
    public private(set) var bytesSent: Int64 = 0
    public private(set) var framesDelivered = 0

    /// Opens the LEDs `names` under `root`; a missing LED, or one Halo may not write, is an
    /// error naming it and the fix.
    public init(names: [String], pipeline: LedColorPipeline, root: String = "/sys/class/leds") throws(RingError) {
        self.names = names
        self.root = root
        var brightness: [Descriptor] = [], frameFiles: [Descriptor] = [], channels: [[Int]] = [], maximums: [Int] = []
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
                channels.append([LedClassRing.brightest])
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
        var first: [Int] = [], total = 0
        for c in channels {
            first.append(total)
            total += c.count
        }
        self.first = first
        last = [Int](repeating: -1, count: total)
        writer = LedFrameWriter(pipeline: pipeline, order: .rgb)
        bytes = [UInt8](repeating: 0, count: 3 * names.count)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else { throw RingError.wrongCount(sent: colors.count, ring: count) }
        bytes.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
        let before = bytesSent
        defer { if bytesSent != before { framesDelivered += 1 } }
        for i in 0..<count {
            let r = bytes[3 &* i], g = bytes[3 &* i &+ 1], b = bytes[3 &* i &+ 2]
            let maximum = maximums[i], at = first[i]
            @inline(__always) func value(_ channel: Int) -> Int { LedClassRing.level(r, g, b, channel: channel, maximum: maximum) }
            let wanted = channels[i]
            var changed = false
            for k in 0..<wanted.count where last[at &+ k] != value(wanted[k]) { changed = true }
            if !changed { continue }
            let length = text.withUnsafeMutableBufferPointer { t in
                var n = 0
                for k in 0..<wanted.count {
                    if k > 0 {
                        t[n] = 0x20
                        n += 1
                    }
                    n = LedClassRing.writeDecimal(value(wanted[k]), into: t, at: n)
                }
                return n
            }
            let n = text.withUnsafeBytes { pwrite(frameFiles[i].raw, $0.baseAddress, length, 0) }
            if n != length {
                let file = wanted == [LedClassRing.brightest] ? "brightness" : "multi_intensity"
                throw LedClassRing.cannotWrite("\(root)/\(names[i])/\(file)", errno)
            }
            // Remembered once written, so that a failed write is tried again next frame.
            for k in 0..<wanted.count { last[at &+ k] = value(wanted[k]) }
            bytesSent += Int64(n)
        }
    }

    /// What an LED with `maximum` steps is set to for one channel (0 red, 1 green, 2 blue, or
    /// `brightest` for a single-colour LED) of a colour the pipeline gave: its 8-bit value as
    /// the LED's steps, rounded.
    @inline(__always)
    public static func level(_ r: UInt8, _ g: UInt8, _ b: UInt8, channel: Int, maximum: Int) -> Int {
        let v: UInt8
        switch channel {
        case 0: v = r
        case 1: v = g
        case 2: v = b
        case brightest: v = max(r, g, b)
        default: return 0
        }
        return (Int(v) &* maximum &+ 127) / 255
    }

    /// The `brightness` values single-colour LEDs of `maximum` steps are set to for `colors`
    /// through `pipeline`: what `show` writes, for `halo replay`'s record.
    public static func singleColourLevels(_ colors: [Color], pipeline: LedColorPipeline, maximum: Int = 255) -> [Int] {
        let writer = LedFrameWriter(pipeline: pipeline, order: .rgb)
        var bytes = [UInt8](repeating: 0, count: 3 * colors.count)
        bytes.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
        return (0..<colors.count).map { i in level(bytes[3 * i], bytes[3 * i + 1], bytes[3 * i + 2], channel: brightest, maximum: maximum) }
    }

    /// Writes `value` (not negative) in decimal, as sysfs reads it, into `text` from `at`;
    /// returns where it ended.
    static func writeDecimal(_ value: Int, into text: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
        let v = max(0, value)
        var divisor = 1
        while divisor <= v / 10 { divisor *= 10 }
        var n = at
        while divisor > 0 {
            text[n] = UInt8(48 + v / divisor % 10)
            divisor /= 10
            n += 1
        }
        return n
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

    public func retune(_ pipeline: LedColorPipeline) {
        writer = LedFrameWriter(pipeline: pipeline, order: .rgb)
        // Sent whole at the next frame, in the new pipeline's values.
        for i in last.indices { last[i] = -1 }
    }
}
