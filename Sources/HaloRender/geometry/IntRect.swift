// SPDX-License-Identifier: Apache-2.0
/// A rectangle of whole pixels: it covers columns `x ..< x + width` and rows `y ..< y + height`.
public struct IntRect: Equatable, Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width > 0 ? width : 0
        self.height = height > 0 ? height : 0
    }

    /// The smallest rectangle holding the pixels from `(minX, minY)` up to, not including, `(maxX, maxY)`.
    public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The whole pixels touched by a shape whose exact extent is `[minX, maxX) × [minY, maxY)` in Q8.
    public init(coveringQ8 minX: Int32, _ minY: Int32, _ maxX: Int32, _ maxY: Int32) {
        self.init(minX: Fixed.floor(minX), minY: Fixed.floor(minY), maxX: Fixed.ceil(maxX), maxY: Fixed.ceil(maxY))
    }

    public static let empty = IntRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int32 { x + width }
    public var maxY: Int32 { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int64 { Int64(width) * Int64(height) }

    public func intersection(_ other: IntRect) -> IntRect {
        let r = IntRect(
            minX: max(x, other.x), minY: max(y, other.y),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return r.isEmpty ? .empty : r
    }

    public func intersects(_ other: IntRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The smallest rectangle holding both; an empty side is ignored.
    public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return IntRect(
            minX: min(x, other.x), minY: min(y, other.y),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    public func contains(_ other: IntRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// Grown by `n` pixels on every side (shrunk for negative `n`).
    public func expanded(by n: Int32) -> IntRect {
        IntRect(minX: x - n, minY: y - n, maxX: maxX + n, maxY: maxY + n)
    }
}
