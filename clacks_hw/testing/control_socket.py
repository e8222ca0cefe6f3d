"""An emulator's control socket: a Unix socket only its owner can connect to, taking one
command per line and answering each with one line.

The socket is made 0600 whatever the umask: it is bound inside a fresh 0700 folder (nobody
else can reach it there), its mode set, and only then renamed into place. A line is at most
:data:`MAX_LINE` bytes; a longer one ends that connection with an error, so a client cannot
fill the memory.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from ..base.errors import ClacksError

MAX_LINE = 4096
MAX_PATH = 107  # bytes in a Unix socket's address (sun_path, less its NUL) on Linux


class ControlError(ClacksError, OSError):
    """The control socket cannot be made at that path; the message says why and what to do."""


def bind_private(path: str | os.PathLike) -> socket.socket:
    """A listening Unix socket at ``path`` with mode 0600, whatever the process's umask.

    An existing socket nobody answers on (left by an emulator that was killed) is replaced;
    anything else at ``path`` is refused, never removed."""
    path = Path(path)
    if len(os.fsencode(path)) > MAX_PATH:
        raise ControlError(f"--control {path}: longer than the {MAX_PATH} bytes a Unix socket's "
                           "path may have: choose a shorter one")
    _check_free(path)
    try:
        private = tempfile.mkdtemp(prefix=".clacks-", dir=path.parent)  # mode 0700
    except OSError as exc:
        raise ControlError(f"--control {path}: cannot create a file in {path.parent}: {exc.strerror}") from None
    inside = os.path.join(private, "s")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(inside)
        os.chmod(inside, 0o600)
        sock.listen(8)
        os.rename(inside, path)
    except OSError as exc:
        sock.close()
        raise ControlError(f"--control {path}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(inside)
        with contextlib.suppress(OSError):
            os.rmdir(private)
    return sock


def _check_free(path: Path) -> None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ControlError(f"--control {path}: {exc.strerror}") from None
    if not stat.S_ISSOCK(st.st_mode):
        raise ControlError(f"--control {path}: something else is there (not a socket): "
                           "choose another path, or remove it yourself")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(str(path))
        except OSError:
            return  # a stale socket: nobody listens any more
    raise ControlError(f"--control {path}: another emulator answers there: stop it, or choose another path")


class ControlServer:
    """Serves ``run_line(text) -> (reply, quit)`` on a private socket at ``path``, each client
    in a thread of its own; ``on_quit`` is called when a client sends quit."""

    def __init__(self, path: str | os.PathLike, run_line: Callable[[str], tuple[str, bool]],
                 on_quit: Callable[[], None]) -> None:
        self.path = Path(path)
        self.run_line, self.on_quit = run_line, on_quit
        self.sock = bind_private(self.path)
        self._inode = os.stat(self.path).st_ino
        self._closed = threading.Event()
        self._clients: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._accept, name="emulate-control", daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return  # closed
            with self._lock:
                self._clients.add(conn)
            threading.Thread(target=self._serve, args=(conn,), name="emulate-client", daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        try:
            with conn, conn.makefile("rb") as rfile:
                while raw := rfile.readline(MAX_LINE + 1):
                    if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                        conn.sendall(f"error: a line longer than {MAX_LINE} bytes\n".encode())
                        return
                    reply, done = self.run_line(raw.decode("utf-8", "replace"))
                    conn.sendall((reply.replace("\n", "; ") + "\n").encode("utf-8"))
                    if done:
                        self.on_quit()
                        return
        except OSError:
            pass  # the client went away
        finally:
            with self._lock:
                self._clients.discard(conn)

    def close(self) -> None:
        """Stop taking clients, end those connected, and remove the socket (if it is still ours)."""
        self._closed.set()
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        with self._lock:
            for conn in self._clients:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
        self.thread.join(5)
        with contextlib.suppress(OSError):
            if os.lstat(self.path).st_ino == self._inode:
                os.unlink(self.path)
