// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// One key of a board file: its dotted path and how its value is read into the board. The
/// table below is the one list of keys: reading a file, refusing unknown keys (with the keys
/// that are known there) and the check that Boards/README.md documents every key all use it.
struct BoardKey: Sendable {
    let path: String
    let read: @Sendable (BoardSchema, YAMLNode, String, inout Board) throws(BoardError) -> Void

    init(_ path: String, _ read: @escaping @Sendable (BoardSchema, YAMLNode, String, inout Board) throws(BoardError) -> Void) {
        self.path = path
        self.read = read
    }
}

extension BoardSchema {
    /// Every key a board file may hold.
    static let keys: [BoardKey] =
        topKeys + screenKeys + themeKeys + shapeKeys + boxKeys + policyKeys + ledKeys + ledDriverKeys + inputKeys + bootKeys

    static let topKeys: [BoardKey] = [
        BoardKey("name") { s, v, k, b throws(BoardError) in b.name = try s.text(v, k) },
        BoardKey("description") { s, v, k, b throws(BoardError) in b.description = try s.text(v, k) },
        BoardKey("display") { s, v, k, b throws(BoardError) in
            b.display.kind = try s.parsed(
                v, k, DisplaySettings.Kind.init(rawValue:), isNot: "a display backend",
                "use one of \(DisplaySettings.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        },
        BoardKey("socket-group") { s, v, k, b throws(BoardError) in b.socketGroup = try s.text(v, k) },
        BoardKey("plymouth") { s, v, k, b throws(BoardError) in b.plymouth = try s.yesNo(v, k) },
        BoardKey("plymouth-group") { s, v, k, b throws(BoardError) in b.plymouthGroup = try s.text(v, k) },
        BoardKey("snapshots") { s, v, k, b throws(BoardError) in b.snapshotDirectory = try s.absoluteFolder(v, k) },
        BoardKey("locale") { s, v, k, b throws(BoardError) in
            b.theme.valueWriting = try s.parsed(
                v, k, ValueWriting.named, isNot: "a language whose values Halo writes",
                "use one of \(ValueWriting.known.joined(separator: ", ")) (a region, as in fr-CA, is allowed), or leave it out for 40% and 3/12"
            )
            b.language = ValueWriting.languageTag(try s.text(v, k))
        },
        BoardKey("motion") { s, v, k, b throws(BoardError) in
            b.policy.motion = try s.parsed(
                v, k, MotionLevel.init(rawValue:), isNot: "a motion level",
                "write full, reduced (no turning or gliding: a slow pulse instead) or none (still frames)")
        },
    ]

    static let screenKeys: [BoardKey] = [
        BoardKey("screen.width") { s, v, k, b throws(BoardError) in b.width = try s.integer(v, k, 16...8192) },
        BoardKey("screen.height") { s, v, k, b throws(BoardError) in b.height = try s.integer(v, k, 16...8192) },
        BoardKey("screen.format") { s, v, k, b throws(BoardError) in
            b.format = try s.parsed(
                v, k, PixelFormat.init(name:), isNot: "a supported pixel format",
                "use one of \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        },
        BoardKey("screen.rotation") { s, v, k, b throws(BoardError) in try s.rotation(v, k, &b) },
        BoardKey("screen.fps") { s, v, k, b throws(BoardError) in b.framesPerSecond = try s.integer(v, k, 1...240) },
        BoardKey("screen.device") { s, v, k, b throws(BoardError) in b.display.device = try s.deviceNode(v, k) },
        BoardKey("screen.wayland-socket") { s, v, k, b throws(BoardError) in b.display.waylandSocket = try s.waylandSocket(v, k) },
        BoardKey("screen.backdrop") { s, v, k, b throws(BoardError) in b.display.backdrop = try s.color(v, k) },
        BoardKey("screen.wayland-output") { s, v, k, b throws(BoardError) in b.display.waylandOutput = try s.text(v, k) },
        BoardKey("screen.connector") { s, v, k, b throws(BoardError) in b.display.connector = try s.text(v, k) },
        BoardKey("screen.mode") { s, v, k, b throws(BoardError) in
            b.display.mode = try s.parsed(
                v, k, ModeRequest.init(parsing:), isNot: "a mode", "write WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 800x480@60")
        },
        BoardKey("screen.pan") { s, v, k, b throws(BoardError) in b.display.pan = try s.yesNo(v, k) },
        BoardKey("screen.wait-seconds") { s, v, k, b throws(BoardError) in b.display.waitSeconds = try s.integer(v, k, 0...600) },
        BoardKey("screen.on-exit") { s, v, k, b throws(BoardError) in
            b.display.onExit = try s.parsed(
                v, k, DisplaySettings.ExitPicture.init(rawValue:), isNot: "a choice here", "use keep (the last frame stays) or blank")
        },
        BoardKey("screen.frame-budget-ms") { s, v, k, b throws(BoardError) in
            b.display.frameBudgetMilliseconds = try s.integer(v, k, 1...1000)
        },
    ]

    static let themeKeys: [BoardKey] = [
        BoardKey("theme.background") { s, v, k, b throws(BoardError) in b.theme.background = try s.color(v, k) },
        BoardKey("theme.track") { s, v, k, b throws(BoardError) in b.theme.track = try s.color(v, k) },
        BoardKey("theme.indicator") { s, v, k, b throws(BoardError) in b.theme.indicator = try s.color(v, k) },
        BoardKey("theme.success") { s, v, k, b throws(BoardError) in b.theme.success = try s.color(v, k) },
        BoardKey("theme.error") { s, v, k, b throws(BoardError) in b.theme.error = try s.color(v, k) },
        BoardKey("theme.text") { s, v, k, b throws(BoardError) in b.theme.text = try s.color(v, k) },
        BoardKey("theme.label-gap") { s, v, k, b throws(BoardError) in b.theme.labelGap = try s.integer(v, k, 0...200) },
        BoardKey("theme.font.file") { s, v, k, b throws(BoardError) in b.theme.fontPath = try s.text(v, k) },
        BoardKey("theme.font.fallbacks") { s, v, k, b throws(BoardError) in b.theme.fallbackFontPaths = try s.fontList(v, k) },
        BoardKey("theme.count-phrase") { s, v, k, b throws(BoardError) in
            b.theme.countPhrase = try s.parsed(
                v, k, { ValueWriting.isCountPhrase($0) ? $0 : nil }, isNot: "a phrase for a count",
                "write {done} and {total} once each where the numbers go, e.g. \"{done} of {total}\"")
        },
        BoardKey("theme.logo.file") { s, v, k, b throws(BoardError) in b.theme.logo = try s.picture(v, k, into: &b) },
        BoardKey("theme.logo.height") { s, v, k, b throws(BoardError) in b.theme.logoHeight = try s.integer(v, k, 8...2048) },
        BoardKey("theme.background-image.file") { s, v, k, b throws(BoardError) in b.theme.backgroundImage = try s.picture(v, k, into: &b)
        },
        BoardKey("theme.font.size") { s, v, k, b throws(BoardError) in b.theme.fontSize = try s.integer(v, k, 6...200) },
    ]

    static let shapeKeys: [BoardKey] = [
        BoardKey("theme.circular.diameter") { s, v, k, b throws(BoardError) in b.theme.circularDiameter = try s.integer(v, k, 8...4096) },
        BoardKey("theme.circular.thickness") { s, v, k, b throws(BoardError) in b.theme.circularThickness = try s.integer(v, k, 1...512) },
        BoardKey("theme.circular.caps") { s, v, k, b throws(BoardError) in
            b.theme.roundCaps = try s.parsed(v, k, { ["round": true, "butt": false][$0] }, isNot: "a cap style", "use round or butt")
        },
        BoardKey("theme.linear.width") { s, v, k, b throws(BoardError) in b.theme.linearWidth = try s.integer(v, k, 8...8192) },
        BoardKey("theme.linear.height") { s, v, k, b throws(BoardError) in b.theme.linearHeight = try s.integer(v, k, 1...256) },
        BoardKey("theme.linear.radius") { s, v, k, b throws(BoardError) in b.theme.linearRadius = try s.integer(v, k, 0...128) },
        BoardKey("theme.spinner.diameter") { s, v, k, b throws(BoardError) in b.theme.spinnerDiameter = try s.integer(v, k, 8...1024) },
        BoardKey("theme.spinner.thickness") { s, v, k, b throws(BoardError) in b.theme.spinnerThickness = try s.integer(v, k, 1...256) },
        BoardKey("theme.network.diameter") { s, v, k, b throws(BoardError) in b.theme.networkDiameter = try s.integer(v, k, 6...256) },
        BoardKey("theme.network.thickness") { s, v, k, b throws(BoardError) in b.theme.networkThickness = try s.integer(v, k, 1...64) },
        BoardKey("theme.network.margin") { s, v, k, b throws(BoardError) in b.theme.networkMargin = try s.integer(v, k, 0...256) },
    ]

    static let boxKeys: [BoardKey] = [
        BoardKey("theme.toast.background") { s, v, k, b throws(BoardError) in b.theme.toastBackground = try s.color(v, k) },
        BoardKey("theme.toast.opacity") { s, v, k, b throws(BoardError) in b.theme.toastOpacity = try s.percent(v, k) },
        BoardKey("theme.toast.text") { s, v, k, b throws(BoardError) in b.theme.toastText = try s.color(v, k) },
        BoardKey("theme.toast.width") { s, v, k, b throws(BoardError) in b.theme.toastWidth = try s.integer(v, k, 32...8192) },
        BoardKey("theme.toast.height") { s, v, k, b throws(BoardError) in b.theme.toastHeight = try s.integer(v, k, 16...1024) },
        BoardKey("theme.toast.radius") { s, v, k, b throws(BoardError) in b.theme.toastRadius = try s.integer(v, k, 0...512) },
        BoardKey("theme.toast.font-size") { s, v, k, b throws(BoardError) in b.theme.toastFontSize = try s.integer(v, k, 6...200) },
        BoardKey("theme.checkout.overlay") { s, v, k, b throws(BoardError) in b.theme.overlay = try s.color(v, k) },
        BoardKey("theme.checkout.overlay-opacity") { s, v, k, b throws(BoardError) in b.theme.overlayOpacity = try s.percent(v, k) },
        BoardKey("theme.checkout.box") { s, v, k, b throws(BoardError) in b.theme.box = try s.color(v, k) },
        BoardKey("theme.checkout.text") { s, v, k, b throws(BoardError) in b.theme.boxText = try s.color(v, k) },
        BoardKey("theme.checkout.width") { s, v, k, b throws(BoardError) in b.theme.boxWidth = try s.integer(v, k, 32...8192) },
        BoardKey("theme.checkout.height") { s, v, k, b throws(BoardError) in b.theme.boxHeight = try s.integer(v, k, 32...8192) },
        BoardKey("theme.checkout.radius") { s, v, k, b throws(BoardError) in b.theme.boxRadius = try s.integer(v, k, 0...512) },
    ]

    static let policyKeys: [BoardKey] = [
        BoardKey("policy.show-delay-ms") { s, v, k, b throws(BoardError) in b.policy.showDelay = try s.milliseconds(v, k) },
        BoardKey("policy.min-visible-ms") { s, v, k, b throws(BoardError) in b.policy.minimumVisible = try s.milliseconds(v, k) },
        BoardKey("policy.success-hold-ms") { s, v, k, b throws(BoardError) in b.policy.successHold = try s.milliseconds(v, k) },
        BoardKey("policy.toast-ms") { s, v, k, b throws(BoardError) in b.policy.toastShort = try s.milliseconds(v, k) },
        BoardKey("policy.toast-long-ms") { s, v, k, b throws(BoardError) in b.policy.toastLong = try s.milliseconds(v, k) },
        BoardKey("policy.abandoned-label") { s, v, k, b throws(BoardError) in b.policy.abandonedLabel = try s.words(v, k) },
        BoardKey("policy.request-wait-ms") { s, v, k, b throws(BoardError) in b.policy.unwatchedRequestWait = try s.milliseconds(v, k) },
        BoardKey("policy.answer-wait-ms") { s, v, k, b throws(BoardError) in b.policy.answerWait = try s.milliseconds(v, k) },
        BoardKey("policy.abandoned-hold-ms") { s, v, k, b throws(BoardError) in b.policy.abandonedHold = try s.milliseconds(v, k) },
    ]
}
