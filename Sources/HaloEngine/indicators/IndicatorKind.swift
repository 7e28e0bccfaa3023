// SPDX-License-Identifier: Apache-2.0
/// The kinds of indicator. An activity is shown as one kind for its whole life.
public enum IndicatorKind: String, CaseIterable, Sendable {
    /// A ring that fills clockwise from 12 o'clock, or turns while the amount is unknown.
    case circular
    /// A bar that fills from left to right.
    case linear
    /// An activity indicator that only says "working", with an optional label above it.
    case spinner
    /// A modal processing overlay: dimmed screen, message box, spinner.
    case checkout
    /// An overlay over one region of the screen with a spinner and no message.
    case partial
    /// A small non-blocking spinner in a corner of the screen, for network traffic.
    case network

    /// Kinds that can report an amount of progress.
    public var canBeDeterminate: Bool { self == .circular || self == .linear }
    /// Kinds that end in a success or error state with a message.
    public var hasOutcome: Bool { self == .circular || self == .linear }
    /// Kinds whose work can stand still for a while (`pause`): an upload or download, shown
    /// as a ring, a bar or a spinner; a checkout, an overlay or network traffic cannot.
    public var canPause: Bool { self == .circular || self == .linear || self == .spinner }
    /// Kinds that may carry a label.
    public var takesLabel: Bool { self != .partial && self != .network }

    /// Stacking: higher draws above lower.
    var layer: Int {
        switch self {
        case .circular, .linear, .spinner, .partial: return 0
        case .network: return 1
        case .checkout: return 3
        }
    }

    /// Which activity leads when several are shown: a checkout, then circular and linear
    /// indicators (they report progress), then spinners and partial overlays, then the network
    /// spinner. The LED ring and the centre of the screen both follow it.
    var importance: Int {
        switch self {
        case .checkout: return 3
        case .circular, .linear: return 2
        case .spinner, .partial: return 1
        case .network: return 0
        }
    }

    static let names = IndicatorKind.allCases.map(\.rawValue).joined(separator: ", ")
}
