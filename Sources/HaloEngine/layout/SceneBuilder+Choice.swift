// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// What input adds on top of everything: the choice a tap on an indicator opened, and the
/// ring round the target the keys have focused.
extension SceneBuilder {
    /// The choice's box and buttons beside its activity's picture and label, if it is open and
    /// its activity is drawn.
    mutating func addChoice() {
        guard let c = engine.choice else { return }
        let base = LayerKey.activity(c.serial)
        var anchor = IntRect.empty
        for l in layers where l.key >= base && l.key < base &+ LayerKey.perActivity && !l.drawable.bounds.isEmpty {
            anchor = anchor.isEmpty ? l.drawable.bounds : anchor.union(l.drawable.bounds)
        }
        guard !anchor.isEmpty else { return }
        let size = theme.fontSize
        let words = c.options.map(Choice.word)
        let layout = ChoiceLayout.place(
            anchor: anchor, wordWidths: words.map { engine.labels.width($0, size: size) }, lineHeight: engine.labels.lineHeight(size: size),
            screenWidth: width, screenHeight: height)
        let box = RoundedRectShape(pixels: layout.box, radius: 12, color: theme.toastBackground.withOpacity(theme.toastOpacity))
        layers.append(Layer(key: LayerKey.choiceBox, .roundedRect(box)))
        for (i, button) in layout.buttons.enumerated() {
            let shape = RoundedRectShape(pixels: button, radius: min(8, button.height / 2), color: theme.track)
            layers.append(Layer(key: LayerKey.choiceButton(i), .roundedRect(shape)))
            let top = button.y + (button.height - engine.labels.lineHeight(size: size)) / 2
            addLines(
                [words[i]], top: top, centreX: (button.x * 2 + button.width) << 7, size: size, color: theme.toastText,
                LayerKey.choiceWord(i))
        }
    }

    /// A ring round the focused target, 4 px outside it, so a person using keys sees where
    /// Enter will act.
    mutating func addFocusRing() {
        guard let focused = engine.keyFocus.focused,
            let target = TapTargets.find(in: layers, engine: engine, at: now).first(where: { $0.key == focused })
        else { return }
        let r = target.rect
        let ring = IntRect(x: r.x - 4, y: r.y - 4, width: r.width + 8, height: r.height + 8)
        layers.append(
            Layer(key: LayerKey.focusRing, .roundedRect(RoundedRectShape(pixels: ring, radius: 10, color: theme.text, strokeWidth: 3))))
    }
}
