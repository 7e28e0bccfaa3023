// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// How much room a placement gives an activity's label: the width of its lines and how many
/// there may be, as the placement's layout asks for them. The engine checks an error's label
/// against it, since the half of an error label that is cut is the half that says what to do.
extension SceneBuilder {
    /// The width and line count `a`'s label is laid out in where `a` is placed; nil for the
    /// kinds whose text is not a label (a checkout's message) or a region with no room for text.
    func labelRoom(_ a: Activity) -> (width: Int32, lines: Int)? {
        var asked: (width: Int32, lines: Int)?
        let record = { (width: Int32, lines: Int) -> [String] in
            asked = (width, lines)
            return []
        }
        switch a.placement {
        case .center?: return (TextRoom.width(.label, theme, screenWidth: width), LabelLayout.maximumLines)
        case .dialog?: return (TextRoom.width(.checkout, theme, screenWidth: width), LabelLayout.maximumLines)
        case .toast?:
            return (
                ProgressToastLayout.width(theme, screenWidth: width) - 2 * ProgressToastLayout.sidePadding,
                ProgressToastLayout.labelLines(a)
            )
        case .inline?:
            guard let region = a.regionRect else { return nil }
            _ = InlineLayout.place(
                a.kind, actionIcon: false, hasLabel: true, in: region, theme: theme, lineHeight: lineHeight, lines: record)
        case .top?, .bottom?:
            let area = a.regionRect ?? IntRect(x: 0, y: 0, width: width, height: height)
            _ = EdgeLayout.place(
                atTop: a.placement == .top, hasLabel: true, in: area, onScreen: a.region == nil, theme: theme, lineHeight: lineHeight,
                lines: record)
        case nil: return nil
        }
        return asked
    }
}
