// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

/// `halo wrap`'s reading of a command's output, on lines as the programs print them (the
/// real programs' own output is read in HaloCommandTests' WrapCommandTests).
@Suite("Percentages read from a command's output")
struct CommandProgressTests {
    /// Every percentage reported, fed a byte at a time.
    func readings(_ text: String, total: UInt64? = nil) -> [Int] {
        var progress = CommandProgress(totalBytes: total)
        var out: [Int] = []
        for byte in text.utf8 { if let p = progress.feed([byte]) { out.append(p) } }
        if let p = progress.finish() { out.append(p) }
        return out
    }

    /// The last percentage reported, fed in `pieces` pieces (each feed reports its newest).
    func last(_ text: String, pieces: Int) -> Int? {
        var progress = CommandProgress()
        let bytes = Array(text.utf8)
        var newest: Int?
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        for start in stride(from: 0, to: bytes.count, by: size) {
            if let p = progress.feed(bytes[start..<min(bytes.count, start + size)]) { newest = p }
        }
        return progress.finish() ?? newest
    }

    @Test("pv's, rsync's, curl's and wget's bars, rewritten with carriage returns, cut anywhere")
    func bars() {
        let pv = "1.00MiB 0:00:01 [1.00MiB/s] [==>      ] 10% ETA 0:00:09\r5.00MiB 0:00:05 [1.00MiB/s] [=====>   ] 50% ETA 0:00:05\r"
        let rsync = "      3,000,000  10%    1.07MB/s    0:00:02\r     30,000,000 100%    1.07GB/s    0:00:00 (xfr#1, to-chk=0/1)\n"
        let curlBar = "#######                                                    10.4%\r####################################### 66.7%\r"
        let wget = "big.bin              45%[========>          ]  13.0M  6.50MB/s    eta 2s     \r"
        #expect(readings(pv) == [10, 50])
        #expect(readings(rsync) == [10, 100])
        #expect(readings(curlBar) == [10, 66])
        #expect(readings(wget) == [45])
        for pieces in [1, 3, 17] {
            #expect(last(pv, pieces: pieces) == 50 && last(rsync, pieces: pieces) == 100 && last(curlBar, pieces: pieces) == 66)
        }
    }

    @Test("curl's meter: after its header, a line's first number is the percentage")
    func curlMeter() {
        let meter = """
              % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                             Dload  Upload   Total   Spent    Left  Speed
            \r  0 28.6M    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\r 45 28.6M   45 13.0M    0     0  9.9M      0  0:00:02  0:00:01  0:00:01 9.9M\r100 28.6M  100 28.6M    0     0  10.0M      0  0:00:02  0:00:02 --:--:-- 10.0M

            """
        #expect(readings(meter) == [0, 45, 100])
        // Without the header, a line starting with a number is no percentage.
        #expect(readings(" 45 28.6M   45 13.0M\n").isEmpty)
    }

    @Test("dd's byte counts, given the total; without it they say nothing")
    func ddBytes() {
        let dd = "10485760 bytes (10 MB, 10 MiB) copied, 1 s, 10.5 MB/s\r52428800 bytes (52 MB, 50 MiB) copied, 5 s, 10.5 MB/s\r"
        #expect(readings(dd, total: 104_857_600) == [10, 50])
        #expect(readings(dd).isEmpty)
        #expect(readings("999999999999999999 bytes copied\r", total: 10) == [100])
    }

    @Test("forward only, 0 to 100, whole: a new file's bar, 250 %, a fraction, a price in a sentence")
    func onlyForward() {
        #expect(readings("50%\n20%\n60%\n") == [50, 60])
        #expect(readings("250%\n1000000000000000000000%\n99.9%\n") == [99])
        #expect(readings("v1.5% 3.14 and 12.5%\n") == [12])
    }

    @Test("a minus sign makes no percentage: -5%, a Unicode minus, a change of -40%; a range 10-20% still reads its end")
    func negative() {
        #expect(readings("-5%\n").isEmpty)
        #expect(readings("\u{2212}5%\n").isEmpty)
        #expect(readings("30%\nchange: -40%\n") == [30], "a later negative figure is not progress either")
        #expect(readings("step 2: 10-20%\n") == [20])
        #expect(readings("-\n5%\n") == [5], "a minus on the line before is no sign")
    }

    @Test("hostile output: a megabyte with no line end costs 512 bytes; binary noise; digits without end")
    func hostile() {
        var progress = CommandProgress()
        let noise = [UInt8](repeating: 0x39, count: 1 << 20)
        #expect(progress.feed(noise) == nil)
        #expect(progress.feed(Array("\n".utf8)) == nil)
        #expect(progress.feed([0xFF, 0x00, 0x25, 0x31, 0x25, 0x0A]) == 1)
        #expect(progress.feed(Array("7%".utf8)) == nil)
        #expect(progress.finish() == 7)
    }
}
