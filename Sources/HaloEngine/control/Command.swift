// SPDX-License-Identifier: Apache-2.0
/// One line of the control language, parsed: from a script, a client of the daemon's socket,
/// or the psplash FIFO's translation.
public enum Command: Equatable, Sendable {
    case show(id: String, kind: IndicatorKind, options: ShowOptions)
    case progress(id: String, value: ProgressValue)
    case label(id: String, text: String)
    case succeed(id: String, label: String, persist: Bool)
    case fail(id: String, label: String)
    case dismiss(id: String)
    case cancel(id: String)
    case pause(id: String)
    case resume(id: String)
    case toast(text: String, long: Bool)

    /// The activity the command is about, if any.
    public var id: String? {
        switch self {
        case .show(let id, _, _), .progress(let id, _), .label(let id, _), .succeed(let id, _, _),
            .fail(let id, _), .dismiss(let id), .cancel(let id), .pause(let id), .resume(let id):
            return id
        case .toast: return nil
        }
    }
}

/// The optional keys of `show`.
public struct ShowOptions: Equatable, Sendable {
    public var label: String?
    public var value: ProgressValue?
    /// nil: the default (show the value when there is one).
    public var showValue: Bool?
    /// In logical screen pixels; nil for the placement's own place (the centre, an edge).
    public var region: Region?
    /// nil: the kind's default (`center`, or `inline` with a region).
    public var place: Placement?
    public var trackHidden = false
    public var cancellable = false
    /// The person may pause and resume it (the choice a tap on it opens).
    public var pausable = false
    /// `detached=`: nil leaves a running activity as it was (a new one is not detached).
    public var detached: Bool?
    /// `lease=`, in microseconds: nil leaves a running activity's lease as it was.
    public var lease: Int64?

    public init() {}
}

/// A rectangle given in the control language, in logical screen pixels.
public struct Region: Equatable, Sendable {
    /// The largest magnitude of any of x, y, width and height. No screen is this big, and
    /// with it every sum the layout makes on a region (edges, centres in half pixels, Q8
    /// coordinates) stays far inside Int32, whatever a client sends.
    public static let maximumCoordinate: Int32 = 16384

    public var x: Int32, y: Int32, width: Int32, height: Int32
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension Region {
    /// Why the region cannot be drawn, if a number in it is past `maximumCoordinate`.
    public var rangeError: ControlError? {
        let limit = Region.maximumCoordinate
        if [x, y, width, height].allSatisfy({ -limit <= $0 && $0 <= limit }) { return nil }
        return ControlError(
            "region=\(x),\(y),\(width),\(height) reaches past \(limit) pixels, further than any screen; give the rectangle in the screen's own pixels, e.g. region=40,120,400,240",
            code: .outOfRange)
    }
}
