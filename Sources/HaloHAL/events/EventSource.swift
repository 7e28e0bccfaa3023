// SPDX-License-Identifier: Apache-2.0
/// Something the daemon's loop waits on: a descriptor that becomes readable when there is news
/// (a DRM page flip done, a signal, a psplash message, next an input event), and what to do
/// then. The loop polls every source it holds in one `poll` with its clients.
public protocol EventSource: AnyObject {
    /// Polled for reading (and writing, while `wantsToWrite`); a negative one is skipped.
    var descriptor: Int32 { get }
    /// False while the source would rather not be told its descriptor is readable (it has
    /// work of its own to finish first); it is still told of a hang-up or an error.
    var wantsToRead: Bool { get }
    /// True while the source has bytes waiting for its descriptor to take them.
    var wantsToWrite: Bool { get }
    /// Reads what made `descriptor` readable (or writes what it can take) and acts on it,
    /// without blocking. Also called once `deadlineMicroseconds` has passed, ready or not.
    func handle()
    /// When the source wants `handle` called even if nothing arrives (a time-out of its own),
    /// in microseconds on the loop's monotonic clock; nil for never.
    var deadlineMicroseconds: Int64? { get }
    /// True once the source has nothing more to say (an input device unplugged): the loop
    /// stops polling it and lets it go.
    var finished: Bool { get }
}

extension EventSource {
    public var wantsToRead: Bool { true }
    public var wantsToWrite: Bool { false }
    public var deadlineMicroseconds: Int64? { nil }
    public var finished: Bool { false }
}

/// An event source made of a descriptor and what to do when it is readable: for the loop's
/// own descriptors (its signalfd, a psplash FIFO).
public final class DescriptorEvents: EventSource {
    public let descriptor: Int32
    let onReadable: () -> Void
    let deadline: () -> Int64?

    /// `deadline` gives the source's own time-out, if it has one now.
    public init(_ descriptor: Int32, deadline: @escaping () -> Int64? = { nil }, onReadable: @escaping () -> Void) {
        self.descriptor = descriptor
        self.deadline = deadline
        self.onReadable = onReadable
    }

    public func handle() { onReadable() }
    public var deadlineMicroseconds: Int64? { deadline() }
}
