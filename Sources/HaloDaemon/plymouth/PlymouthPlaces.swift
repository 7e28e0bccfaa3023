// SPDX-License-Identifier: Apache-2.0
/// Who may hold a connection on plymouthd's socket, and what a newcomer may take. The socket is
/// abstract, so any local user can connect: the places are split so that nobody who may not
/// drive the splash can take one that root (or the board's `plymouth-group`) needs.
///
/// - Permitted peers share `permittedPlaces`. When they are full, a newcomer takes the place of
///   the oldest permitted connection that holds nothing: no question, no keystroke watch, no
///   wait for quit and no request still to be answered. When every one holds something, the
///   newcomer is refused: a question a person is answering is never thrown away for it. The
///   group's members (anyone permitted but root) hold at most `groupPlaces` of them, so root's
///   own clients (systemd, cryptsetup) always have room.
/// - Everyone else gets at most `othersPerUser` connections per user and `othersInAll`
///   together, only long enough to be told NAK: a user past their allowance loses their own
///   oldest, a newcomer past the total is refused. Permitted places are never touched.
public enum PlymouthPlaces {
    public static let permittedPlaces = 32
    public static let groupPlaces = 24
    public static let othersPerUser = 2
    public static let othersInAll = 8

    /// One open connection, as the choice needs to see it.
    public struct Holder: Equatable, Sendable {
        public var number: Int
        public var permitted: Bool
        public var uid: UInt32
        /// A question, a keystroke watch, a wait for quit, or requests not yet answered.
        public var holdsSomething: Bool

        public init(number: Int, permitted: Bool, uid: UInt32, holdsSomething: Bool) {
            self.number = number
            self.permitted = permitted
            self.uid = uid
            self.holdsSomething = holdsSomething
        }
    }

    public enum Decision: Equatable, Sendable {
        case admit
        /// Admit, after closing this connection (by its number).
        case admitClosing(Int)
        /// Close the newcomer unread; why, for the log.
        case refuse(String)
    }

    /// Where a newcomer goes; `holders` are the open connections, oldest first.
    public static func place(permitted: Bool, uid: UInt32, among holders: [Holder]) -> Decision {
        if permitted {
            if uid != 0 {
                let group = holders.filter { $0.permitted && $0.uid != 0 }
                if group.count >= groupPlaces {
                    if let idle = group.first(where: { !$0.holdsSomething }) { return .admitClosing(idle.number) }
                    return .refuse(
                        "the board's plymouth-group holds \(groupPlaces) places, the most it may (the rest are root's), each with a question, a watch or a wait for quit; a newcomer was refused"
                    )
                }
            }
            let mine = holders.filter(\.permitted)
            guard mine.count >= permittedPlaces else { return .admit }
            if let idle = mine.first(where: { !$0.holdsSomething }) { return .admitClosing(idle.number) }
            return .refuse(
                "all \(permittedPlaces) places for root and the board's plymouth-group hold a question, a keystroke watch or a wait for quit; a newcomer was refused so none of them is lost"
            )
        }
        let own = holders.filter { !$0.permitted && $0.uid == uid }
        if own.count >= othersPerUser, let oldest = own.first { return .admitClosing(oldest.number) }
        if holders.filter({ !$0.permitted }).count >= othersInAll {
            return .refuse(
                "\(othersInAll) connections from users who may not drive the splash are already waiting for their NAK; a newcomer was refused"
            )
        }
        return .admit
    }
}
