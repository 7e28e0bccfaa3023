import HaloEngine

/// Decides which log lines are written, so that no client, FIFO writer or failing display can
/// fill the disk through the daemon's log: each category of line may be written `burst` times
/// in a `windowMicroseconds` window; the rest are counted, and the first line written after
/// them says how many were left out. Categories are fixed names at the call sites, so the table
/// stays as small as the number of kinds of line.
public struct RateLimitedLog {
    public static let burst = 5
    public static let windowMicroseconds: Int64 = 10_000_000

    struct Window {
        var start: Instant
        var written: Int
        var suppressed: Int
    }

    var windows: [String: Window] = [:]

    public init() {}

    /// The line to write for `message` now, or nil while its category is over its budget.
    /// Control characters in the message are escaped.
    public mutating func admit(_ category: String, _ message: String, at now: Instant) -> String? {
        var w = windows[category] ?? Window(start: now, written: 0, suppressed: 0)
        var note = ""
        if now - w.start >= RateLimitedLog.windowMicroseconds || now < w.start {
            if w.suppressed > 0 { note = " (\(w.suppressed) more \(category) line\(w.suppressed == 1 ? "" : "s") left out before this)" }
            w = Window(start: now, written: 0, suppressed: 0)
        }
        defer { windows[category] = w }
        guard w.written < RateLimitedLog.burst else {
            w.suppressed += 1
            return nil
        }
        w.written += 1
        return LogText.escaped(message) + note
    }

    /// Lines left out in windows that have not ended yet, for a last word at exit.
    public var pendingSuppressed: Int { windows.values.reduce(0) { $0 + $1.suppressed } }
}
