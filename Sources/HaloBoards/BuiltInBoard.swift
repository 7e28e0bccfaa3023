// SPDX-License-Identifier: Apache-2.0
/// The default board, built into the binary: `halo demo`, `replay` and `lint` work outside the
/// source tree and without installed boards. It is Boards/mock-480x480.yaml word for word (a
/// test compares them).
public enum BuiltInBoard {
    public static let name = "mock-480x480"

    public static let text = """
        # SPDX-License-Identifier: Apache-2.0
        # A square 480×480 panel in memory: the default board of `halo demo` and the tests.
        name: mock-480x480
        description: mock square 480x480 panel (XRGB8888)
        display: mock
        screen:
          width: 480
          height: 480
          format: XRGB8888
          rotation: 0
          fps: 60
        theme:
          background: "#000000"
          track: "#3A3A3C"
          indicator: "#0A84FF"
          success: "#30D158"
          error: "#FF453A"
          text: "#FFFFFF"
          label-gap: 16
          circular:
            diameter: 224
            thickness: 12
            caps: round
          linear:
            width: 400
            height: 8
            radius: 4
          spinner:
            diameter: 48
            thickness: 4
          network:
            diameter: 20
            thickness: 3
            margin: 12
          toast:
            background: "#323232"
            opacity: 90
            text: "#FFFFFF"
            width: 320
            height: 48
            radius: 24
            font-size: 16
          checkout:
            overlay: "#000000"
            overlay-opacity: 50
            box: "#FFFFFF"
            text: "#1C1C1E"
            width: 280
            height: 160
            radius: 16
          font:
            size: 16
        policy:
          show-delay-ms: 500
          min-visible-ms: 500
          success-hold-ms: 3000
          toast-ms: 2000
          toast-long-ms: 3500
        """
}
