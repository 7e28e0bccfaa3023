/// An LED ring output's failure, worded for the person running Halo: the device, the cause
/// and the fix.
public struct RingError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
