"""The hall's tournament tables kept up to date one game at a time, so a new result costs the
hall the same with ten results stored or ten thousand (tournament.standings counts them all).

Each game counted keeps its share (its mode and board, whether anyone won and in how long, and
its players' names folded and as spelt); adding one adds its share to the rows it names. A game
voided, counted again or renamed by an arbiter is taken out and put back as it now stands;
taking out is exact too: the wins and games are subtracted, and a row whose fastest win or
first spelling came from that game looks again through its mode's games (an arbiter's rare
correction, never a board's result). The tables equal tournament.standings of every game
counted, whatever the order (tests/hall/test_tally.py checks it after random sequences).
"""

from __future__ import annotations

from .tournament import Counted, best_of, tables


def _share(c: Counted) -> tuple:
    """What the tables take from one counted game: (mode, board, won, time, order, players)."""
    won = c.winners
    players = tuple((name.casefold(), name, seat in won) for seat, name in c.players.items()
                    if seat in c.seats or not c.seats)
    # the order tournament.standings meets games in (the store's): the first spelling stays
    return c.mode, c.board, bool(won), c.seconds if won else None, (c.received, c.board, c.game), players


class Tally:
    def __init__(self, games=()) -> None:
        self._shares: dict[tuple[str, str], tuple] = {}  # (board, game) -> its share, while counted
        self._modes: dict[str, dict] = {}  # mode -> {"games", "players", "boards"}, as standings builds
        self._spelt: dict[tuple[str, str], tuple] = {}  # (mode, name folded) -> where its spelling came from
        for g in games:
            self.put(g)

    def __len__(self) -> int:
        return len(self._shares)

    def put(self, c: Counted) -> None:
        """Count ``c`` as it stands now (a voided game: not at all), in place of what was counted of it."""
        key = (c.board, c.game)
        old = self._shares.pop(key, None)
        if old is not None:
            self._take(old)
        if not c.voided:
            share = self._shares[key] = _share(c)
            self._add(share, self._modes.setdefault(c.mode, {"players": {}, "boards": {}, "games": 0}))

    def table(self) -> list[dict]:
        """What tournament.standings says of every game counted."""
        return tables(self._modes)

    def _add(self, share: tuple, m: dict, boards=None, players=None) -> None:
        """``share`` added to its mode's rows (all of them, or only the ``boards`` and ``players`` named)."""
        mode, board, won, time, order, named = share
        if boards is None:
            m["games"] += 1
            b = m["boards"].setdefault(board, {"name": board, "board": board, "wins": 0, "games": 0, "best": None})
            b["games"] += 1
            b["wins"] += won
        if boards is None or board in boards:
            b = m["boards"][board]
            b["best"] = best_of(b["best"], time)
        for k, (fold, name, seat_won) in enumerate(named):
            if players is not None and fold not in players:
                continue
            if players is None:
                p = m["players"].setdefault(fold, {"name": name, "wins": 0, "games": 0, "best": None})
                p["games"] += 1
                p["wins"] += seat_won
            p = m["players"][fold]
            if seat_won:
                p["best"] = best_of(p["best"], time)
            at, spelt = (order, k), self._spelt.get((mode, fold))
            if spelt is None or at < spelt:
                p["name"], self._spelt[(mode, fold)] = name, at

    def _take(self, share: tuple) -> None:
        mode, board, won, time, order, named = share
        m = self._modes[mode]
        m["games"] -= 1
        b = m["boards"][board]
        b["games"] -= 1
        b["wins"] -= won
        boards, players = set(), set()
        if not b["games"]:
            del m["boards"][board]
        elif time is not None and time == b["best"]:
            boards.add(board)
        for k, (fold, _, seat_won) in enumerate(named):
            p = m["players"][fold]  # one player at two seats counts twice, and goes twice
            p["games"] -= 1
            p["wins"] -= seat_won
            if not p["games"]:
                del m["players"][fold], self._spelt[(mode, fold)]
                players.discard(fold)  # the same player at an earlier seat of this game
            elif (seat_won and time == p["best"]) or self._spelt[(mode, fold)] == (order, k):
                players.add(fold)
        if not m["games"]:
            del self._modes[mode]
        elif boards or players:
            self._again(mode, m, boards, players)

    def _again(self, mode: str, m: dict, boards: set, players: set) -> None:
        """The fastest win and the spelling of these rows, from their mode's games again."""
        for board in boards:
            m["boards"][board]["best"] = None
        for fold in players:
            m["players"][fold]["best"] = None
            del self._spelt[(mode, fold)]
        for share in self._shares.values():
            if share[0] == mode:
                self._add(share, m, boards, players)
