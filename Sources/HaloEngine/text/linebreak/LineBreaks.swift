// SPDX-License-Identifier: Apache-2.0
/// Where a line may end, by the Unicode Line Breaking Algorithm (UAX #14) with its numbers
/// tailored as in the standard's example 7 (the form Unicode's LineBreakTest.txt checks).
public enum LineBreaks {
    public enum Opportunity: UInt8, Sendable {
        case prohibited, allowed, mandatory
    }

    /// For each scalar, whether a line may end just before it. The first is always prohibited
    /// (LB2); the end of the text is always a break (LB3) and has no entry.
    public static func opportunities(_ scalars: [Unicode.Scalar]) -> [Opportunity] {
        var result = [Opportunity](repeating: .prohibited, count: scalars.count)
        let units = BreakUnit.units(of: scalars)
        for k in units.indices.dropFirst() {
            result[units[k].start] = between(units, k)
        }
        return result
    }

    /// The opportunity between unit k - 1 and unit k, rules LB4 to LB31 in order.
    static func between(_ units: [BreakUnit], _ k: Int) -> Opportunity {
        let a = units[k - 1]
        let b = units[k]
        if let hard = hardBreak(a.lineClass, b.lineClass) { return hard }
        if a.lastBeforeSpaces == .zeroWidthSpace { return .allowed }  // LB8
        if a.endsWithJoiner { return .prohibited }  // LB8a
        if let rule = punctuation(a, b) { return rule }
        if let rule = around(units, k) { return rule }
        if numbers(units, k) || hangul(a.lineClass, b.lineClass) { return .prohibited }
        return pictographs(a, b) ? .prohibited : .allowed
    }

    /// LB4 to LB7: after a hard line break, and never before one, a space or a zero width space.
    static func hardBreak(_ a: LineBreakClass, _ b: LineBreakClass) -> Opportunity? {
        switch a {
        case .mandatory, .lineFeed, .nextLine: return .mandatory
        case .carriageReturn: return b == .lineFeed ? .prohibited : .mandatory
        default: break
        }
        switch b {
        case .mandatory, .carriageReturn, .lineFeed, .nextLine, .space, .zeroWidthSpace: return .prohibited
        default: return nil
        }
    }

    /// LB11 to LB18: joiners, glue, closing punctuation, openings and spaces.
    static func punctuation(_ a: BreakUnit, _ b: BreakUnit) -> Opportunity? {
        let before = a.lastBeforeSpaces
        switch (a.lineClass, b.lineClass) {
        case (.wordJoiner, _), (_, .wordJoiner), (.glue, _): return .prohibited
        case (let first, .glue) where first != .space && first != .breakAfter && first != .hyphen: return .prohibited
        case (_, .closePunctuation), (_, .closeParenthesis), (_, .exclamation), (_, .infixSeparator), (_, .symbol):
            return .prohibited
        default: break
        }
        switch (before, b.lineClass) {
        case (.openPunctuation?, _), (.quotation?, .openPunctuation), (.closePunctuation?, .nonStarter),
            (.closeParenthesis?, .nonStarter), (.breakBoth?, .breakBoth):
            return .prohibited
        default: return a.lineClass == .space ? .allowed : nil
        }
    }

    /// LB19 to LB24: quotation marks, contingent breaks, characters that stay with their
    /// neighbour, and letters beside numbers, prefixes and postfixes.
    static func around(_ units: [BreakUnit], _ k: Int) -> Opportunity? {
        let a = units[k - 1].lineClass
        let b = units[k].lineClass
        if a == .quotation || b == .quotation { return .prohibited }
        if a == .contingent || b == .contingent { return .allowed }
        if b == .breakAfter || b == .hyphen || b == .nonStarter || a == .breakBefore { return .prohibited }
        if k >= 2 && units[k - 2].lineClass == .hebrewLetter && (a == .hyphen || a == .breakAfter) { return .prohibited }
        if a == .symbol && b == .hebrewLetter || b == .inseparable { return .prohibited }
        if a.isLetter && b == .numeric || a == .numeric && b.isLetter { return .prohibited }
        if a == .prefix && b.isIdeographOrEmoji || a.isIdeographOrEmoji && b == .postfix { return .prohibited }
        if a.isAffix && b.isLetter || a.isLetter && b.isAffix { return .prohibited }
        return nil
    }

    /// LB25 in the regular-expression form of UAX #14's example 7: a number keeps its sign,
    /// opening mark, separators, closing mark and currency or percent sign.
    static func numbers(_ units: [BreakUnit], _ k: Int) -> Bool {
        let a = units[k - 1]
        let b = units[k].lineClass
        let affix = a.lineClass.isAffix
        let leadIn = b == .openPunctuation || b == .hyphen
        if affix && (b == .numeric || leadIn && k + 1 < units.count && units[k + 1].lineClass == .numeric) { return true }
        if (a.lineClass == .openPunctuation || a.lineClass == .hyphen) && b == .numeric { return true }
        switch b {
        case .numeric, .symbol, .infixSeparator, .closePunctuation, .closeParenthesis: return a.inNumber
        case .prefix, .postfix: return a.inNumber || a.closesNumber
        default: return false
        }
    }

    /// LB26 and LB27: Korean syllable blocks, and Hangul beside a prefix or postfix.
    static func hangul(_ a: LineBreakClass, _ b: LineBreakClass) -> Bool {
        switch (a, b) {
        case (.hangulLeadingJamo, .hangulLeadingJamo), (.hangulLeadingJamo, .hangulVowelJamo),
            (.hangulLeadingJamo, .hangulSyllableLV), (.hangulLeadingJamo, .hangulSyllableLVT),
            (.hangulVowelJamo, .hangulVowelJamo), (.hangulVowelJamo, .hangulTrailingJamo),
            (.hangulSyllableLV, .hangulVowelJamo), (.hangulSyllableLV, .hangulTrailingJamo),
            (.hangulTrailingJamo, .hangulTrailingJamo), (.hangulSyllableLVT, .hangulTrailingJamo):
            return true
        case (.hangulLeadingJamo, .postfix), (.hangulVowelJamo, .postfix), (.hangulTrailingJamo, .postfix),
            (.hangulSyllableLV, .postfix), (.hangulSyllableLVT, .postfix):
            return true
        case (.prefix, .hangulLeadingJamo), (.prefix, .hangulVowelJamo), (.prefix, .hangulTrailingJamo),
            (.prefix, .hangulSyllableLV), (.prefix, .hangulSyllableLVT):
            return true
        default: return false
        }
    }

    /// LB28 to LB30b: words, infix separators before letters, narrow brackets against words,
    /// flag pairs and emoji with their modifiers.
    static func pictographs(_ a: BreakUnit, _ b: BreakUnit) -> Bool {
        if (a.lineClass.isLetter || a.lineClass == .infixSeparator) && b.lineClass.isLetter { return true }
        let wordOrNumber = a.lineClass.isLetter || a.lineClass == .numeric
        if wordOrNumber && b.lineClass == .openPunctuation && !b.eastAsianWide { return true }
        if a.lineClass == .closeParenthesis && !a.eastAsianWide && (b.lineClass.isLetter || b.lineClass == .numeric) {
            return true
        }
        if a.lineClass == .regionalIndicator && b.lineClass == .regionalIndicator && a.oddRegionalIndicator { return true }
        return b.lineClass == .emojiModifier && (a.lineClass == .emojiBase || a.unassignedPictographic)
    }
}
