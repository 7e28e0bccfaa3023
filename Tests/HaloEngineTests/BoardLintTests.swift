// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

@Suite("Board lint: contrast as WCAG measures it, and timings that would flash")
struct BoardLintTests {
    @Test("contrast ratios match WCAG's worked values")
    func ratios() {
        #expect(Contrast.ratioTenths(Color(rgb: 0x000000), Color(rgb: 0xFFFFFF)) == 210)
        #expect(Contrast.ratioTenths(Color(rgb: 0x3A3A3C), Color(rgb: 0x3A3A3C)) == 10)
        // #767676 on white is the lightest grey that passes 4.5:1; #777777 just fails.
        #expect(Contrast.ratioTenths(Color(rgb: 0x767676), Color(rgb: 0xFFFFFF)) == 45)
        #expect(Contrast.ratioTenths(Color(rgb: 0x777777), Color(rgb: 0xFFFFFF)) == 44)
        #expect(Contrast.ratioTenths(Color(rgb: 0xFFFFFF), Color(rgb: 0x767676)) == 45, "either order")
    }

    @Test("the default theme and policy pass")
    func defaults() {
        #expect(BoardLint.findings(theme: Theme(), policy: Policy()) == [])
    }

    @Test("an indicator too close to its track or the background, and grey text, are named with their ratios")
    func lowContrast() {
        var t = Theme()
        t.track = Color(rgb: 0x1060D0)
        t.background = Color(rgb: 0x0050A0)
        t.text = Color(rgb: 0x404040)
        let found = BoardLint.findings(theme: t, policy: Policy())
        #expect(found.map(\.rule) == [.lowContrast, .lowContrast, .lowContrast, .lowTextContrast], "\(found)")
        #expect(found.map { $0.detail }.first == "indicator on the background: 2.1:1, #0A84FF on #0050A0")
        #expect(found.map { $0.detail }.dropFirst().first == "indicator on its track: 1.5:1, #0A84FF on #1060D0")
        #expect(found.map { $0.detail }.dropFirst(2).first == "error on the background: 2.3:1, #FF453A on #0050A0")
    }

    @Test("timings that let an indicator or a toast come and go more than 3 times a second are named")
    func fastFlash() {
        var p = Policy()
        p.showDelay = Milliseconds(100)
        p.minimumVisible = Milliseconds(200)
        p.toastShort = Milliseconds(250)
        let found = BoardLint.findings(theme: Theme(), policy: p)
        #expect(found.map(\.rule) == [.fastFlash, .fastFlash], "\(found)")
        p.minimumVisible = Milliseconds(234)
        p.toastShort = Milliseconds(2000)
        #expect(BoardLint.findings(theme: Theme(), policy: p) == [])
    }
}
