"""The commands an emulated reader answers to, typed at its prompt or sent to its control
socket: one line in, one line of reply out. Pure dispatch; the devices do the work."""

from __future__ import annotations

import difflib
import string

from ..base.errors import ClacksError
from .cards import EDITION, all_cards, uid_of
from .rdm6300 import em4100_uid_of
from .script_words import WordError, whole_number

MAX_PULL_FRAMES = 1000  # a card answering more frames than this is not being torn away

HUB_HELP = """\
  place R CARD    put a card on reader R (a card id such as J05, F03, W:GUILD, or a hex uid)
  remove R        take the card away from reader R
  tap R CARD      place and, after the next read, remove (see wait)
  pull R [N]      the card on reader R answers N more frames (default 1), then is torn away mid-read
  bounce R        the card on reader R flickers at the edge of the field (in, out, in, out, in)
  kill R          reader R's chip stops answering on SPI
  revive R        reader R's chip answers again (power-on reset)
  brownout R      reader R's chip resets itself (settings lost, antenna off)
  unplug          pull the hub's USB cable (the device path disappears)
  replug          plug it back (the same path, the hub boots again)
  silent          the port stays open but the hub says nothing
  answer          the hub talks again
  status          what is on each reader
  help            this list
  quit            stop the emulation"""

RDM_HELP = """\
  place CARD      put a card in the field (a card id such as J05, or 10 hex digits)
  remove          take it away
  unplug          pull the cable (the device path disappears)
  replug          plug it back
  silent          the port stays open but the reader says nothing
  answer          the reader talks again
  status          what is in the field
  help            this list
  quit            stop the emulation"""


class ConsoleError(ClacksError, ValueError):
    """A line the console cannot carry out; the message says what was expected."""


class Quit(Exception):
    pass


def card_uid(word: str, *, uid_bytes: tuple[int, ...], uid_for) -> str:
    """A card id of the edition as its made-up uid, or a hex uid as given (upper case)."""
    cards = all_cards(EDITION)
    by_upper = {c.upper(): c for c in cards}
    key = word.upper()
    padded = key.rstrip(string.digits) + key[len(key.rstrip(string.digits)):].zfill(2)  # J5 -> J05
    for name in (key, padded):
        if name in by_upper:
            return uid_for(by_upper[name])
    if all(ch in string.hexdigits for ch in word) and len(word) // 2 in uid_bytes and len(word) % 2 == 0:
        return word.upper()
    close = difflib.get_close_matches(key, list(by_upper), n=1)
    hint = f"did you mean {by_upper[close[0]]}?" if close else \
        f"give a card id of the edition (J01..J{len(EDITION.jacquards):02d}, W:WORD, ...) or a hex uid"
    raise ConsoleError(f"unknown card {word!r}: {hint}")


class HubConsole:
    def __init__(self, hub) -> None:
        self.hub = hub

    def _reader(self, args: list[str]) -> int:
        n = len(self.hub.chips)
        if not args:
            raise ConsoleError(f"which reader? give a number 0..{n - 1}")
        try:
            return whole_number(args[0], 0, n - 1, "reader")
        except WordError as exc:
            raise ConsoleError(f"{exc} (this hub has {n} reader(s))") from None

    def _card(self, args: list[str]) -> bytes:
        if len(args) < 2:
            raise ConsoleError("which card? e.g. place 0 J05")
        return bytes.fromhex(card_uid(args[1], uid_bytes=(4, 7, 10), uid_for=uid_of))

    def run(self, line: str) -> str:
        words = line.split()
        if not words:
            return ""
        cmd, args = words[0].lower(), words[1:]
        hub = self.hub
        if cmd in ("quit", "exit"):
            raise Quit
        if cmd == "help":
            return HUB_HELP
        if cmd == "place":
            r, uid = self._reader(args), self._card(args)
            hub.place_card(r, uid)
            return f"reader {r}: card {uid.hex().upper()} placed"
        if cmd == "tap":
            r, uid = self._reader(args), self._card(args)
            hub.tap_card(r, uid)
            return f"reader {r}: card {uid.hex().upper()} tapped"
        if cmd == "remove":
            r = self._reader(args)
            hub.remove_card(r)
            return f"reader {r}: empty"
        if cmd == "pull":
            r = self._reader(args)
            try:
                frames = whole_number(args[1], 0, MAX_PULL_FRAMES, "frames") if len(args) > 1 else 1
            except WordError as exc:
                raise ConsoleError(str(exc)) from None
            hub.chips[r].pull_away_after(frames)
            return f"reader {r}: the card tears away after {frames} more frame(s)"
        if cmd == "bounce":
            r = self._reader(args)
            hub.chips[r].bounce([True, False, True, False, True])
            return f"reader {r}: the card flickers at the edge of the field"
        if cmd in ("kill", "revive", "brownout"):
            r = self._reader(args)
            {"kill": hub.kill_reader, "revive": hub.revive_reader,
             "brownout": lambda i: hub.chips[i].brown_out()}[cmd](r)
            return f"reader {r}: " + {"kill": "chip stopped answering", "revive": "chip answers again",
                                      "brownout": "chip reset itself"}[cmd]
        if cmd in ("unplug", "replug", "silent", "answer"):
            {"unplug": hub.unplug, "replug": hub.replug, "silent": hub.stop_answering,
             "answer": hub.resume_answering}[cmd]()
            return {"unplug": f"unplugged ({hub.path} is gone)", "replug": f"plugged in again at {hub.path}",
                    "silent": "the hub is silent", "answer": "the hub talks again"}[cmd]
        if cmd == "status":
            return hub_status(hub)
        raise _unknown(cmd, HUB_HELP)


def hub_status(hub) -> str:
    out = []
    for r, chip in enumerate(hub.chips):
        card = chip.card.uid.hex().upper() if chip.card is not None else "empty"
        out.append(f"reader {r}: {card}{'' if chip.alive else ' (chip not answering)'} "
                   f"version 0x{chip.version:02X}")
    return "\n".join(out)


class RdmConsole:
    def __init__(self, rdm) -> None:
        self.rdm = rdm

    def run(self, line: str) -> str:
        words = line.split()
        if not words:
            return ""
        cmd, args = words[0].lower(), words[1:]
        rdm = self.rdm
        if cmd in ("quit", "exit"):
            raise Quit
        if cmd == "help":
            return RDM_HELP
        if cmd == "place":
            if not args:
                raise ConsoleError("which card? e.g. place J05")
            uid = card_uid(args[0], uid_bytes=(5,), uid_for=em4100_uid_of)
            rdm.place_card(uid)
            return f"card {uid} in the field"
        if cmd == "remove":
            rdm.remove_card()
            return "the field is empty"
        if cmd in ("unplug", "replug", "silent", "answer"):
            {"unplug": rdm.unplug, "replug": rdm.replug, "silent": rdm.stop_answering,
             "answer": rdm.resume_answering}[cmd]()
            return {"unplug": f"unplugged ({rdm.path} is gone)", "replug": f"plugged in again at {rdm.path}",
                    "silent": "the reader is silent", "answer": "the reader talks again"}[cmd]
        if cmd == "status":
            return f"field: {rdm.uid or 'empty'}"
        raise _unknown(cmd, RDM_HELP)


def _unknown(cmd: str, help_text: str) -> ConsoleError:
    known = [line.split()[0] for line in help_text.splitlines()]
    close = difflib.get_close_matches(cmd, known, n=1)
    hint = f"did you mean {close[0]}?" if close else "type help for the list"
    return ConsoleError(f"unknown command {cmd!r}: {hint}")
