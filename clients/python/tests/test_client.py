# SPDX-License-Identifier: Apache-2.0
"""halo_client against a real `halo run` on the mock display. HALO_BINARY names the halo
command to start (the Swift tests pass the one they built); without it these tests skip."""

import os
import subprocess
import tempfile
import time
import unittest

import halo_client

HALO = os.environ.get("HALO_BINARY")


@unittest.skipUnless(HALO, "HALO_BINARY is not set: run through `swift test` or name a built halo")
class AgainstTheDaemon(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="halo-python-")
        self.socket = os.path.join(self.dir, "halo.sock")
        self.daemon = subprocess.Popen([HALO, "run", "--board", "mock-480x480", "--socket", self.socket],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(500):
            if os.path.exists(self.socket):
                break
            time.sleep(0.02)
        self.halo = halo_client.connect(self.socket)

    def tearDown(self):
        self.halo.close()
        self.daemon.terminate()
        self.daemon.wait(10)

    def test_show_progress_succeed(self):
        with self.halo.show("upload", "circular", label='Uploading "holiday" photos \\ 2024') as upload:
            for done in range(1, 5):
                upload.progress(done / 4)
            upload.succeed("Photos uploaded")
        self.assertTrue(upload.ended)
        self.assertTrue(self.halo.sync().startswith("ok"))

    def test_an_exception_ends_the_activity_in_fail(self):
        with self.assertRaises(KeyError):
            with self.halo.show("copy", "linear", label="Copying", value=0.1) as copy:
                raise KeyError("the disk is gone")
        self.assertTrue(copy.ended)
        with self.assertRaises(halo_client.Ended):
            self.halo.progress("copy", 0.5)

    def test_errors_are_typed_after_the_daemons_codes(self):
        with self.assertRaises(halo_client.UnknownId) as caught:
            self.halo.progress("nobody", 0.5)
        self.assertEqual(caught.exception.code, "unknown-id")
        with self.assertRaises(halo_client.OutOfRange):
            self.halo.show("big", "circular", value=2)
        with self.assertRaises(halo_client.Refused):
            self.halo.show("spin", "spinner")
            self.halo.show("spin", "circular")
        with self.assertRaises(halo_client.Invalid):
            self.halo.show("odd", "hexagonal")
        with self.assertRaises(ValueError):
            self.halo.label("spin", "two\nlines")
        with self.assertRaises(halo_client.ConnectionLost):
            halo_client.connect(os.path.join(self.dir, "none.sock"))

    def test_subscribe_hears_a_persons_cancel_request(self):
        self.halo.show("job", "circular", label="Working", value=0.3, cancellable=True)
        time.sleep(0.8)  # past the board's show delay: the stop icon is on the screen
        events = self.halo.subscribe(timeout=3)
        # The mock display's stand-in for a finger on the stop icon.
        with halo_client.connect(self.socket) as person:
            person.send("person tap-icon job")
        heard = []
        for event in events:
            heard.append(event)
            if event.is_request:
                break
        requests = [e for e in heard if e.is_request]
        self.assertEqual([(e.kind, e.id, e.source) for e in requests], [("cancel-requested", "job", "touch")], heard)


if __name__ == "__main__":
    unittest.main()
