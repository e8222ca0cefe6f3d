"""The edition file `clacks-hw edition new --game guards` writes: every card the box holds, each
field to be copied from the printed card or map. A "?" is a value still to fill in, and
`clacks-hw edition check` names each one left, card by card, until none is.
"""

from __future__ import annotations

from .edition import DECKS, GUILDS

COUNTS = {"lords": 30, "man_beast": 30, "shades": 30}  # "30 Lords & Ladies Volunteer Cards", ...
PREFIX = {"lords": "LL", "man_beast": "MB", "shades": "SS"}
HEAD = '''# A Guards! Guards! edition: what your box holds, for the lit board (docs/guards-rules.md).
# Copy each value from the card or the map it names, replacing every "?". Card ids are yours to
# choose (they are what `clacks-hw enroll` writes on the card's sticker); keep them short.
# Check it with `clacks-hw edition check FILE` as you go: it lists what is still missing.

[edition]
game = "guards"
name = "?"            # what the board shows, e.g. "2012 revised edition"
made_up = false

[map]
# The four Guild Quadrants as they lie on the lamp grid, clockwise from its north-west corner.
quadrants_clockwise = ["fools", "thieves", "alchemists", "assassins"]

[challenges]          # the target printed beside each Wizard's Challenge at the Unseen University
1 = "?"               # Windel's Wisdom: Streetwise
2 = "?"               # Stibbon's Stumper: Toughness
3 = "?"               # Ridcully's Revenge: Loyalty
4_brawl = "?"         # Malich's Melancholy: Brawl ...
4_streetwise = "?"    # ... and Streetwise (the final challenge is 9, in the rulebook)

[tavern]              # the Tavern table of the Player's Guide: what each face 1..8 brings
faces = ["?", "?", "?", "?", "?", "?", "?", "?"]   # "lords", "man_beast", "shades", or "" for nobody
'''


def template() -> str:
    out = [HEAD]
    out += [f'[[spell]]\nid = "spell{n}"\nname = "?"\n' for n in range(1, 9)]
    for guild in GUILDS:
        for k in (1, 2):
            out.append(f'[[guild_card]]\nid = "{guild[:3].upper()}{k}"\nguild = "{guild}"\n'
                       'attributes = { magic = "?", guild = "?", charm = "?" }   # the red dots\n'
                       'spells = ["?", "?", "?", "?", "?"]   # the ids of its five Great Spells\nability = "?"\n')
    for deck in DECKS:
        for n in range(1, COUNTS[deck] + 1):
            out.append(f'[[volunteer]]\nid = "{PREFIX[deck]}{n:02d}"\nname = "?"\ndeck = "{deck}"\n'
                       'charm = "?"\nbribe = "?"          # or "X"\nloyalty = "?"\nstreetwise = "?"\n'
                       'toughness = "?"\nbrawl = "?"\n'
                       '# brethren = true, wanted = true, infectious = true, fate = true when the card says so;\n'
                       '# bonus = { magic = 1, charm = -1, dollars = 2 }; magic_defence = 1; luggage = 3\n')
    out += [f'[[dragon]]\nid = "DR{n}"\nname = "?"\nbrawl = "?"\ntoughness = "?"\n' for n in range(1, 5)]
    out.append('# One [[item]] per Odds & Sods card whose bonus the board adds in a test:\n'
               '# [[item]]\n# id = "IT01"\n# name = "..."\n# price = 3\n# bonus = { brawl = 2 }\n')
    out.append('# One [[scroll]] per Curses & Cures card, with the Magic target printed on it:\n'
               '# [[scroll]]\n# id = "SC01"\n# name = "..."\n# price = 2\n# target = 5\n')
    return "\n".join(out)
