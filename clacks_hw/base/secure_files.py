"""Writing files the way OpenSSH and systemd do, so a file written as root never follows a link.

A folder is reached one component at a time from ``/`` (``openat`` with O_NOFOLLOW), each
checked on its open descriptor: owned by root, by whoever runs this, by the user who ran sudo
or by the service's user (``trust=``), and writable by nobody else (a sticky folder such as
/tmp may be passed through, not written into). A link on the way is followed only where no
one else could have made it: in a folder nobody else may write, or owned by a trusted user. So
from then on no other user can swap anything on the path, and a file written there is:
a fresh temporary name made with O_CREAT|O_EXCL|O_NOFOLLOW relative to the folder's descriptor,
written, fchown'd and fchmod'ed on that descriptor, fsync'd, renamed into place (a link planted
at the final name is replaced, never followed) and the folder fsync'd, so a power cut leaves the
old file or the new one, never half.

Only a process running as root refuses a folder others control (:class:`UnsafePath`, exit 2,
saying which folder and the chown/chmod that fixes it): that is where a planted link could
reach files its planter cannot. Any other user still never follows a link at a file's name.
"""

from __future__ import annotations

import errno
import os
import pwd
import secrets
import stat
from pathlib import Path

from .errors import ClacksError
from .regular_file import read_regular

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC
MAX_LINKS = 32  # as the kernel's own limit of links followed while resolving one path


class UnsafePath(ClacksError, ValueError):
    """A folder others could change, or a link one of them could have planted; nothing written."""

    def __init__(self, path: str, problem: str, fix: str):
        self.path = path
        super().__init__(f"refusing to write in {path}: {problem}, so another user could make a file "
                         f"written there as root land somewhere else.\n  fix: {fix}")


def user_name(uid: int) -> str:
    """The user's name, or the number when the system has no name for it."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def trusted_uids(*extra: int | None) -> frozenset[int]:
    """Root, whoever runs this, the user behind sudo (who has root already), and ``extra``."""
    uids = {0, os.geteuid(), *(u for u in extra if u is not None)}
    sudo_uid = os.environ.get("SUDO_UID", "")
    if sudo_uid.isdigit():
        uids.add(int(sudo_uid))
    return frozenset(uids)


def strict_default() -> bool:
    return os.geteuid() == 0


class SafeDir:
    """An open, checked folder; files in it are reached by name relative to its descriptor."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self.fd = path, fd

    @classmethod
    def open(cls, path, *, trust: frozenset[int] | None = None, strict: bool | None = None,
             create: int | None = None, owner: tuple[int, int] | None = None) -> SafeDir:
        """The folder ``path``, checked (see the module docstring). ``create``: the mode to make it
        with (missing parents get 0755), given to ``owner`` when this makes it; None: it must exist."""
        path = Path(os.path.abspath(path)) if not os.path.isabs(path) else Path(path)
        trust = trusted_uids() if trust is None else trust
        strict = strict_default() if strict is None else strict
        return cls(path, _walk(path, trust, strict, create, owner))

    def __enter__(self) -> SafeDir:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            os.close(fd)

    @property
    def owner(self) -> tuple[int, int]:
        """The folder's user and group: files written as root for the folder's owner get these."""
        st = os.fstat(self.fd)
        return st.st_uid, st.st_gid

    def sync(self) -> None:
        """Make the folder's entries (a new or renamed file) durable."""
        try:
            os.fsync(self.fd)
        except OSError:  # pragma: no cover - some file systems cannot fsync a folder
            pass

    def open_file(self, name: str, flags: int, mode: int = 0o600) -> int:
        """``os.open`` of a regular file in this folder, never through a link at ``name``."""
        fd = os.open(_entry(name), flags | os.O_NOFOLLOW | _CLOEXEC | os.O_NONBLOCK, mode, dir_fd=self.fd)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise IsADirectoryError(errno.EISDIR, "not a regular file", str(self.path / name))
            os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def create(self, name: str, mode: int, flags: int = os.O_RDWR) -> int:
        """A new file (FileExistsError if the name is taken, by a link too), with exactly ``mode``."""
        fd = self.open_file(name, flags | os.O_CREAT | os.O_EXCL, mode)
        try:
            os.fchmod(fd, mode)  # the umask only takes bits away; this also takes them away
        except BaseException:
            os.close(fd)
            raise
        return fd

    def read(self, name: str, limit: int) -> bytes:
        """A regular file's bytes (at most ``limit``); a link at ``name`` is refused (ELOOP)."""
        return read_regular(_entry(name), limit, dir_fd=self.fd)

    def write(self, name: str, data: bytes | str, mode: int = 0o600, owner: tuple[int, int] | None = None) -> None:
        """Replace ``name`` with ``data`` atomically: a fresh temporary file, chowned to ``owner``
        and chmod'ed on its descriptor, fsync'd, renamed into place, the folder fsync'd."""
        name = _entry(name)
        payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        for _ in range(100):
            tmp = f".{name}.{secrets.token_hex(6)}.tmp"
            try:
                fd = self.create(tmp, 0o600, os.O_WRONLY)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - 100 collisions of 48 random bits
            raise FileExistsError(errno.EEXIST, "no free temporary name", str(self.path))
        try:
            try:
                view = memoryview(payload)
                while view:
                    view = view[os.write(fd, view):]
                if owner is not None:
                    os.fchown(fd, *owner)
                os.fchmod(fd, mode)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.rename(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=self.fd)
            except OSError:
                pass
            raise
        self.sync()


def write_file(path, data: bytes | str, mode: int = 0o644, *, owner: tuple[int, int] | None = None,
               trust: frozenset[int] | None = None, strict: bool | None = None,
               make_dir: int | None = None, dir_owner: tuple[int, int] | None = None) -> None:
    """Write ``path`` atomically in its checked folder (:meth:`SafeDir.write`). ``make_dir``:
    create the folder with that mode (for ``dir_owner``) if it is missing."""
    path = Path(path)
    with SafeDir.open(path.parent, trust=trust, strict=strict, create=make_dir, owner=dir_owner) as d:
        d.write(path.name, data, mode, owner)


def _entry(name: str) -> str:
    if not name or "/" in name or name in (".", ".."):
        raise ValueError(f"{name!r} is not a file name")
    return name


def _check(fd: int, where: str, trust: frozenset[int], final: bool) -> os.stat_result:
    st = os.fstat(fd)
    if st.st_uid not in trust:
        allowed = " or ".join(user_name(u) for u in sorted(trust))
        raise UnsafePath(where, f"it is owned by {user_name(st.st_uid)}, not {allowed}",
                         f"sudo chown root {where} (or, if {user_name(st.st_uid)} should own it, run this command "
                         f"as {user_name(st.st_uid)} rather than as root)")
    others = st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    # A sticky folder (/tmp) lets others add names but not move ours: fine to pass through.
    if others and (final or not st.st_mode & stat.S_ISVTX):
        who = "its group and everyone" if others == (stat.S_IWGRP | stat.S_IWOTH) else (
            "its group" if others == stat.S_IWGRP else "everyone")
        fix = f"sudo chmod go-w {where}" if not final or not st.st_mode & stat.S_ISVTX else (
            "write into a folder of your own inside it instead")
        raise UnsafePath(where, f"{who} may write in it (mode {stat.S_IMODE(st.st_mode):04o})", fix)
    return st


def _walk(path: Path, trust: frozenset[int], strict: bool, create: int | None,
          owner: tuple[int, int] | None) -> int:
    """The descriptor of ``path``'s folder, reached component by component (see the docstring)."""
    todo = list(path.parts[1:])
    here, fd = "/", os.open("/", DIR_FLAGS)
    try:
        st = _check(fd, "/", trust, not todo) if strict else os.fstat(fd)
        links = 0
        while todo:
            name = todo.pop(0)
            if name in ("", "."):
                continue
            last = not todo
            made = False
            try:
                nfd = os.open(name, DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if create is None:
                    raise
                try:
                    os.mkdir(name, create if last else 0o755, dir_fd=fd)
                    made = True
                except FileExistsError:  # someone was quicker: what is there is checked, not chowned
                    pass
                nfd = os.open(name, DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                target = _link(fd, name, here, st, trust, strict)
                links += 1
                if links > MAX_LINKS:
                    raise OSError(errno.ELOOP, "too many links", str(path)) from None
                if target.startswith("/"):
                    os.close(fd)
                    here, fd = "/", os.open("/", DIR_FLAGS)
                    st = _check(fd, "/", trust, False) if strict else os.fstat(fd)
                todo[:0] = Path(target).parts[1:] if target.startswith("/") else Path(target).parts
                continue
            os.close(fd)
            fd = nfd
            here = os.path.dirname(here) if name == ".." else os.path.join(here, name)
            if made and last:
                if owner is not None:
                    os.fchown(fd, *owner)
                os.fchmod(fd, create)
            st = _check(fd, here, trust, last) if strict else os.fstat(fd)
        return fd
    except BaseException:
        os.close(fd)
        raise


def _link(fd: int, name: str, here: str, parent: os.stat_result, trust: frozenset[int], strict: bool) -> str:
    """Where the link ``name`` in the folder ``here`` points, if it is one that may be followed."""
    where = os.path.join(here, name)
    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
    if not stat.S_ISLNK(st.st_mode):
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", where)
    if strict and parent.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and st.st_uid not in trust:
        raise UnsafePath(where, f"it is a link owned by {user_name(st.st_uid)} in {here}, which others may write",
                         f"remove the link (sudo rm {where}) and give the real folder's path")
    return os.readlink(name, dir_fd=fd)
