// SPDX-License-Identifier: Apache-2.0
extension Drawable {
    /// The same drawing `dy` whole pixels lower (higher for negative `dy`): what a gliding
    /// indicator is between two places. `dy` is at most a screen's height, so the Q8 sums stay
    /// far inside Int32.
    public func moved(down dy: Int32) -> Drawable {
        if dy == 0 { return self }
        let q8 = dy << 8
        switch self {
        case .fill(var r, let c):
            r.y += dy
            return .fill(r, c)
        case .roundedRect(var s):
            s.y += q8
            return .roundedRect(s)
        case .ring(var s):
            s.centerY += q8
            return .ring(s)
        case .bar(var s):
            s.y += q8
            return .bar(s)
        case .capsule(var s):
            s.y0 += q8
            s.y1 += q8
            return .capsule(s)
        case .mask(var s):
            s.y += dy
            return .mask(s)
        case .image(var s):
            s.y += dy
            return .image(s)
        }
    }
}
