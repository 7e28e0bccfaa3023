// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A prompt over everything: the screen dimmed as under a checkout, a box with the question,
/// and a field that shows a dot per character of a password, or the answer as typed, with a
/// steady caret after it.
extension SceneBuilder {
    mutating func addPrompt() {
        guard let p = engine.prompt else { return }
        let size = theme.fontSize
        let lineHeight = engine.labels.lineHeight(size: size)
        let fieldWidth = max(1, PromptLayout.boxWidth(screenWidth: width) - 2 * PromptLayout.padding)
        let lines = layoutLines(p.question, size: size, maxWidth: fieldWidth)
        let layout = PromptLayout.place(questionLines: lines.count, lineHeight: lineHeight, screenWidth: width, screenHeight: height)
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        layers.append(Layer(key: LayerKey.prompt(0), .fill(screen, theme.overlay.withOpacity(theme.overlayOpacity))))
        layers.append(
            Layer(key: LayerKey.prompt(1), .roundedRect(RoundedRectShape(pixels: layout.box, radius: theme.boxRadius, color: theme.box))))
        addLines(lines, top: layout.questionTop, centreX: width << 7, size: size, color: theme.boxText, LayerKey.prompt(8))
        let field = layout.field
        layers.append(
            Layer(key: LayerKey.prompt(2), .roundedRect(RoundedRectShape(pixels: field, radius: 8, color: theme.boxText, strokeWidth: 2))))
        var caretX = field.x + PromptLayout.inset
        switch p.field {
        case .masked(let count):
            let (d, step) = PromptLayout.dot(lineHeight: lineHeight)
            let y = field.y + (field.height - d) / 2
            for i in 0..<PromptLayout.dotsShown(count, field: field, lineHeight: lineHeight) {
                let dot = IntRect(x: caretX + step * Int32(i), y: y, width: d, height: d)
                layers.append(
                    Layer(key: LayerKey.prompt(16 + i), .roundedRect(RoundedRectShape(pixels: dot, radius: d / 2, color: theme.boxText))))
            }
            if count > 0 { caretX += step * Int32(PromptLayout.dotsShown(count, field: field, lineHeight: lineHeight)) - step + d + 4 }
        case .visible(let text) where !text.isEmpty:
            let mask = engine.labels.mask(tail(of: text, fitting: field.width - 2 * PromptLayout.inset - 6, size: size), size: size)
            layers.append(
                Layer(key: LayerKey.prompt(4), .mask(MaskShape(mask: mask, x: caretX, y: field.y + 8, color: theme.boxText))))
            caretX += mask.width + 2
        case .visible: break
        }
        let caret = IntRect(x: min(caretX, field.x + field.width - PromptLayout.inset), y: field.y + 8, width: 2, height: lineHeight)
        layers.append(Layer(key: LayerKey.prompt(3), .fill(caret.intersection(layout.box), theme.boxText)))
    }

    /// The end of `text` that fits `room` pixels: the person sees what they type last.
    func tail(of text: String, fitting room: Int32, size: Int32) -> String {
        var shown = Substring(text)
        while !shown.isEmpty && engine.labels.width(String(shown), size: size) > room { shown = shown.dropFirst(max(1, shown.count / 8)) }
        return String(shown)
    }
}
