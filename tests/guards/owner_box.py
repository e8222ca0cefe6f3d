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
