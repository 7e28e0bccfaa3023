// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A ring whose chip takes 8 bits a channel and nothing finer (WS2812 and its family), and that
/// can spread each channel's rounding over frames: temporal dithering. Sent fast enough (100
/// frames a second or more), the eye sees the average, so a dim colour keeps its hue. A still
/// picture is sent once more with `show`, rounded, and then nothing: the ring stays quiet.
public protocol DitheringRing: RingOutput {
    /// Sends `colors` with each channel rounded down and the remainder carried into the next
    /// dithered frame.
    func showDithered(_ colors: [Color]) throws(RingError)
}
