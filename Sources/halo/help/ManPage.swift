// SPDX-License-Identifier: Apache-2.0
/// halo(1), made from the same text as `halo help`: the Debian package installs what
/// `halo help --man` prints.
enum ManPage {
    static var text: String {
        var out = """
            .TH HALO 1 "" "halo \(HelpCommand.version)" "User Commands"
            .SH NAME
            halo \\- feedback indicators for embedded Linux screens and LED rings
            .SH SYNOPSIS
            .B halo
            .I COMMAND
            [\\fIOPTIONS\\fR]
            .SH DESCRIPTION
            Halo draws progress circles and bars, spinners, toasts and checkout overlays on DRM/KMS
            and fbdev screens, and shows the same states on LED rings on SPI, GPIO or the kernel's
            LED class. \\fBhalo run\\fR is the daemon; apps talk to it with \\fBhalo ctl\\fR or on its
            Unix socket.
            .SH COMMANDS

            """
        for c in CommandHelp.all {
            out += ".SS \(escape(c.name))\n.B \(escape(c.usage))\n.PP\n\(escape(c.summary))\n"
            for o in c.options {
                out += ".TP\n.B \(escape(o.name))\n\(escape(o.meaning)) (default: \(escape(o.byDefault)))\n"
            }
            out += ".PP\nExample:\n.RS\n.B \(escape(c.example))\n.RE\n"
        }
        out += ".SH CONTROL LANGUAGE\n.nf\n"
        for line in ControlHelp.text.split(separator: "\n", omittingEmptySubsequences: false) { out += escape(String(line)) + "\n" }
        out += """
            .fi
            .SH FILES
            .TP
            .I /etc/halo/board.yaml
            the board \\fBhalo run\\fR and \\fBhalo leds\\fR use without \\-\\-board
            .TP
            .I /etc/halo/boards/
            the owner's board profiles, found before the shipped ones
            .TP
            .I /usr/share/halo/boards/
            the board profiles shipped with Halo
            .TP
            .I /run/halo/halo.sock
            the daemon's socket
            .SH EXIT STATUS
            0 on success, 1 when something failed (or a reply was an error, or lint found something),
            2 for a wrong command line.

            """
        return out
    }

    /// Text as roff shows it: backslashes doubled, minus signs kept, no line read as a request.
    static func escape(_ text: String) -> String {
        var s = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        return s
    }
}

extension String {
    /// Every `target` replaced by `replacement` (Foundation's replacingOccurrences, which the
    /// product does without).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
