// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The console's keyboard, read as plymouthd reads it: through the terminal, so the keymap the
/// system loaded (`setupcon`, `loadkeys`, the initramfs's console-setup hook) turns key presses
/// into the characters printed on the keys, for every keyboard the kernel drives. Read only
/// while a prompt waits for an answer; the terminal's settings are put back when it closes, so
/// the console's own password agent finds the terminal as it was.
///
/// The terminal is read raw (no line editing, no echo, Ctrl+C as a byte, not a signal): the
/// prompt draws what was typed itself, masked for a password.
public final class ConsoleKeyboard: TypingSource {
    public let path: String
    let device: Descriptor
    let saved: termios
    var decoder = TerminalKeyDecoder()
    var closed = false
    /// Receives the keys as they are decoded.
    public var onKeys: (([TypedKey]) -> Void)?

    /// The terminal at `path` (`/dev/tty0`, the console in front), opened and set raw.
    public init(path: String = "/dev/tty0") throws(SystemError) {
        self.path = path
        device = try CharacterDevice.open(path, flags: O_RDWR | O_NONBLOCK | O_CLOEXEC)
        var settings = termios()
        guard tcgetattr(device.raw, &settings) == 0 else {
            throw SystemError("tcgetattr", subject: "\(path) (not a terminal)")
        }
        saved = settings
        // What was typed before the prompt was asked for was not meant for it; what comes from
        // here on is, even in the moment before the terminal turns raw: the flush comes first,
        // and the switch keeps what arrives after it (TCSANOW, not TCSAFLUSH).
        _ = tcflush(device.raw, TCIFLUSH)
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ISTRIP | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(device.raw, TCSANOW, &settings) == 0 else {
            throw SystemError("tcsetattr", subject: path)
        }
    }

    deinit { close() }

    public var descriptor: Int32 { closed ? -1 : device.raw }
    public var finished: Bool { closed }

    public func handle() {
        var buffer = [UInt8](repeating: 0, count: 256)
        // A few reads a round at most: a stuck key cannot hold the loop.
        for _ in 0..<4 where !closed {
            let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try device.read(into: raw) } }
            guard case .success(.bytes(let n)) = result else {
                if case .success(.wouldBlock) = result { return }
                close()  // The terminal hung up: nothing more will come from it.
                return
            }
            let keys = decoder.feed(buffer[0..<n])
            if !keys.isEmpty { onKeys?(keys) }
        }
    }

    /// Puts the terminal's settings back and stops reading.
    public func close() {
        guard !closed else { return }
        closed = true
        var settings = saved
        _ = tcsetattr(device.raw, TCSANOW, &settings)
    }
}
