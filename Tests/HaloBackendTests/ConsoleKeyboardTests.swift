// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloHAL
import Testing

@testable import HaloBackends

/// Typing at a prompt: the terminal's bytes as keys, the console's keyboard read through a real
/// kernel terminal (a pseudo-terminal, whose line discipline is the console's), and whether a
/// keyboard is plugged in, from sysfs's key bitmaps.
@Suite("typing at a prompt: terminal bytes, the keyboard on a real kernel pty, keyboard presence")
struct ConsoleKeyboardTests {
    func decode(_ chunks: [[UInt8]]) -> [TypedKey] {
        var d = TerminalKeyDecoder()
        return chunks.flatMap { d.feed($0) }
    }

    @Test("text, Enter (CR, LF, CR LF once), Backspace and Delete, Ctrl+U, Ctrl+C and Ctrl+D; other controls ignored")
    func controls() {
        #expect(decode([Array("ab\tc\r\nd\n".utf8)]) == [.text("abc"), .enter, .text("d"), .enter])
        #expect(decode([[0x61, 0x7F, 0x08, 0x15, 0x03, 0x04]]) == [.text("a"), .erase, .erase, .eraseAll, .cancel, .cancel])
    }

    @Test("a character split across reads is joined; invalid UTF-8 is left out, never guessed")
    func utf8() {
        let euro = Array("€".utf8)
        #expect(decode([[0x78, euro[0]], [euro[1]], [euro[2], 0x79]]) == [.text("x"), .text("€y")])
        #expect(decode([[0x61, 0xFF, 0xC3, 0x28, 0x62]]) == [.text("a(b")])
    }

    @Test("arrow and function keys' sequences are skipped, even across reads; Escape alone cancels")
    func escapes() {
        #expect(decode([Array("a\u{1B}[A\u{1B}[15~\u{1B}OPb".utf8)]) == [.text("a"), .text("b")])
        #expect(decode([[0x1B, 0x5B], [0x31, 0x3B, 0x35, 0x43, 0x7A]]) == [.text("z")])
        #expect(decode([[0x61, 0x1B]]) == [.text("a"), .cancel])
    }

    @Test("the console's keyboard on a real kernel pty: raw and silent while read, typed keys arrive, settings restored")
    func realTerminal() throws {
        // posix_openpt's steps as the kernel takes them: TIOCSPTLCK unlocks, TIOCGPTN names.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let path = "/dev/pts/\(number)"
        let probe = open(path, O_RDWR | O_NOCTTY)
        defer { close(probe) }
        // Something the person typed before the question appeared must not answer it: the line
        // is waited for until the terminal has it (readable, canonical), then the keyboard opens.
        _ = "early\r".withCString { write(master, $0, 6) }
        var typedEarly = pollfd(fd: probe, events: Int16(POLLIN), revents: 0)
        #expect(poll(&typedEarly, 1, 10_000) == 1, "the early line reached the terminal")
        let keyboard = try ConsoleKeyboard(path: path)
        var keys: [TypedKey] = []
        keyboard.onKeys = { keys += $0 }
        var raw = termios()
        tcgetattr(probe, &raw)
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "no line editing, no echo, Ctrl+C is a byte")
        _ = "pa\u{7F}ss\r\u{3}".withCString { write(master, $0, 7) }
        for _ in 0..<100 where keys.count < 4 {
            var p = pollfd(fd: keyboard.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 50)
            keyboard.handle()
        }
        #expect(
            keys == [.text("p"), .text("a"), .erase, .text("ss"), .enter, .cancel]
                || keys == [.text("pa"), .erase, .text("ss"), .enter, .cancel])
        keyboard.close()
        var after = termios()
        tcgetattr(probe, &after)
        #expect(after.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == tcflag_t(ICANON | ECHO | ISIG), "the terminal's settings are back")
        #expect(keyboard.descriptor == -1)
    }

    @Test("a regular file is refused as a keyboard, naming it")
    func notATerminal() {
        #expect(throws: (any Error).self) { try ConsoleKeyboard(path: "/etc/hostname") }
    }

    @Test("a keyboard is a device with letter keys and Enter: a power button or a remote is not")
    func presence() throws {
        #expect(KeyboardPresence.hasTypingKeys("1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe"))
        #expect(!KeyboardPresence.hasTypingKeys("10000000000000 0"), "KEY_POWER alone")
        #expect(!KeyboardPresence.hasTypingKeys("zz") && !KeyboardPresence.hasTypingKeys(""))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("halo-sysfs-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let power = root.appendingPathComponent("input0/capabilities")
        try FileManager.default.createDirectory(at: power, withIntermediateDirectories: true)
        try "10000000000000 0\n".write(to: power.appendingPathComponent("key"), atomically: true, encoding: .utf8)
        #expect(!KeyboardPresence.keyboardAttached(root: root.path))
        let keys = root.appendingPathComponent("input3/capabilities")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
        try "fffffffffffffffe\n".write(to: keys.appendingPathComponent("key"), atomically: true, encoding: .utf8)
        #expect(KeyboardPresence.keyboardAttached(root: root.path))
    }
}
