"""An owner's own Guards! Guards! edition, as the board would be given it: the shipped demo's
cards with every name their own ("Yard ..."), not made up, and one volunteer under an id the
demo does not have (YD01 for LL01), so a test can tell which edition a game plays with."""

from __future__ import annotations

from clacks_hw.game.guards.edition_files import demo_edition_path, parse_guards_edition

MARK = "Yard "  # every name of the owner's edition begins so; no name of the demo does
OWN_ID, DEMO_ID = "YD01", "LL01"  # the volunteer only the owner's edition has, and the demo's in its place


def owner_box_text(mark: str = MARK) -> str:
    text = demo_edition_path().read_text(encoding="utf-8")
    assert mark not in text
    text = text.replace('name = "Demo (made up)"', 'name = "Box"').replace("made_up = true", "made_up = false")
    text = text.replace('name = "', f'name = "{mark}')  # the edition's own name too: "Yard Box"
    return text.replace(f'id = "{DEMO_ID}"', f'id = "{OWN_ID}"')


def write_owner_box(path, mark: str = MARK):
    """The owner's edition written to ``path``; the edition it reads as."""
    text = owner_box_text(mark)
    path.write_text(text, encoding="utf-8")
    return parse_guards_edition(text, str(path))


BAD_SPELLS = ('spells = ["azure", "ivory", "jet", "octarine", "violet"]', "spells = [[1], [2], [3], [4], [5]]")


def demo_text_with(old: str, new: str) -> str:
    """The demo edition's text with its first ``old`` replaced by ``new``."""
    text = demo_edition_path().read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def journal_with_box(folder, box_text: str, wall: float = 1_750_000_000.0):
    """A Guards! Guards! game just begun, journalled in ``folder`` as the board names and writes
    it, whose header carries ``box_text`` as its edition (every checksum good: only the edition
    is wrong). Its path."""
    import json

    from clacks_hw.daemon.session import JournalStore
    from clacks_hw.game.clacks.edition_files import default_edition
    from clacks_hw.game.guards.config import GuardsConfig
    from clacks_hw.journal import encode_lines
    from clacks_hw.testing.clock import FakeClock

    session = JournalStore(folder, default_edition(), clock=FakeClock(wall)).new_session(
        GuardsConfig(seats=("S", "N"), seed=3))
    session.close()
    header, *rest = [json.loads(line) for line in session.path.read_text().splitlines()]
    session.path.write_bytes(encode_lines({**header, "box": box_text}, *rest))
    return session.path
