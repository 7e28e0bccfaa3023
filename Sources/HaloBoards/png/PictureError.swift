// SPDX-License-Identifier: Apache-2.0
/// Why a picture (a PNG file) cannot be shown, in words that name the problem and the fix.
public struct PictureError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
