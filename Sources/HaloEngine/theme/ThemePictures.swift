// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The theme's pictures made for one screen: the background scaled to cover it, centred, and
/// the logo fitted and centred in its upper part. Scaled once per screen size and picture,
/// then the same layers every frame (their bitmaps shared, so frames compare them for free).
struct ThemePictures {
    /// What the placing depends on: when it is unchanged, the pictures are not made again.
    struct Inputs: Equatable {
        var logo: Bitmap?
        var logoHeight: Int32?
        var background: Bitmap?
        var labelGap: Int32
        var margin: Int32
        var width: Int32
        var height: Int32

        init(_ theme: Theme, width: Int32, height: Int32) {
            logo = theme.logo
            logoHeight = theme.logoHeight
            background = theme.backgroundImage
            labelGap = theme.labelGap
            margin = CentreArrangement.margin(theme)
            self.width = width
            self.height = height
        }
    }

    let inputs: Inputs?
    /// The background picture, then the logo, bottom first; empty without pictures.
    let layers: [Layer]
    /// The logo's lowest row plus a label gap: the indicators are laid out below it.
    let logoReach: Int32?

    init() {
        inputs = nil
        layers = []
        logoReach = nil
    }

    init(_ inputs: Inputs) {
        self.inputs = inputs
        let (width, height) = (inputs.width, inputs.height)
        var layers: [Layer] = []
        if let picture = inputs.background {
            let size = picture.coveringSize(width: width, height: height)
            let scaled = picture.scaled(width: size.width, height: size.height)
            let shape = ImageShape(bitmap: scaled, x: (width - scaled.width) / 2, y: (height - scaled.height) / 2)
            layers.append(Layer(key: LayerKey.backgroundPicture, .image(shape)))
        }
        var reach: Int32?
        if let picture = inputs.logo {
            let tallest = max(1, min(inputs.logoHeight ?? min(width, height) / 4, height / 2))
            let size = picture.fittedSize(width: max(1, width - 2 * inputs.margin), height: tallest)
            let scaled = picture.scaled(width: size.width, height: size.height)
            // An eighth of the way down, clear of the corner's network indicator.
            let top = max(inputs.margin, height / 8)
            layers.append(Layer(key: LayerKey.logo, .image(ImageShape(bitmap: scaled, x: (width - scaled.width) / 2, y: top))))
            reach = top + scaled.height + inputs.labelGap
        }
        self.layers = layers
        logoReach = reach
    }
}
