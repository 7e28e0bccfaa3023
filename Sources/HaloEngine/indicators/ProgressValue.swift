// SPDX-License-Identifier: Apache-2.0
/// An amount of progress as the app gave it: a fraction, a percentage or a count.
public struct ProgressValue: Equatable, Sendable {
    public enum Form: Equatable, Sendable {
        case fraction
        case percent
        /// `done` of `total`, shown as `done/total`.
        case count(done: Int64, total: Int64)
    }

    /// 0...65536 (Q16): what the indicator draws.
    public var fractionQ16: Int32
    public var form: Form
    /// 0...100: the whole percentage a label shows, worked out from the app's own decimal
    /// digits, not from `fractionQ16`, whose binary rounding would turn 0.4 into 39 %. Rounded
    /// down, so 99.6 % never reads 100 % before the work is done.
    public var wholePercent: Int32

    /// A value known only as a Q16 fraction (a benchmark's, say): its percentage is that
    /// fraction's, rounded down.
    public init(fractionQ16: Int32, form: Form) {
        self.init(fractionQ16: fractionQ16, form: form, wholePercent: Int32(Int64(fractionQ16) * 100 >> 16))
    }

    init(fractionQ16: Int32, form: Form, wholePercent: Int32) {
        self.fractionQ16 = fractionQ16
        self.form = form
        self.wholePercent = wholePercent
    }

    /// The text appended to a label: `60%` or `30/100`, as the app gave it.
    public var text: String {
        switch form {
        case .count(let done, let total): return "\(done)/\(total)"
        case .fraction, .percent: return "\(wholePercent)%"
        }
    }

    /// Parses `0.6`, `60%`, `60.5%` or `30/100`; nil with the reason otherwise.
    public static func parse(_ text: String) -> Result<ProgressValue, ControlError> {
        let hint = "give a fraction from 0 to 1 (0.6), a percentage from 0% to 100% (60%) or a count (30/100)"
        if text.isEmpty { return .failure(ControlError("missing progress value; \(hint)")) }
        if let slash = text.firstIndex(of: "/") {
            guard let done = Int64(text[..<slash]), let total = Int64(text[text.index(after: slash)...]) else {
                return .failure(ControlError("'\(text)' is not a count; \(hint)"))
            }
            guard total > 0, done >= 0, done <= total else {
                return .failure(ControlError("count \(text) is out of range: it needs 0 <= done <= total and total > 0"))
            }
            // done × 65536 needs up to 80 bits when counts are bytes of a large file.
            let q16 = total.dividingFullWidth(done.multipliedFullWidth(by: 65536)).quotient
            let percent = total.dividingFullWidth(done.multipliedFullWidth(by: 100)).quotient
            return .success(ProgressValue(fractionQ16: Int32(q16), form: .count(done: done, total: total), wholePercent: Int32(percent)))
        }
        let isPercent = text.hasSuffix("%")
        let number = isPercent ? String(text.dropLast()) : text
        guard let parsed = Decimal16.parse(number, scale: isPercent ? 100 : 1) else {
            return .failure(ControlError("'\(text)' is not a number; \(hint)"))
        }
        guard parsed.q16 >= 0 && parsed.q16 <= 65536 && parsed.wholePercent <= 100 else {
            return .failure(ControlError("progress \(text) is out of range; \(hint)", code: .outOfRange))
        }
        return .success(
            ProgressValue(fractionQ16: Int32(parsed.q16), form: isPercent ? .percent : .fraction, wholePercent: Int32(parsed.wholePercent)))
    }
}

/// Decimal text to Q16 without floating point: `0.6` → 39322, and to whole percent: `0.6` → 60.
enum Decimal16 {
    /// Parses an unsigned decimal and divides it by `scale`; nil if it is not plain digits with
    /// at most one point (so `nan`, `inf`, `1e3` and `-0.1` are all refused). Values far past the
    /// range come back as large numbers so the caller reports "out of range". The whole part
    /// is capped at a million and the fraction at six digits (finer than Q16 can hold; the
    /// digits dropped can only lower the value, so the rounded-down percentage stays exact),
    /// which keeps every product below within Int64.
    static func parse(_ text: String, scale: Int64) -> (q16: Int64, wholePercent: Int64)? {
        var whole: Int64 = 0, fraction: Int64 = 0, fractionScale: Int64 = 1
        var seenPoint = false, digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard byte >= 48 && byte <= 57 else { return nil }
            digits += 1
            let d = Int64(byte - 48)
            if seenPoint {
                if fractionScale < 1_000_000 {
                    fraction = fraction * 10 + d
                    fractionScale *= 10
                }
            } else {
                whole = min(whole * 10 + d, 1_000_000)
            }
        }
        if digits == 0 { return nil }
        let exact = whole * fractionScale + fraction
        let denominator = fractionScale * scale
        return ((exact * 65536 + denominator / 2) / denominator, exact * 100 / denominator)
    }
}
