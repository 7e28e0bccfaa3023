// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// An LED ring: how many LEDs it has and a way to show one colour on each. The SPI, GPIO and
/// LED-class backends implement it on hardware; the mock records what it is sent.
public protocol RingOutput: AnyObject {
    /// Number of LEDs, clockwise from the one at 12 o'clock.
    var count: Int { get }
    func show(_ colors: [Color]) throws(RingError)
    /// Bytes put on the bus so far (0 for outputs without one).
    var bytesSent: Int64 { get }
    /// Frames that reached the device so far: a `show` that changed nothing there (GPIO levels
    /// already set, LED-class values already written) is not one.
    var framesDelivered: Int { get }
    /// The daemon is done with the ring: give back what was taken at start (LED triggers).
    func finish()
}

extension RingOutput {
    public var bytesSent: Int64 { 0 }
    public func finish() {}
}
