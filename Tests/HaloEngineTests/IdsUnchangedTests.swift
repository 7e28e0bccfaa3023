// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

/// The daemon's every-frame check of which activities exist and show (`Engine.idsUnchanged`):
/// it must notice each change the shown and dismissed events report.
@Suite("Engine: ids compared in place each frame")
struct IdsUnchangedTests {
    @Test("the lists just read are unchanged; a new activity, one that starts showing, and one dismissed are changes")
    func changes() throws {
        let e = makeEngine()
        func same(_ ms: Int64) -> Bool {
            let now = Instant.milliseconds(ms)
            return e.idsUnchanged(visible: e.visibleIDs(at: now), existing: e.activityIDs(at: now), at: now)
        }
        #expect(same(0), "no activities: two empty lists")
        try e.run("show up circular value=40%", at: 0)
        #expect(e.idsUnchanged(visible: [], existing: [], at: .milliseconds(0)) == false, "one began")
        #expect(same(10))
        let visibleEarly = e.visibleIDs(at: .milliseconds(10)), existingEarly = e.activityIDs(at: .milliseconds(10))
        #expect(visibleEarly.isEmpty, "still within its show delay")
        #expect(!e.idsUnchanged(visible: visibleEarly, existing: existingEarly, at: .milliseconds(5000)), "it began to show")
        #expect(same(5000))
        try e.run("show net network", at: 5000)
        #expect(!e.idsUnchanged(visible: ["up"], existing: ["up"], at: .milliseconds(5000)), "a second began")
        #expect(!e.idsUnchanged(visible: ["up"], existing: ["net", "up"], at: .milliseconds(5000)), "the order counts")
        try e.run("dismiss up", at: 6000)
        #expect(!e.idsUnchanged(visible: ["up"], existing: ["up", "net"], at: .milliseconds(6000)), "one was dismissed")
    }
}
