// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The theme's pictures made for one screen: the background scaled to cover it, centred, and
/// the logo fitted and centred in its upper part. Scaled once per screen size and picture,
/// then the same layers every frame (their bitmaps shared, so frames compare them for free).
struct ThemePictures: Equatable {
    var background: ImageShape?
    var logo: ImageShape?
    /// The logo's lowest row plus a label gap: the indicators are laid out below it.
    var logoReach: Int32?

    init() {}

    init(_ theme: Theme, width: Int32, height: Int32) {
        if let picture = theme.backgroundImage {
            let size = picture.coveringSize(width: width, height: height)
            let scaled = picture.scaled(width: size.width, height: size.height)
            background = ImageShape(bitmap: scaled, x: (width - scaled.width) / 2, y: (height - scaled.height) / 2)
        }
        if let picture = theme.logo {
            let margin = CentreArrangement.margin(theme)
            let tallest = max(1, min(theme.logoHeight ?? min(width, height) / 4, height / 2))
            let size = picture.fittedSize(width: max(1, width - 2 * margin), height: tallest)
            let scaled = picture.scaled(width: size.width, height: size.height)
            // An eighth of the way down, clear of the corner's network indicator.
            let top = max(margin, height / 8)
            logo = ImageShape(bitmap: scaled, x: (width - scaled.width) / 2, y: top)
            logoReach = top + scaled.height + theme.labelGap
        }
    }

    /// The layers, bottom first: the background picture, then the logo.
    var layers: [Layer] {
        var out: [Layer] = []
        if let background { out.append(Layer(key: LayerKey.backgroundPicture, .image(background))) }
        if let logo { out.append(Layer(key: LayerKey.logo, .image(logo))) }
        return out
    }
}
