// SPDX-License-Identifier: Apache-2.0
/// Fixed-point conventions of the rendering core.
///
/// Geometry is kept in **Q8**: an `Int32` holding 1/256 of a pixel, so `256` is one pixel and
/// `128` is the centre of the pixel whose top-left corner is at `0`. Unit vectors and fractions
/// are **Q16**: `65536` is 1.0. Per-pixel arithmetic widens to `Int64` where a product of two
/// coordinates could exceed 32 bits. Nothing in the core uses floating point: a Cortex-M0 has no
/// FPU, and the same integer code gives the same pixels on every machine.
public enum Fixed {
    /// Q8 to whole pixels, rounded towards negative infinity.
    public static func floor(_ q8: Int32) -> Int32 { q8 >> 8 }

    /// Q8 to whole pixels, rounded towards positive infinity.
    public static func ceil(_ q8: Int32) -> Int32 { (q8 &+ 255) >> 8 }

    /// `a * b / c` with a 64-bit intermediate, rounded to nearest (halves away from zero).
    public static func mulDiv(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        let p = a * b
        let half = c / 2
        return p >= 0 ? (p + half) / c : (p - half) / c
    }
}
