// SPDX-License-Identifier: Apache-2.0
/// What a reloaded board can change on a running LED ring. The look (`leds.track`) and the
/// colour pipeline (`leds.brightness`, `gamma`, `correction`, `max-milliamps`) and dithering
/// take effect at once; keys that choose the hardware or how it is driven take a restart, and
/// the daemon names them rather than saying it reloaded and leaving them as they were.
extension Board {
    /// The `leds` keys whose values differ in `reloaded` and take effect only when the daemon
    /// starts again, in the order the board's documentation lists them.
    public func ringKeysNeedingRestart(_ reloaded: Board) -> [String] {
        let a = ledDriver, b = reloaded.ledDriver
        let checks: [(String, Bool)] = [
            ("leds.count", leds.count != reloaded.leds.count),
            ("leds.driver", a.driver != b.driver),
            ("leds.chip", a.chip != b.chip),
            ("leds.order", a.order != b.order),
            ("leds.spi-device", a.spiDevice != b.spiDevice),
            ("leds.spi-bits", a.spiBits != b.spiBits),
            ("leds.spi-clock-hz", a.spiClockHz != b.spiClockHz),
            ("leds.reset-us", a.resetMicroseconds != b.resetMicroseconds),
            ("leds.five-bit-brightness", a.fiveBitBrightness != b.fiveBitBrightness),
            ("leds.lines", a.lines != b.lines),
            ("leds.rgb", a.rgbLines != b.rgbLines),
            ("leds.active-low", a.activeLow != b.activeLow),
            ("leds.power-line", a.powerLine != b.powerLine),
            ("leds.names", a.names != b.names || a.namePattern != b.namePattern),
            ("leds.first, leds.direction", a.wiring != b.wiring),
            ("leds.fps", a.framesPerSecond != b.framesPerSecond),
            ("leds.on-exit", a.keepOnExit != b.keepOnExit),
        ]
        return checks.filter(\.1).map(\.0)
    }
}
