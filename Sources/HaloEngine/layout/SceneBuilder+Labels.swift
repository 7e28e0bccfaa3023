// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Labels: the text shown under or beside an indicator, with its value, laid out in lines.
extension SceneBuilder {
    /// The label as shown: the app's text, then the value for a running determinate indicator.
    func labelText(_ a: Activity) -> String? {
        var value: String? = nil
        // The value ends a label; with no label it shows only when asked for (show-value=yes).
        if a.outcome == nil, case .determinate(let v, _, _) = a.progress, a.showValue ?? (a.label != nil) {
            value = theme.valueWriting.write(v, count: theme.countPhrase)
        }
        switch (a.label, value) {
        case (let l?, let v?): return engine.labels.joined(l, v)
        case (let l?, nil): return l
        case (nil, let v?): return v
        case (nil, nil): return nil
        }
    }

    /// Whether the text `a` shows reads right to left (a Hebrew or Arabic label, or with no
    /// label an Arabic count such as "3 من 12"): its row is mirrored and its bar fills from the
    /// right.
    func readsRightToLeft(_ a: Activity) -> Bool {
        // Most bars have neither label nor value shown: answered before the text is put together.
        guard a.label != nil || a.showValue == true, let text = labelText(a) else { return false }
        return engine.labels.isRightToLeft(text)
    }

    func layoutLines(_ text: String, size: Int32, maxWidth: Int32) -> [String] {
        engine.labels.layout(text, size: size, maxWidth: maxWidth).lines
    }

    mutating func addLabel(_ a: Activity, text: String?, top: Int32, centreX: Int32, color: Color, _ key: UInt32) {
        guard let text else { return }
        let size = theme.fontSize
        addLines(
            layoutLines(text, size: size, maxWidth: TextRoom.width(.label, theme, screenWidth: width)), top: top, centreX: centreX,
            size: size, color: color, key)
    }

    mutating func addLines(_ lines: [String], top: Int32, centreX: Int32, size: Int32, color: Color, _ key: UInt32) {
        let lineHeight = engine.labels.lineHeight(size: size)
        for (i, line) in lines.enumerated() {
            let mask = engine.labels.mask(line, size: size)
            let x = ((centreX >> 7) - mask.width) / 2  // centreX is Q8: half pixels → pixels
            layers.append(Layer(key: key + UInt32(i), .mask(MaskShape(mask: mask, x: x, y: top + lineHeight * Int32(i), color: color))))
        }
    }
}
