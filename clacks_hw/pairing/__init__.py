"""Phones paired to the board: who may change a game from the network.

Only a phone paired at the board itself may start, abandon or dim a game. Pairing starts with a
gesture nobody makes in play (TURN and BACK held together for 3 s): the board then shows a
one-time code, on its lamps and its own screen only, for two minutes and one phone. The phone
trades the code for a session: a random 256-bit secret its page keeps for the board's origin
alone (never a cookie, which a browser sends to every port of the host). The board keeps
only a keyed hash of it, so its files never hold anything a phone could present.

The admin token (``journal.dir/admin-token``, made by ``install-service``, replaced by
``clacks-hw admin --rotate``) is the board's root secret. It is never shown, sent or logged: it
keys the sessions' hashes (so a new token unpairs every phone) and the key of the board's own
display (display.py), nothing else.

- codes.py: a pairing code and its window (two minutes, one phone);
- phones.py: the paired phones, each with a role (``admin`` today; a referee, or a player's
  own seat for a game with hidden hands, can be others), kept in ``phones.json``;
- board.py: :class:`Pairing`, the one object the board's loop (which opens a window after the
  gesture) and the web server (where phones pair) share;
- display.py: the key that tells the board's own kiosk screen from every other browser.
"""

from .board import Pairing, PairingOff, Refused, Table
from .codes import PairingCode
from .phones import Phone, PhoneBook

__all__ = ["Pairing", "PairingCode", "PairingOff", "Phone", "PhoneBook", "Refused", "Table"]
