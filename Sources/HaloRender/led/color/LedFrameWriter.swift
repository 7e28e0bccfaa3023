// SPDX-License-Identifier: Apache-2.0
/// A ring's colour pipeline, colour order and wiring, worked out once into tables, so that a
/// frame costs a few table lookups an LED: each channel's light for each 8-bit value (gamma,
/// correction and brightness together), and its 8-bit value for the chip. Only a frame over
/// the current budget takes `LedColorPipeline`'s general path, which scales it down.
public struct LedFrameWriter: Sendable {
    public let pipeline: LedColorPipeline
    public let order: LedColorOrder
    public let wiring: LedWiring
    /// Per channel (red, green, blue), the light for each value, and the chip's byte for it.
    let light: [UInt16]
    let byte: [UInt8]
    /// For each byte an LED takes on the wire: 0...2 a channel, 3 white (sent as 0).
    let slots: [Int]

    public init(pipeline: LedColorPipeline, order: LedColorOrder, wiring: LedWiring = LedWiring()) {
        self.pipeline = pipeline
        self.order = order
        self.wiring = wiring
        let level = UInt32(pipeline.brightness)
        let correction = [pipeline.correction.r, pipeline.correction.g, pipeline.correction.b]
        var light: [UInt16] = []
        light.reserveCapacity(768)
        for channel in 0..<3 {
            let scale = UInt32(correction[channel]) * level
            for v in 0..<256 { light.append(UInt16(UInt32(pipeline.gamma.table[v]) * scale / 65025)) }
        }
        self.light = light
        byte = light.map { LedLight.eightBit($0) }
        slots = order.channels.map { Int($0) }
    }

    /// Bytes per LED on the wire.
    public var bytesPerLed: Int { slots.count }

    /// Writes `colors` (the picture: LED 0 at 12 o'clock, clockwise) into `data` as the wire
    /// wants them: in wiring order, each LED's channels in colour order. `data` holds
    /// `colors.count * bytesPerLed` bytes.
    public func write(_ colors: [Color], into data: UnsafeMutableBufferPointer<UInt8>) {
        let n = colors.count
        guard n > 0, data.count >= n * slots.count else { return }
        if order.hasWhite {
            withUnsafeTemporaryAllocation(of: LedLight.self, capacity: n) { lights in
                writeLights(colors, into: lights)
                write(UnsafeBufferPointer(lights), into: data, carry: nil)
            }
            return
        }
        if pipeline.budgetMilliamps > 0 && overBudget(colors) {
            writeLimited(colors, into: data)
            return
        }
        // The orders chips use, each with its channels picked directly; others take the
        // general loop.
        switch (slots[0], slots[1], slots[2]) {
        case (1, 0, 2): writeThree(colors, into: data) { ($0.g, $0.r, $0.b) }
        case (0, 1, 2): writeThree(colors, into: data) { ($0.r, $0.g, $0.b) }
        case (2, 1, 0): writeThree(colors, into: data) { ($0.b, $0.g, $0.r) }
        default: writeThree(colors, into: data) { c in (channel(c, slots[0]), channel(c, slots[1]), channel(c, slots[2])) }
        }
    }

    @inline(__always)
    func channel(_ c: Color, _ slot: Int) -> UInt8 { slot == 0 ? c.r : slot == 1 ? c.g : c.b }

    /// The three-byte orders: `pick` gives an LED's channels in wire order.
    @inline(__always)
    func writeThree(_ colors: [Color], into data: UnsafeMutableBufferPointer<UInt8>, _ pick: (Color) -> (UInt8, UInt8, UInt8)) {
        let n = colors.count
        let (o0, o1, o2) = (slots[0] &* 256, slots[1] &* 256, slots[2] &* 256)
        var wire = wiring.firstWireIndex(count: n)
        byte.withUnsafeBufferPointer { table in
            colors.withUnsafeBufferPointer { picture in
                for c in picture {
                    let at = wire &* 3
                    let (v0, v1, v2) = pick(c)
                    data[at] = table[o0 &+ Int(v0)]
                    data[at &+ 1] = table[o1 &+ Int(v1)]
                    data[at &+ 2] = table[o2 &+ Int(v2)]
                    wire = wiring.wireIndex(after: wire, count: n)
                }
            }
        }
    }

    /// The light of each of `colors` (the picture) in wire order, within the budget, into
    /// `lights` (`colors.count` of them): for the paths that need more than 8 bits a channel.
    public func writeLights(_ colors: [Color], into lights: UnsafeMutableBufferPointer<LedLight>) {
        let n = colors.count
        guard n > 0, lights.count >= n else { return }
        let limited = pipeline.budgetMilliamps > 0 && overBudget(colors) ? pipeline.lights(colors) : []
        var wire = wiring.firstWireIndex(count: n)
        light.withUnsafeBufferPointer { table in
            for i in 0..<n {
                if limited.isEmpty {
                    let c = colors[i]
                    lights[wire] = LedLight(r: table[Int(c.r)], g: table[256 &+ Int(c.g)], b: table[512 &+ Int(c.b)])
                } else {
                    lights[wire] = limited[i]
                }
                wire = wiring.wireIndex(after: wire, count: n)
            }
        }
    }

    /// Writes `lights` (wire order) as the chip's bytes, in colour order. An RGBW chip's white
    /// takes the light the three colours share (their least), and they keep the rest. With
    /// `carry` (one entry a byte, kept from frame to frame), each byte is rounded down and what
    /// was lost is added to the same byte's light next frame: temporal dithering, so a dim
    /// colour keeps its hue on average instead of rounding to a neighbour.
    public func write(
        _ lights: UnsafeBufferPointer<LedLight>, into data: UnsafeMutableBufferPointer<UInt8>, carry: UnsafeMutableBufferPointer<UInt16>?
    ) {
        let width = slots.count
        guard data.count >= lights.count * width, carry.map({ $0.count >= lights.count * width }) ?? true else { return }
        let white = order.hasWhite
        var at = 0
        for l in lights {
            let w = white ? min(l.r, l.g, l.b) : 0
            for k in 0..<width {
                let slot = slots[k]
                let v = UInt32(slot == 0 ? l.r &- w : slot == 1 ? l.g &- w : slot == 2 ? l.b &- w : w)
                if let carry {
                    // One step of a byte is 257 of light; what is carried is under one step.
                    let total = v &+ UInt32(carry[at])
                    let byte = min(255, total / 257)
                    data[at] = UInt8(byte)
                    carry[at] = UInt16(min(256, total &- byte &* 257))
                } else {
                    data[at] = LedLight.eightBit(UInt16(v))
                }
                at &+= 1
            }
        }
    }

    /// Whether `colors` would draw more than the budget, by `LedPower`'s estimate.
    func overBudget(_ colors: [Color]) -> Bool {
        let p = pipeline.power
        let (mr, mg, mb) = (LedPower.sane(p.redMilliamps), LedPower.sane(p.greenMilliamps), LedPower.sane(p.blueMilliamps))
        var total = Int64(colors.count) * p.idleMicroamps
        for c in colors {
            let lit = Int64(light[Int(c.r)]) * mr + Int64(light[256 + Int(c.g)]) * mg + Int64(light[512 + Int(c.b)]) * mb
            total += lit * 1000 / 65535
        }
        return total > Int64(pipeline.budgetMilliamps) * 1000
    }

    /// The general path: the pipeline's lights, scaled to the budget, then ordered and wired.
    func writeLimited(_ colors: [Color], into data: UnsafeMutableBufferPointer<UInt8>) {
        let picture = wiring.wireOrder(pipeline.colors(colors))
        var at = 0
        for c in picture {
            for slot in slots {
                data[at] = slot == 0 ? c.r : slot == 1 ? c.g : slot == 2 ? c.b : 0
                at += 1
            }
        }
    }
}
