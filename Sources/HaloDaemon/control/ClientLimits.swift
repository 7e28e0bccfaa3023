// SPDX-License-Identifier: Apache-2.0
/// The bounds on the daemon's connections, so that no client, however many it opens or however
/// little it sends, keeps the others out. The README's table of limits states these defaults.
public struct ClientLimits: Equatable, Sendable {
    /// Connections at once. When all are taken, a newcomer takes the place of the connection
    /// that has been quiet longest (told why); only when every one spoke in the last second is
    /// the newcomer refused.
    public var clients = 256
    /// Connections one program (one peer process) may hold.
    public var perProgram = 16
    /// Connections one user may hold: three quarters of the places, so other users keep some.
    public var perUser = 192
    /// A connection that has sent no whole line this long after connecting is closed.
    public var silentMicroseconds: Int64 = 30_000_000
    /// A line must arrive whole within this long of its first byte.
    public var halfLineMicroseconds: Int64 = 10_000_000
    /// How long the listener rests when no descriptor is free even to turn a client away.
    public var listenerPauseMicroseconds: Int64 = 1_000_000

    public init() {}
}
