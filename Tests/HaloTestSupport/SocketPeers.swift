// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Small peers written in Python (Debian's /usr/bin/python3, which CI installs; not a python3
/// earlier on the PATH, which another user may not be able to run), for the tests that need
/// another program, often as another user, at the far end of a socket.
public enum SocketPeers {
    /// Opens `count` connections to the abstract socket `name` (without its leading NUL), sends
    /// `payload` on each, says `held N` on standard output and holds them until its standard
    /// input closes. A connection the far end has already closed is simply kept.
    static let crowd = """
        import socket, sys
        name, count, payload = sys.argv[1], int(sys.argv[2]), bytes.fromhex(sys.argv[3])
        held = []
        for _ in range(count):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect("\\0" + name)
            try:
                if payload: s.sendall(payload)
            except OSError:
                pass
            held.append(s)
        print("held %d" % len(held), flush=True)
        sys.stdin.read()
        """

    /// A crowd of connections to `@name`, as `nobody` when `asNobody` (the test must be root):
    /// started, and returned once it says it holds them all (nil if it never did, within 60 s).
    public static func crowd(name: String, count: Int, sending payload: [UInt8] = [], asNobody: Bool) throws -> ChildProcess? {
        let hex = payload.map { String(format: "%02x", $0) }.joined()
        let user = asNobody ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let child = try ChildProcess(
            user + ["/usr/bin/python3", "-c", crowd, name, String(count), hex], stdin: .pipe, stdout: .pipe, stderr: .inherit)
        return child.readOutput(until: "held \(count)", timeout: 60) ? child : nil
    }

    /// A stand-in for the daemon's control socket: listens at a path, says `ready`, answers
    /// every line `ok` and writes the lines it got, byte for byte, to a file.
    static let recorder = """
        import os, socket, sys
        path, out = sys.argv[1], open(sys.argv[2], "wb", buffering=0)
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(path)
        s.listen(4)
        print("ready", flush=True)
        while True:
            c, _ = s.accept()
            for line in c.makefile("rb"):
                out.write(line)
                c.sendall(b"ok\\n")
        """

    /// A recorder listening at `socket`, writing what it hears to `lines`; started, and
    /// returned once it listens (nil if it never did, within 60 s).
    public static func recorder(socket: String, lines: String) throws -> ChildProcess? {
        let child = try ChildProcess(["/usr/bin/python3", "-c", recorder, socket, lines], stdin: .null, stdout: .pipe, stderr: .inherit)
        return child.readOutput(until: "ready", timeout: 60) ? child : nil
    }
}
