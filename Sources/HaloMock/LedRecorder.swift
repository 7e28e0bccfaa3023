// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// An LED ring in memory: it records every set of colours it is sent, so tests and `halo replay`
/// can see what a real ring would have shown. Given a colour pipeline (the mock driver of
/// `halo run`), it records what the pipeline makes of them, as a real ring's LEDs would be
/// driven; without one, the colours as drawn.
public final class LedRecorder: RetunableRing {
    public let count: Int
    public private(set) var pipeline: LedColorPipeline?
    /// Every `show`, oldest first; the oldest are dropped past `capacity`.
    public private(set) var frames: [[Color]] = []
    public static let capacity = 4096
    /// Every `show`, however many were dropped from `frames`.
    public private(set) var framesDelivered = 0

    public init(count: Int, pipeline: LedColorPipeline? = nil) {
        self.count = count
        self.pipeline = pipeline
    }

    public func retune(_ pipeline: LedColorPipeline) { self.pipeline = pipeline }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else {
            throw RingError.wrongCount(sent: colors.count, ring: count)
        }
        if frames.count >= LedRecorder.capacity { frames.removeFirst() }
        frames.append(pipeline.map { $0.colors(colors) } ?? colors)
        framesDelivered += 1
    }

    /// The colours last shown; every LED off before the first `show`.
    public var current: [Color] { frames.last ?? [Color](repeating: .black, count: count) }

    /// Colours as `#RRGGBB` words, LED 0 (12 o'clock) first: one line of `halo replay`'s leds.txt.
    public static func text(_ colors: [Color]) -> String {
        colors.map { c in
            let v = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            let hex = String(v, radix: 16, uppercase: true)
            return "#" + String(repeating: "0", count: 6 - hex.count) + hex
        }.joined(separator: " ")
    }
}
