// SPDX-License-Identifier: Apache-2.0
/// Easing curves in Q16: input and output run from 0 to 65536.
public enum Easing {
    /// Cubic ease-out, 1 − (1 − t)³: fast start, gentle landing, never overshoots.
    public static func easeOutCubic(_ t: Int32) -> Int32 {
        let c = Int64(clamp(t))
        let u = 65536 - c
        return Int32(65536 - ((((u * u) >> 16) * u) >> 16))
    }

    /// A CSS-style cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2) in Q16,
    /// evaluated at `t` by bisection on x (16 steps reach the full Q16 precision).
    public static func cubicBezier(_ t: Int32, x1: Int32, y1: Int32, x2: Int32, y2: Int32) -> Int32 {
        let x = Int64(clamp(t))
        var lo: Int64 = 0, hi: Int64 = 65536
        for _ in 0..<17 {
            let mid = (lo &+ hi) >> 1
            if bezier(mid, Int64(x1), Int64(x2)) < x { lo = mid } else { hi = mid }
        }
        return Int32(bezier((lo + hi) >> 1, Int64(y1), Int64(y2)))
    }

    /// Ease-in-out, cubic-bezier(0.42, 0, 0.58, 1): slow at both ends, symmetric about the middle.
    public static func easeInOut(_ t: Int32) -> Int32 { cubicBezier(t, x1: 27525, y1: 0, x2: 38011, y2: 65536) }

    /// One coordinate of the Bézier with ends 0 and 1 at parameter `s` (Q16).
    static func bezier(_ s: Int64, _ p1: Int64, _ p2: Int64) -> Int64 {
        let u = 65536 &- s
        // 3u²s·p1 + 3us²·p2 + s³, each term scaled back to Q16.
        // Note: in Swift `>>` binds tighter than `*`, hence the parentheses.
        // Wrapping operators: s and u lie in 0...2^16 and p1, p2 come from Int32s, so no
        // product here reaches 2^51; the bisection runs this 18 times an eased value.
        let uus = (((u &* u) >> 16) &* s) >> 16
        let uss = (((u &* s) >> 16) &* s) >> 16
        let sss = (((s &* s) >> 16) &* s) >> 16
        return ((3 &* uus &* p1) >> 16) &+ ((3 &* uss &* p2) >> 16) &+ sss
    }

    static func clamp(_ t: Int32) -> Int32 { t < 0 ? 0 : (t > 65536 ? 65536 : t) }
}
