// SPDX-License-Identifier: Apache-2.0
/// Where a circular, linear or spinner indicator is drawn: `place=` on `show`.
///
/// The checkout, the partial overlay and the network spinner each have one place of their
/// own (the whole screen behind a message box, their region, the top-right corner), so they
/// take no placement.
public enum Placement: String, CaseIterable, Sendable {
    /// Shares the middle of the screen with the other centred activities (`CentreArrangement`).
    case center
    /// A small circular indicator at the top middle of the screen or of `region=`: content
    /// refreshed by pulling it down.
    case top
    /// The same at the bottom: more content loading below a list.
    case bottom
    /// Fitted inside `region=`, the rectangle of the item it belongs to (a card, a list row).
    case inline
    /// A bar and its label in a toast-style box that stays until the work ends; non-modal, for
    /// work with no item on screen to attach an indicator to.
    case toast
    /// A modal progress dialog: the screen dims and the indicator sits in a message box.
    case dialog

    static let names = Placement.allCases.map(\.rawValue).joined(separator: ", ")

    /// The place `kind` gets from `show`'s `place=` and `region=`; nil for the kinds with a
    /// place of their own. Throws when the two do not suit the kind or each other.
    static func resolve(kind: IndicatorKind, place: Placement?, region: Region?) throws(ControlError) -> Placement? {
        switch kind {
        case .network, .checkout, .partial:
            try checkOwnPlace(of: kind, place: place, region: region)
            return nil
        case .circular, .linear, .spinner:
            let resolved = place ?? (region == nil ? .center : .inline)
            try check(resolved, for: kind, region: region)
            return resolved
        }
    }

    /// The kinds with a place of their own take `place=` and `region=` only where they agree with it.
    static func checkOwnPlace(of kind: IndicatorKind, place: Placement?, region: Region?) throws(ControlError) {
        switch kind {
        case .network:
            if let place {
                throw refusal(
                    "a network spinner always sits small in the top-right corner, where it covers nothing, so place=\(place.rawValue) is refused; drop place="
                )
            }
            if region != nil {
                throw refusal(
                    "a network spinner always sits small in the top-right corner, so region= is refused with it; drop region=, or show a spinner with region= to mark an item"
                )
            }
            return
        case .checkout:
            if let place, place != .dialog {
                throw refusal(
                    "a checkout always dims the whole screen behind its message box, so the customer waits for the payment, and place=\(place.rawValue) is refused; drop place=, or show a circular or spinner there"
                )
            }
            if region != nil {
                throw refusal(
                    "a checkout always dims the whole screen, so region= is refused with it; drop region=, or show a partial overlay to cover one region"
                )
            }
            return
        case .partial:
            if let place, place != .inline {
                throw refusal("a partial overlay covers exactly its region=, so place=\(place.rawValue) is refused; drop place=")
            }
            if region == nil {
                throw refusal(
                    "a partial overlay covers the region it is given: add region=x,y,w,h with the rectangle to block, or show a checkout to dim the whole screen"
                )
            }
            return
        case .circular, .linear, .spinner:
            return
        }
    }

    /// A place `kind` was given, or took by default, checked against the kind and `region=`.
    static func check(_ resolved: Placement, for kind: IndicatorKind, region: Region?) throws(ControlError) {
        switch resolved {
        case .center:
            if region != nil {
                throw refusal(
                    "place=center uses the middle of the whole screen, so region= is refused with it; use place=inline to fit the indicator into the region"
                )
            }
        case .inline:
            if region == nil {
                throw refusal(
                    "place=inline fits the indicator into an item on screen: add region=x,y,w,h with the item's rectangle, e.g. region=40,120,400,96"
                )
            }
        case .top, .bottom:
            if kind == .linear {
                throw refusal(
                    "place=\(resolved.rawValue) holds a small circular indicator, as for content refreshed by pulling or loaded by scrolling; show a circular or spinner there instead of a linear bar"
                )
            }
        case .toast:
            if kind != .linear {
                throw refusal(
                    "a progress toast holds a bar and its label; show a linear indicator with place=toast (without value= it moves back and forth until the amount is known)"
                )
            }
            if region != nil { throw refusal("a progress toast sits where toasts appear, so region= is refused with it; drop region=") }
        case .dialog:
            if region != nil { throw refusal("a progress dialog covers the whole screen, so region= is refused with it; drop region=") }
        }
    }

    static func refusal(_ message: String) -> ControlError { ControlError(message, code: .refused) }
}
