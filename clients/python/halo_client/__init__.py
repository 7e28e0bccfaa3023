# SPDX-License-Identifier: Apache-2.0
"""Drive Halo's feedback indicators from Python, over the daemon's Unix socket.

The standard library only, Python 3.9 and later. Every method sends one line of Halo's
control language (``halo help control``) and waits for its reply; a reply that is an error
raises the ``HaloError`` subclass named after its code.
"""

import math
import select
import socket
from collections import deque
from typing import Deque, Dict, Iterator, Optional, Type, Union

__all__ = [
    "DEFAULT_SOCKET", "connect", "Client", "Activity", "Event", "HaloError", "Invalid", "UnknownCommand",
    "LabelRequired", "OutOfRange", "UnknownId", "Ended", "Refused", "Limit", "TooLong", "Unsupported",
    "DisplayFailed", "FileFailed", "TimedOut", "Idle", "Busy", "ConnectionLost",
]

DEFAULT_SOCKET = "/run/halo/halo.sock"
#: The longest line the daemon takes, newline included.
LONGEST_LINE = 4096


class HaloError(Exception):
    """A reply ``error CODE: message`` from the daemon, or a lost connection."""

    code = "error"

    def __init__(self, message: str, code: Optional[str] = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class Invalid(HaloError): code = "invalid"
class UnknownCommand(HaloError): code = "unknown-command"
class LabelRequired(HaloError): code = "label-required"
class OutOfRange(HaloError): code = "out-of-range"
class UnknownId(HaloError): code = "unknown-id"
class Ended(HaloError): code = "ended"
class Refused(HaloError): code = "refused"
class Limit(HaloError): code = "limit"
class TooLong(HaloError): code = "too-long"
class Unsupported(HaloError): code = "unsupported"
class DisplayFailed(HaloError): code = "display"
class FileFailed(HaloError): code = "file"
class TimedOut(HaloError): code = "timeout"
class Idle(HaloError): code = "idle"
class Busy(HaloError): code = "busy"
class ConnectionLost(HaloError): code = "connection"


_ERRORS: Dict[str, Type[HaloError]] = {
    cls.code: cls
    for cls in (Invalid, UnknownCommand, LabelRequired, OutOfRange, UnknownId, Ended, Refused, Limit, TooLong,
                Unsupported, DisplayFailed, FileFailed, TimedOut, Idle, Busy)
}


class Event:
    """Something the daemon tells a subscriber: ``shown``, ``paused``, ``resumed``,
    ``cancelled``, ``dismissed``, or a person's request (``cancel-requested``,
    ``pause-requested``, ``resume-requested``) with where it came from (``touch``, ``key``,
    ``gpio``)."""

    __slots__ = ("kind", "id", "source", "line")

    def __init__(self, line: str):
        self.line = line
        words = line.split()
        self.kind = words[0] if words else ""
        self.id = words[1] if len(words) > 1 else None
        self.source = None
        for word in words[2:]:
            if word.startswith("source="):
                self.source = word[len("source="):]

    @property
    def is_request(self) -> bool:
        """A person asked for something; the app decides."""
        return self.kind.endswith("-requested")

    def __repr__(self) -> str:
        return "Event(%r)" % self.line


def quoted(text: str) -> str:
    """Text as a quoted string of the control language."""
    if "\n" in text or "\r" in text:
        raise ValueError("a label is one line: %r has a line break" % text)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _value(value: Union[float, int, str]) -> str:
    """A progress value as the daemon reads it: 0.4, a string such as "40%" or "3/12"."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("a progress value is a number from 0 to 1, or a string such as '40%'")
    if not math.isfinite(value):
        raise ValueError("a progress value is a number from 0 to 1, not %r" % value)
    # Plain digits, whatever the value's size: the daemon reads no exponent.
    return ("%.6f" % value).rstrip("0").rstrip(".") or "0"


class Client:
    """One connection to the daemon. Activities shown on it end when it closes, unless shown
    with ``detached=True`` or a ``lease``."""

    def __init__(self, path: str = DEFAULT_SOCKET, timeout: float = 5.0):
        self.path = path
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.timeout = timeout
        self._socket.settimeout(timeout)
        try:
            self._socket.connect(path)
        except OSError as error:
            self._socket.close()
            raise ConnectionLost("no halo daemon answers at %s (%s); start one with `halo run`" % (path, error)) from None
        self._buffer = b""
        self._events: Deque[Event] = deque()

    # The connection -------------------------------------------------------------------------

    def close(self) -> None:
        self._socket.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _line(self) -> str:
        while b"\n" not in self._buffer:
            try:
                chunk = self._socket.recv(4096)
            except socket.timeout:
                # A late reply would be taken for the next command's: the connection is done.
                self.close()
                raise ConnectionLost("the daemon did not answer in time; the connection is closed") from None
            except OSError as error:
                raise ConnectionLost("lost the daemon: %s" % error) from None
            if not chunk:
                raise ConnectionLost("the daemon closed the connection")
            self._buffer += chunk
            if len(self._buffer) > 64 * 1024 and b"\n" not in self._buffer:
                raise ConnectionLost("the daemon sent a line of more than 64 KiB")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def send(self, line: str) -> str:
        """Sends one line of the control language; returns its reply (``ok ...``), raises
        the error it names. Events that come first are kept for ``subscribe``."""
        data = (line + "\n").encode("utf-8")
        if len(data) > LONGEST_LINE:
            raise TooLong("the line is %d bytes; the daemon takes %d at most" % (len(data), LONGEST_LINE))
        try:
            self._socket.sendall(data)
        except OSError as error:
            raise ConnectionLost("lost the daemon: %s" % error) from None
        while True:
            reply = self._line()
            if reply == "ok" or reply.startswith("ok ") or reply.startswith("ok;"):
                return reply
            if reply.startswith("error "):
                code, _, message = reply[len("error "):].partition(": ")
                raise _ERRORS.get(code, HaloError)(message, code)
            self._events.append(Event(reply))

    # Commands -------------------------------------------------------------------------------

    def show(self, id: str, kind: str, label: Optional[str] = None, value: Union[float, int, str, None] = None,
             **options: Union[str, bool, int]) -> "Activity":
        """Shows an activity: ``kind`` is circular, linear, spinner, checkout, partial or
        network. Options are the control language's (``place="toast"``,
        ``cancellable=True``, ``detached=True``, ``lease="30s"``)."""
        words = ["show", id, kind]
        if label is not None:
            words.append("label=" + quoted(label))
        if value is not None:
            words.append("value=" + _value(value))
        for key, option in options.items():
            text = ("yes" if option else "no") if isinstance(option, bool) else str(option)
            words.append(key.replace("_", "-") + "=" + (quoted(text) if " " in text else text))
        self.send(" ".join(words))
        return Activity(self, id, label)

    def progress(self, id: str, value: Union[float, int, str]) -> None:
        self.send("progress %s %s" % (id, _value(value)))

    def label(self, id: str, text: str) -> None:
        self.send("label %s %s" % (id, quoted(text)))

    def succeed(self, id: str, label: str, persist: bool = False) -> None:
        self.send("succeed %s %s%s" % (id, quoted(label), " persist" if persist else ""))

    def fail(self, id: str, label: str) -> None:
        """Ends an activity in failure: ``label`` says what failed and what to do."""
        self.send("fail %s %s" % (id, quoted(label)))

    def dismiss(self, id: str) -> None:
        self.send("dismiss " + id)

    def cancel(self, id: str) -> None:
        self.send("cancel " + id)

    def pause(self, id: str) -> None:
        self.send("pause " + id)

    def resume(self, id: str) -> None:
        self.send("resume " + id)

    def toast(self, text: str, long: bool = False) -> None:
        self.send("toast %s%s" % (quoted(text), " long" if long else ""))

    def sync(self, wait: bool = True) -> str:
        """Draws now; with ``wait``, answers once everything sent before shows."""
        return self.send("sync wait" if wait else "sync")

    def subscribe(self, timeout: Optional[float] = None) -> Iterator[Event]:
        """Asks for this connection's events at once, and returns an iterator of them as they
        come, until the connection ends; with ``timeout``, also after that many seconds
        without one. A person's requests about an activity go to the connection that showed
        it: subscribe on that one, and keep sending on it (events that arrive meanwhile
        wait in the iterator)."""
        self.send("subscribe")
        return self._event_stream(timeout)

    def _event_stream(self, timeout: Optional[float]) -> Iterator[Event]:
        while True:
            while self._events:
                yield self._events.popleft()
            if self._socket.fileno() < 0:
                return
            ready = select.select([self._socket], [], [], timeout)[0] if b"\n" not in self._buffer else True
            if not ready:
                return
            try:
                line = self._line()
            except ConnectionLost:
                return
            if not (line == "ok" or line.startswith("ok ") or line.startswith("error ")):
                yield Event(line)


class Activity:
    """An activity shown on a connection. As a context manager, an exception inside ends it in
    ``fail`` with the exception's text; leaving it otherwise, still running, ends it in
    ``succeed`` with its label."""

    def __init__(self, client: Client, id: str, label: Optional[str]):
        self.client = client
        self.id = id
        self.label = label
        self.ended = False

    def progress(self, value: Union[float, int, str]) -> None:
        self.client.progress(self.id, value)

    def succeed(self, label: str, persist: bool = False) -> None:
        self.client.succeed(self.id, label, persist)
        self.ended = True

    def fail(self, label: str) -> None:
        self.client.fail(self.id, label)
        self.ended = True

    def dismiss(self) -> None:
        self.client.dismiss(self.id)
        self.ended = True

    def __enter__(self) -> "Activity":
        return self

    def __exit__(self, kind, error, trace) -> bool:
        if self.ended:
            return False
        if error is not None:
            what = str(error) or kind.__name__
            self.fail("%s failed: %s" % (self.label or self.id, what.splitlines()[0][:160]))
        else:
            self.succeed(self.label or "Done")
        return False


def connect(path: str = DEFAULT_SOCKET, timeout: float = 5.0) -> Client:
    """A connection to the daemon at ``path``."""
    return Client(path, timeout)
