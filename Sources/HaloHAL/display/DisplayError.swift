// SPDX-License-Identifier: Apache-2.0
/// A display failure, worded for the person running Halo.
public struct DisplayError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
