// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// The square roots that bound spans row by row: `floorRoot` must be the exact floor, and
/// `rootFromBelow` must never exceed the root (a span it bounds may shrink, never grow).
@Suite("Integer square roots")
struct IntegerSquareRootTests {
    /// Test values (below 2^62, as the roots require): every small number, squares and their
    /// neighbours, and a spread of large ones.
    static var values: [Int64] {
        var v = Array(Int64(0)...Int64(2000))
        for k in stride(from: Int64(1), to: 2_000_000_000, by: 9_999_991) {
            v += [k * k - 1, k * k, k * k + 1]
        }
        var g = RingWalkTests.Lcg(state: 17)
        for _ in 0..<5000 { v.append(g.next(Int64(1) << 40) * (1 + g.next(1 << 20))) }
        return v
    }

    /// The exact floor, from the definition, by bisection.
    static func floor(_ n: Int64) -> Int64 {
        if n <= 0 { return 0 }
        var lo: Int64 = 0, hi: Int64 = 1 << 31
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if mid * mid <= n { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    @Test("floorRoot is the floor of the root, whatever the guess")
    func floorRoot() {
        for n in Self.values {
            let want = Self.floor(n)
            #expect(IntegerSquareRoot.floorRoot(n) == want, "n = \(n)")
            for guess in [Int64(1), want / 2 + 1, want + 1, want * 3 + 7] {
                #expect(IntegerSquareRoot.floorRoot(n, guess: guess) == want, "n = \(n), guess \(guess)")
            }
        }
    }

    @Test("rootFromBelow never exceeds the root, and with a guess near it lands on it within 1/1000")
    func rootFromBelow() {
        for n in Self.values {
            let root = Self.floor(n)
            for guess in [Int64(0), 1, root / 2 + 1, root * 4 / 5 + 1, root, root * 6 / 5 + 1, root * 2 + 1, Int64(1) << 31] {
                let r = IntegerSquareRoot.rootFromBelow(n, guess: guess)
                #expect(r >= 0 && r <= root, "n = \(n), guess \(guess): \(r) against \(root)")
                if guess >= root * 4 / 5 && guess <= root * 6 / 5 + 1 {
                    #expect(r >= root - root / 1000 - 1, "n = \(n), guess \(guess): \(r) against \(root)")
                }
            }
        }
    }
}
