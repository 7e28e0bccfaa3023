// SPDX-License-Identifier: Apache-2.0
/// GPIO lines held as outputs and changed together: one call sets every line. libgpiod's line
/// request implements it (`GpiodLines`); a benchmark or a test counts what it is given.
public protocol GpioLines: AnyObject {
    /// Lines held, in the order `set` takes their levels.
    var count: Int { get }
    /// Sets every line at once: 1 is active (lit), 0 inactive; `levels.count == count`.
    func set(_ levels: [Int32]) throws(RingError)
}
