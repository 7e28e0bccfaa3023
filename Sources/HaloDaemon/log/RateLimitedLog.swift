// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// Decides which log lines are written, so that no client, FIFO writer, signal sender or
/// failing display can fill the disk through the daemon's log: each category of line may be
/// written `burst` times in a `windowMicroseconds` window. The rest are counted, with who caused
/// them, and never lost: the first line written after them says how many were left out and
/// whose they were, and if none comes, a summary is due when the window ends (`summaries`),
/// naming the last line left out. Categories are fixed names at the call sites, so the table
/// stays as small as the number of kinds of line.
public struct RateLimitedLog {
    public static let burst = 5
    public static let windowMicroseconds: Int64 = 10_000_000
    /// Sources named in one summary; the rest are counted together.
    public static let namedSources = 8
    /// Characters of the last left-out line quoted in a summary.
    static let quotedCharacters = 240

    struct Window {
        var start: Instant
        var written = 0
        var suppressed = 0
        /// Who caused the left-out lines, in order of first appearance, with counts.
        var sources: [(who: String, count: Int)] = []
        var otherSources = 0
        var lastSuppressed = ""
    }

    var windows: [String: Window] = [:]

    public init() {}

    /// The line to write for `message` now, or nil while its category is over its budget.
    /// `who` names the client, writer or sender behind it, for the count of those left out.
    /// Control characters in the message are escaped.
    public mutating func admit(_ category: String, _ message: String, who: String? = nil, at now: Instant) -> String? {
        var w = windows[category] ?? Window(start: now)
        var note = ""
        if now - w.start >= RateLimitedLog.windowMicroseconds || now < w.start {
            if w.suppressed > 0 { note = " (" + Self.leftOut(category, w) + " before this)" }
            w = Window(start: now)
        }
        defer { windows[category] = w }
        guard w.written < RateLimitedLog.burst else {
            w.suppressed += 1
            w.lastSuppressed = String(LogText.escaped(message).prefix(Self.quotedCharacters))
            let name = who ?? "the daemon"
            if let k = w.sources.firstIndex(where: { $0.who == name }) {
                w.sources[k].count += 1
            } else if w.sources.count < RateLimitedLog.namedSources {
                w.sources.append((name, 1))
            } else {
                w.otherSources += 1
            }
            return nil
        }
        w.written += 1
        return LogText.escaped(message) + note
    }

    /// Summaries of the lines left out in windows that have ended by `now`, one per category;
    /// those windows start afresh.
    /// Asked every round of the daemon's loop: unless a summary is due, it sorts and allocates
    /// nothing.
    public mutating func summaries(at now: Instant) -> [String] {
        guard windows.values.contains(where: { Self.due($0, at: now) }) else { return [] }
        var out: [String] = []
        for (category, w) in windows.sorted(by: { $0.key < $1.key }) where Self.due(w, at: now) {
            out.append(Self.leftOut(category, w) + " in \(RateLimitedLog.windowMicroseconds / 1_000_000) s; the last: " + w.lastSuppressed)
            windows[category] = nil
        }
        return out
    }

    /// Whether `w` left lines out and has ended by `now` (or the clock went back past its start).
    static func due(_ w: Window, at now: Instant) -> Bool {
        w.suppressed > 0 && (now - w.start >= RateLimitedLog.windowMicroseconds || now < w.start)
    }

    /// When the next summary is due, if lines are being left out.
    public var nextSummary: Instant? {
        var soonest: Instant?
        for w in windows.values where w.suppressed > 0 {
            let (end, overflow) = w.start.microseconds.addingReportingOverflow(RateLimitedLog.windowMicroseconds)
            let due = Instant(microseconds: overflow ? Int64.max : end)
            soonest = soonest.map { min($0, due) } ?? due
        }
        return soonest
    }

    /// "12 more connect lines left out, from uid 1000 pid 42 (app) ×9, uid 0 pid 1 (init) ×3".
    static func leftOut(_ category: String, _ w: Window) -> String {
        var text = "\(w.suppressed) more \(category) line\(w.suppressed == 1 ? "" : "s") left out, from "
        text += w.sources.map { "\($0.who) ×\($0.count)" }.joined(separator: ", ")
        if w.otherSources > 0 { text += " and \(w.otherSources) from others" }
        return text
    }
}
