// SPDX-License-Identifier: Apache-2.0
/// A code point's class in the Unicode Line Breaking Algorithm (UAX #14), after rule LB1 as
/// `.ci/linebreak-table` resolves it: ambiguous, surrogate and unknown code points are
/// alphabetic, conditional Japanese starters are non-starters, and the South East Asian scripts
/// (Thai, Lao, Khmer, Myanmar) are alphabetic with combining marks, so they break only at spaces.
/// The cases follow the table's order; each notes the property value it stands for.
enum LineBreakClass: UInt8 {
    case mandatory  // BK
    case carriageReturn  // CR
    case lineFeed  // LF
    case nextLine  // NL
    case space  // SP
    case zeroWidthSpace  // ZW
    case zeroWidthJoiner  // ZWJ
    case combiningMark  // CM
    case wordJoiner  // WJ
    case glue  // GL
    case breakAfter  // BA
    case hyphen  // HY
    case breakBefore  // BB
    case breakBoth  // B2
    case contingent  // CB
    case closePunctuation  // CL
    case closeParenthesis  // CP
    case exclamation  // EX
    case infixSeparator  // IS
    case symbol  // SY
    case openPunctuation  // OP
    case quotation  // QU
    case nonStarter  // NS
    case inseparable  // IN
    case numeric  // NU
    case prefix  // PR
    case postfix  // PO
    case alphabetic  // AL
    case hebrewLetter  // HL
    case ideographic  // ID
    case emojiBase  // EB
    case emojiModifier  // EM
    case hangulLeadingJamo  // JL
    case hangulVowelJamo  // JV
    case hangulTrailingJamo  // JT
    case hangulSyllableLV  // H2
    case hangulSyllableLVT  // H3
    case regionalIndicator  // RI
}

/// One code point's entry in the generated table.
struct LineBreakProperty {
    var lineClass: LineBreakClass
    /// An opening or closing mark of East Asian width F, W or H, which rule LB30 leaves out.
    var eastAsianWide: Bool
    /// An unassigned code point reserved for pictographs, which rule LB30b keeps with a
    /// following emoji modifier.
    var unassignedPictographic: Bool

    init(of scalar: Unicode.Scalar) {
        // The last range starting at or before the scalar. Every key has the low byte all
        // ones, so it sorts after every entry of its own code point.
        let key = scalar.value << 8 | 0xFF
        var low = 0
        var high = lineBreakRanges.count
        while low < high {
            let middle = (low + high) / 2
            if lineBreakRanges[middle] <= key { low = middle + 1 } else { high = middle }
        }
        let entry = low > 0 ? lineBreakRanges[low - 1] : 0
        lineClass = LineBreakClass(rawValue: UInt8(entry & 0x3F)) ?? .alphabetic
        eastAsianWide = entry & 0x40 != 0
        unassignedPictographic = entry & 0x80 != 0
    }
}

extension LineBreakClass {
    var isLetter: Bool { self == .alphabetic || self == .hebrewLetter }
    var isAffix: Bool { self == .prefix || self == .postfix }
    var isIdeographOrEmoji: Bool { self == .ideographic || self == .emojiBase || self == .emojiModifier }
}
