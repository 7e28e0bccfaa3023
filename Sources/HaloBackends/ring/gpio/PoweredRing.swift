// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A ring whose LEDs are powered through a GPIO line of their own, as the ReSpeaker 4-Mic
/// Array's APA102 ring is through GPIO5: the line is requested high at start and held while the
/// ring runs. At exit the ring's own frame decides what shows (dark, or the last frame kept):
/// the power stays as it is.
public final class PoweredRing<Ring: RingOutput>: DitheringRing, RetunableRing {
    public let ring: Ring
    public let powerLine: String
    let power: GpiodLines

    /// Powers the ring through `line` (a name such as `GPIO5`, or `CHIP:OFFSET`).
    public init(_ ring: Ring, powerLine line: String, activeLow: Bool = false) throws(RingError) {
        self.ring = ring
        powerLine = line
        power = try GpiodLines([line], activeLow: activeLow)
        do { try power.set([1]) } catch {
            throw RingError("cannot switch on the ring's power line \(line): \(error.description); check leds.power-line with gpioinfo")
        }
    }

    public var count: Int { ring.count }
    public var bytesSent: Int64 { ring.bytesSent }
    public var framesDelivered: Int { ring.framesDelivered }
    public func show(_ colors: [Color]) throws(RingError) { try ring.show(colors) }
    /// Dithered where the ring dithers, rounded otherwise.
    public func showDithered(_ colors: [Color]) throws(RingError) {
        if let d = ring as? any DitheringRing { try d.showDithered(colors) } else { try ring.show(colors) }
    }

    public func finish() { ring.finish() }
    public func retune(_ pipeline: LedColorPipeline) { (ring as? any RetunableRing)?.retune(pipeline) }
}
