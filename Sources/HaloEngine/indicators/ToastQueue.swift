// SPDX-License-Identifier: Apache-2.0
/// Toasts, one at a time: each waits for the one before it to finish.
struct ToastQueue {
    struct Toast {
        var serial: UInt32
        var lines: [String]
        var start: Instant
        var end: Instant
    }

    var toasts: [Toast] = []
    var nextSerial: UInt32 = 1
    /// More waiting toasts than this means the app is flooding the screen.
    static let capacity = 16
    /// Fade in and fade out, each.
    static let fade: Int64 = 150_000

    mutating func enqueue(_ text: String, long: Bool, at now: Instant, engine: Engine) -> [ControlWarning] {
        var warnings: [ControlWarning] = []
        if toasts.count >= ToastQueue.capacity {
            return [ControlWarning("\(ToastQueue.capacity) toasts are already waiting, so this one was dropped; show fewer toasts")]
        }
        let theme = engine.theme
        let size = theme.toastFontSize
        let layout = engine.labels.layout(text, size: size, maxWidth: TextRoom.width(.toast, theme, screenWidth: engine.screenWidth))
        if layout.truncated {
            warnings.append(ControlWarning("toast text is longer than two lines and was cut with an ellipsis; keep toasts short"))
        }
        let start = max(now, toasts.last?.end ?? now)
        let duration = long ? engine.policy.toastLong : engine.policy.toastShort
        toasts.append(Toast(serial: nextSerial, lines: layout.lines, start: start, end: start + duration))
        nextSerial &+= 1
        return warnings
    }

    mutating func expire(at now: Instant) {
        if toasts.contains(where: { $0.end <= now }) { toasts.removeAll { $0.end <= now } }
    }

    func current(at now: Instant) -> Toast? {
        toasts.first { $0.start <= now && now < $0.end }
    }

    /// Opacity 0...255 of a toast at `now`: fading in, holding, fading out.
    static func opacity(_ t: Toast, at now: Instant) -> UInt8 {
        let fromStart = now - t.start, toEnd = t.end - now
        let ramp = min(fromStart, toEnd)
        if ramp >= fade { return 255 }
        return UInt8(max(0, ramp) * 255 / fade)
    }

    func nextChange(after now: Instant) -> Instant? {
        guard let first = toasts.first else { return nil }
        if now < first.start { return first.start }
        let fadeOut = Instant(microseconds: first.end.microseconds - ToastQueue.fade)
        if now - first.start < ToastQueue.fade || now >= fadeOut { return now }
        return fadeOut
    }
}
