// SPDX-License-Identifier: Apache-2.0
/// The places a line may end in one text, found once per layout.
struct LineEnds {
    /// Each allowed end, and after each one whether the line must end there.
    private var ends: [String.Index] = []
    private var mandatory: [Bool] = []

    /// Only ends between whole characters count: UAX #14 allows a break between a space and a
    /// combining mark on it, which would leave the mark alone at the start of a line.
    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var index = text.unicodeScalars.startIndex
        var character = text.startIndex
        for opportunity in LineBreaks.opportunities(scalars) {
            while character < index { text.formIndex(after: &character) }
            if opportunity != .prohibited && character == index {
                ends.append(index)
                mandatory.append(opportunity == .mandatory)
            }
            text.unicodeScalars.formIndex(after: &index)
        }
        ends.append(text.endIndex)
        mandatory.append(true)
    }

    /// The ends a line starting at `from` may take: those after it, up to the first it must take.
    func candidates(after from: String.Index) -> ArraySlice<String.Index> {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > from { high = middle } else { low = middle + 1 }
        }
        var last = low
        while !mandatory[last] { last += 1 }
        return ends[low...last]
    }
}
