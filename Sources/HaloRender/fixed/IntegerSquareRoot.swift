// SPDX-License-Identifier: Apache-2.0
/// Integer square roots for per-row span limits. Results are floors: `r * r <= n < (r + 1) * (r + 1)`.
public enum IntegerSquareRoot {
    /// Floor of the square root of `n` (0 for negative `n`), by Newton's method started at `guess`.
    /// A guess close to the answer (the previous row's) converges in one or two steps.
    /// Arithmetic wraps instead of trapping: `n` is below 2^62, so `x` stays below 2^31 and no
    /// square or sum here can overflow.
    public static func floorRoot(_ n: Int64, guess: Int64 = 0) -> Int64 {
        if n <= 0 { return 0 }
        var x = guess > 0 ? guess : initialGuess(n)
        while true {
            let y = (x &+ n / x) >> 1
            let step = y &- x
            x = y
            if step >= -1 && step <= 1 { break }
        }
        if x == 0 { x = 1 }
        while x &* x > n { x = x &- 1 }
        while (x &+ 1) &* (x &+ 1) <= n { x = x &+ 1 }
        return x
    }

    /// A square root of `n` from below (`r * r <= n`), close to the floor but not always it:
    /// two Newton steps from `guess` bound the root from above, and `n` divided by that bound
    /// lies at or just above the root, which the last loop settles. For limits that may be
    /// narrowed but never widened, at a fraction of `floorRoot`'s cost: with a guess near the
    /// root the first step lands within a unit or so.
    @inline(__always)
    public static func rootFromBelow(_ n: Int64, guess: Int64) -> Int64 {
        if n <= 0 { return 0 }
        var x = guess > 0 ? guess : 1
        x = (x &+ n / x) >> 1
        x = ((x &+ n / x) >> 1) | 1
        var r = n / x
        while r &* r > n { r = r &- 1 }
        return r
    }

    /// A start within about 6 % of the root, so Newton needs two or three steps without a
    /// guess: between 4^k and 4^(k+1) the root runs from 2^k to 2^(k+1), and the straight
    /// line between those ends never lies more than 6 % below the curve.
    static func initialGuess(_ n: Int64) -> Int64 {
        let k = (63 - n.leadingZeroBitCount) / 2
        let low = Int64(1) << k
        // low + (n - 4^k) / (3 · 2^k), at least 1; n < 2^62 keeps every term small.
        return max(1, low &+ (n &- (low &* low)) / (3 &* low))
    }
}
