// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import HaloHAL
import HaloPOSIX
import Testing

@testable import HaloBackends

/// The evdev reader on a real descriptor of the host kernel: a socket pair stands in for the
/// device node (the ioctls a node answers are refused there, as an odd driver might), and the
/// test writes `struct input_event`s into it as the kernel would.
@Suite("evdev reader on host kernel descriptors")
struct EvdevDeviceTests {
    final class Fixture {
        let device: EvdevDevice
        let writer: Int32
        var events: [InputEvent] = []

        init(kind: EvdevDevice.Kind, slots: Int32 = 10) throws {
            var fds: [Int32] = [0, 0]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
            _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
            let buffer = 1 << 20
            var size = Int32(buffer)
            _ = setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &size, 4)
            writer = fds[1]
            let probe = EvdevProbe(
                name: "test", direct: true, keyBits: [], absoluteBits: [], slotCount: kind == .touchscreen ? slots : 0,
                axes: TouchAxes(minimumX: 0, maximumX: 4095, minimumY: 0, maximumY: 4095))
            device = EvdevDevice(Descriptor(owning: fds[0]), path: "/dev/input/event9", probe: probe, kind: kind)
            device.onEvent = { [unowned self] in self.events.append($0) }
        }

        deinit { close(writer) }

        func send(_ triples: [(UInt16, UInt16, Int32)]) {
            var raw = triples.map { t in
                var e = input_event()
                e.type = t.0
                e.code = t.1
                e.value = t.2
                return e
            }
            let n = raw.withUnsafeMutableBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
            #expect(n == raw.count * MemoryLayout<input_event>.stride)
        }
    }

    static let report: (UInt16, UInt16, Int32) = (0, 0, 0)

    @Test("a contact down and up on slot 0 comes out as touchDown and touchUp, in the device's units")
    func tap() throws {
        let f = try Fixture(kind: .touchscreen)
        #expect(!f.device.kernelTimesAreMonotonic, "a socket refuses EVIOCSCLOCKID: times come from the monotonic clock")
        f.send([(3, 0x2f, 0), (3, 0x39, 7), (3, 0x35, 100), (3, 0x36, 200), Self.report, (3, 0x39, -1), Self.report])
        f.device.handle()
        guard f.events.count == 2, case .touchDown(7, 100, 200, let t0) = f.events[0], case .touchUp(7, 100, 200, let t1) = f.events[1]
        else {
            Issue.record("\(f.events)")
            return
        }
        #expect(t0 > 0 && t1 >= t0)
    }

    @Test("a flood is read 1024 events a round at most; the rest waits for the next round")
    func flood() throws {
        let f = try Fixture(kind: .touchscreen)
        var stream: [(UInt16, UInt16, Int32)] = [(3, 0x2f, 0), (3, 0x39, 1), Self.report]
        for i in 0..<1500 { stream += [(3, 0x35, Int32(i % 4000)), Self.report] }
        f.send(stream)
        f.device.handle()
        let first = f.events.count
        #expect(first > 0 && first <= 1024 / 2, "\(first) moves in one round")
        f.device.handle()
        #expect(f.events.count > first)
    }

    @Test("SYN_DROPPED forgets the contacts; the refused resync leaves none, and the next contact is new")
    func dropped() throws {
        let f = try Fixture(kind: .touchscreen)
        f.send([(3, 0x2f, 0), (3, 0x39, 3), (3, 0x35, 10), (3, 0x36, 10), Self.report, (0, 3, 0), (3, 0x35, 50), Self.report])
        f.send([(3, 0x39, -1), Self.report, (3, 0x39, 4), (3, 0x35, 60), (3, 0x36, 60), Self.report])
        f.device.handle()
        #expect(f.events.count == 3, "\(f.events)")
        #expect(f.events.dropFirst().first == .touchLost)
        if case .touchDown(4, 60, 60, _)? = f.events.last {} else { Issue.record("\(f.events)") }
    }

    @Test("keys: whole presses with their hold time; autorepeat is no press")
    func keys() throws {
        let f = try Fixture(kind: .keys)
        f.send([(1, 1, 1), Self.report, (1, 1, 2), Self.report, (1, 1, 0), Self.report])
        f.device.handle()
        guard f.events.count == 1, case .key(code: 1, let held, _) = f.events[0] else {
            Issue.record("\(f.events)")
            return
        }
        #expect(held >= 0)
    }

    @Test("a device whose other end goes is marked gone, and the loop stops polling it")
    func unplugged() throws {
        let f = try Fixture(kind: .keys)
        close(f.writer)
        f.device.handle()
        #expect(f.device.gone && f.device.finished && f.device.descriptor == -1)
    }

    @Test("a /dev/input that does not exist yet is waited for; nodes made before and after it is seen are reported")
    func folderAppears() throws {
        let root = "/tmp/halo-input-watch-\(getpid())"
        _ = system("rm -rf \(root)")
        #expect(mkdir(root, 0o755) == 0)
        defer { _ = system("rm -rf \(root)") }
        let watch = try InputNodeWatch(folder: root + "/input")
        var seen: [String] = []
        watch.onNode = { seen.append($0) }
        #expect(mkdir(root + "/input", 0o755) == 0)
        #expect(creat(root + "/input/event5", 0o644) >= 0)
        watch.handle()
        #expect(creat(root + "/input/event6", 0o644) >= 0)
        #expect(creat(root + "/input/mice", 0o644) >= 0)
        watch.handle()
        #expect(seen == [root + "/input/event5", root + "/input/event6"], "\(seen)")
    }

    @Test("inotify records yield the evdev nodes only, and a short or lying record ends the walk")
    func nodeNames() {
        func record(_ name: String, padTo: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 12)
            let length = UInt32(padTo)
            bytes += withUnsafeBytes(of: length) { Array($0) }
            bytes += Array(name.utf8) + [UInt8](repeating: 0, count: padTo - name.utf8.count)
            return bytes
        }
        let stream = record("event3", padTo: 16) + record("mice", padTo: 16) + record("event12", padTo: 16)
        let names = InputNodeWatch.names(in: stream[...])
        #expect(names == ["event3", "mice", "event12"])
        #expect(names.filter(InputNodeWatch.isEventNode) == ["event3", "event12"])
        var lying = record("event4", padTo: 16)
        lying[12] = 0xFF
        #expect(InputNodeWatch.names(in: lying[...]).isEmpty)
        #expect(!InputNodeWatch.isEventNode("event") && !InputNodeWatch.isEventNode("eventX") && !InputNodeWatch.isEventNode("event12345"))
    }
}
