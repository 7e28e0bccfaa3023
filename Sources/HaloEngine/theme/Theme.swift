// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Colours and geometry of every indicator, in logical screen pixels. A board profile sets them;
/// the defaults suit a 480×480 screen on a black background.
public struct Theme: Equatable, Sendable {
    public var background = Color(rgb: 0x000000)
    public var track = Color(rgb: 0x3A3A3C)
    public var indicator = Color(rgb: 0x0A84FF)
    public var success = Color(rgb: 0x30D158)
    public var error = Color(rgb: 0xFF453A)
    public var text = Color(rgb: 0xFFFFFF)
    public var toastBackground = Color(rgb: 0x323232)
    /// 0...255; 230 is 90 %.
    public var toastOpacity: UInt8 = 230
    public var toastText = Color(rgb: 0xFFFFFF)
    /// The dimming layer behind a checkout box and over a partial region.
    public var overlay = Color(rgb: 0x000000)
    public var overlayOpacity: UInt8 = 128
    public var box = Color(rgb: 0xFFFFFF)
    public var boxText = Color(rgb: 0x1C1C1E)

    public var circularDiameter: Int32 = 224
    public var circularThickness: Int32 = 12
    public var roundCaps = true

    public var linearWidth: Int32 = 400
    public var linearHeight: Int32 = 8
    public var linearRadius: Int32 = 4

    public var spinnerDiameter: Int32 = 48
    public var spinnerThickness: Int32 = 4
    public var networkDiameter: Int32 = 20
    public var networkThickness: Int32 = 3
    public var networkMargin: Int32 = 12

    public var toastWidth: Int32 = 320
    public var toastHeight: Int32 = 48
    public var toastRadius: Int32 = 24

    public var boxWidth: Int32 = 280
    public var boxHeight: Int32 = 160
    public var boxRadius: Int32 = 16

    /// Label and toast text size in pixels.
    public var fontSize: Int32 = 16
    public var toastFontSize: Int32 = 16
    /// A TrueType file; nil uses DejaVu Sans.
    public var fontPath: String? = nil
    /// Fonts for the characters `fontPath` lacks, tried in order (`theme.font.fallbacks`); nil
    /// uses the text's own list of Debian's fonts.
    public var fallbackFontPaths: [String]? = nil
    /// How labels write their values: the board's `locale`, else `40%` and `3/12`.
    public var valueWriting = ValueWriting.neutral
    /// A count's phrase in place of the language's (`theme.count-phrase`), `{done}` and
    /// `{total}` standing for its numbers.
    public var countPhrase: String? = nil
    /// Space between an indicator and its label.
    public var labelGap: Int32 = 16

    /// The maker's logo, shown above the indicators (`ThemePictures` places it); nil for none.
    public var logo: Bitmap? = nil
    /// The logo's largest height in pixels; nil for a quarter of the screen's shorter side.
    public var logoHeight: Int32? = nil
    /// A picture filling the screen behind everything, over the background colour; nil for none.
    public var backgroundImage: Bitmap? = nil

    public init() {}
}

/// When indicators appear and go. Short tasks never flash an indicator on and off.
public struct Policy: Equatable, Sendable {
    /// An indicator appears only once its activity has lasted this long.
    public var showDelay = Milliseconds(500)
    /// Once shown, an indicator stays at least this long.
    public var minimumVisible = Milliseconds(500)
    /// A success state without `persist` goes after this long.
    public var successHold = Milliseconds(3000)
    /// Toast durations.
    public var toastShort = Milliseconds(2000)
    public var toastLong = Milliseconds(3500)
    /// How much the picture may move (`MotionLevel`).
    public var motion = MotionLevel.full
    /// What a determinate indicator says when its app went away without ending it: its
    /// connection closed or its lease ran out (`Engine.ownerLeft`).
    public var abandonedLabel = "The app stopped responding. Try again."
    /// How long an indicator its app left behind stays: its failure, or an outcome the app
    /// would have dismissed, shown long enough to read and then gone.
    public var abandonedHold = Milliseconds(8000)
    /// A person's request (cancel, pause, resume) that no app listens for is carried out by
    /// Halo after this long: time to see that it was heard.
    public var unwatchedRequestWait = Milliseconds(1000)
    /// A request an app listens for shows as heard this long at most; an app that lets it
    /// pass has declined it.
    public var answerWait = Milliseconds(5000)

    public init() {}
}
