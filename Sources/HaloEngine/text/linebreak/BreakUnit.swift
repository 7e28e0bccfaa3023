// SPDX-License-Identifier: Apache-2.0
/// A character with the combining marks and joiners that rule LB9 keeps with it, as the later
/// rules see it, and what those rules need to know of the units before it.
struct BreakUnit {
    /// The unit's first scalar.
    var start: Int
    var lineClass: LineBreakClass
    var eastAsianWide: Bool
    var unassignedPictographic: Bool
    /// Its last scalar is a zero width joiner (LB8a).
    var endsWithJoiner: Bool
    /// The class of the last unit before this one's run of spaces, or this one's own when it is
    /// not a space; nil for spaces at the start of the text (LB8, LB14 to LB17).
    var lastBeforeSpaces: LineBreakClass?
    /// The text up to here ends in a number: NU (NU | SY | IS)* (LB25).
    var inNumber: Bool
    /// This unit closes a number: the CL or CP straight after one (LB25).
    var closesNumber: Bool
    /// This is a regional indicator after an even number of them (LB30a).
    var oddRegionalIndicator: Bool

    static func units(of scalars: [Unicode.Scalar]) -> [BreakUnit] {
        var units: [BreakUnit] = []
        units.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            let property = LineBreakProperty(of: scalar)
            let joiner = property.lineClass == .zeroWidthJoiner
            if joiner || property.lineClass == .combiningMark, let last = units.last, last.takesMarks {
                units[units.count - 1].endsWithJoiner = joiner  // LB9
                continue
            }
            units.append(BreakUnit(start: index, property: property, joiner: joiner, after: units.last))
        }
        return units
    }

    init(start: Int, property: LineBreakProperty, joiner: Bool, after previous: BreakUnit?) {
        self.start = start
        // LB10: a mark or joiner with nothing to attach to is a letter.
        let lineClass = joiner || property.lineClass == .combiningMark ? .alphabetic : property.lineClass
        self.lineClass = lineClass
        eastAsianWide = property.eastAsianWide
        unassignedPictographic = property.unassignedPictographic
        endsWithJoiner = joiner
        lastBeforeSpaces = lineClass == .space ? previous?.lastBeforeSpaces : lineClass
        let numberBefore = previous?.inNumber ?? false
        switch lineClass {
        case .numeric: inNumber = true
        case .symbol, .infixSeparator: inNumber = numberBefore
        default: inNumber = false
        }
        closesNumber = (lineClass == .closePunctuation || lineClass == .closeParenthesis) && numberBefore
        let regionalBefore = previous.map { $0.lineClass == .regionalIndicator && $0.oddRegionalIndicator } ?? false
        oddRegionalIndicator = lineClass == .regionalIndicator && !regionalBefore
    }

    /// LB9 attaches marks to anything but a hard break or a space of either kind.
    var takesMarks: Bool {
        switch lineClass {
        case .mandatory, .carriageReturn, .lineFeed, .nextLine, .space, .zeroWidthSpace: false
        default: true
        }
    }
}
