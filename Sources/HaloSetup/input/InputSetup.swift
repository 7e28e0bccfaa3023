// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The board's input devices joined to the daemon: each device is one more event source of the
/// loop, its events go through the router to the daemon as a person's actions, and with
/// `input.devices: auto` the devices plugged in later are opened as they appear. A device that
/// cannot be opened, or is unplugged, is logged once and never stops the daemon.
final class InputSetup {
    let router: InputRouter
    let settings: InputSettings
    unowned let server: ControlServer
    var open: Set<String> = []
    /// Paths already logged as unreadable, so a device udev keeps touching is named once.
    var refused: Set<String> = []
    var watch: InputNodeWatch?

    init(_ board: Board, panel: (width: Int32, height: Int32), rotation: Rotation, server: ControlServer) {
        settings = board.input
        self.server = server
        var s = InputRouter.Settings(panelWidth: panel.width, panelHeight: panel.height, rotation: rotation)
        s.calibration = board.input.calibration
        s.slop = board.input.slop
        s.keys = KeyRoles.with(cancelKeys: board.input.cancelKeys)
        s.debounce = Int64(board.input.buttonDebounceMilliseconds) * 1000
        s.longPress = Int64(board.input.longPressMilliseconds) * 1000
        router = InputRouter(engine: server.engine, settings: s, clock: MonotonicClock.now)
        router.onAction = { [unowned server] in server.personActed($0, at: $1) }
        router.onLoss = { [unowned server] in
            server.report(
                "input-loss",
                "\($0) lost events (the kernel's buffer filled while Halo was busy): touches in progress were dropped and the device's state read again"
            )
        }
        let router = self.router
        server.watch(DescriptorEvents(-1, deadline: { router.nextDeadline?.microseconds }) { router.tick() })
    }

    /// Opens what the board names, and with `auto` everything under /dev/input now and later.
    func start() {
        openButton()
        switch settings.devices {
        case .none: return
        case .listed(let paths):
            for path in paths { open(path, named: true) }
        case .auto:
            do {
                let watch = try InputNodeWatch()
                watch.onNode = { [unowned self] in self.open($0, named: false) }
                server.watch(watch)
                self.watch = watch
            } catch {
                server.report("input-device", "input devices plugged in later will not be seen: \(error.description)")
            }
            for name in DirectoryListing.names(in: "/dev/input").sorted() where InputNodeWatch.isEventNode(name) {
                open("/dev/input/" + name, named: false)
            }
        }
    }

    func open(_ path: String, named: Bool) {
        guard !open.contains(path) else { return }
        guard open.count < InputRouter.maximumDevices else {
            server.report("input-device", "\(path) is not read: Halo reads \(InputRouter.maximumDevices) input devices at most")
            return
        }
        do {
            guard let device = try EvdevDevice.open(path, named: named, grab: settings.grab) else { return }
            open.insert(path)
            refused.remove(path)
            router.attach(device)
            server.watch(UnpluggableInput(device) { [unowned self] in self.unplugged(device, path) })
            server.report("input-device", "reading \(device.name) as \(device.kind == .touchscreen ? "a touchscreen" : "keys")")
        } catch {
            guard refused.count < 64, refused.insert(path).inserted else { return }
            let fix = error.errno == EACCES ? "; run halo as a member of the input group (the systemd unit does)" : ""
            server.report("input-device", "cannot read \(path): \(error.description)\(fix)")
        }
    }

    /// The board's GPIO push button, if it has one.
    func openButton() {
        guard let line = settings.buttonLine else { return }
        let biases: [InputSettings.Bias: Int32] = [.asIs: 0, .disabled: 1, .pullUp: 2, .pullDown: 3]
        do {
            let button = try GpioButton(
                line: line, activeLow: settings.buttonActiveLow, bias: biases[settings.buttonBias] ?? 0,
                debounceMicroseconds: UInt32(settings.buttonDebounceMilliseconds) * 1000)
            router.attach(button)
            server.watch(
                UnpluggableInput(button) { [unowned self] in self.server.report("input-device", "\(button.name) stopped answering") })
            let debounce = button.kernelDebounces ? "the kernel debounces it" : "Halo debounces it"
            server.report("input-device", "reading \(button.name): a long press cancels, a short one moves the focus; \(debounce)")
        } catch {
            server.report("input-device", error.description)
        }
    }

    func unplugged(_ device: EvdevDevice, _ path: String) {
        router.detach(device)
        open.remove(path)
        server.report("input-device", "\(device.name) has gone (unplugged); it is read again if it comes back")
    }
}

/// An input device as one of the loop's sources, which says once when the device has gone.
final class UnpluggableInput: EventSource {
    let device: any InputDevice
    let onGone: () -> Void
    var said = false

    init(_ device: any InputDevice, onGone: @escaping () -> Void) {
        self.device = device
        self.onGone = onGone
    }

    var descriptor: Int32 { device.descriptor }
    var finished: Bool { device.gone }

    func handle() {
        device.handle()
        if device.gone && !said {
            said = true
            onGone()
        }
    }
}
