// SPDX-License-Identifier: Apache-2.0
/// A display mode asked for by size and, optionally, refresh rate: `800x480` or `800x480@60`.
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public var width: Int32
    public var height: Int32
    public var refresh: Int32?

    public init(width: Int32, height: Int32, refresh: Int32? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    public init?(parsing text: String) {
        let atSplit = text.split(separator: "@", omittingEmptySubsequences: false)
        guard atSplit.count <= 2 else { return nil }
        let size = atSplit[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int32(size[0]), let h = Int32(size[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
        if atSplit.count == 2 {
            guard let r = Int32(atSplit[1]), r > 0 else { return nil }
            refresh = r
        }
    }

    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }
}
