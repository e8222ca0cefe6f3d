"""The editions the board plays: each game's box, the owner's own (config [editions]) or the one
the game ships (saying so when that one is made up), and whether its enrolled stickers are cards
of that very edition."""

from __future__ import annotations

from .check import FAIL, OK


def check_editions(d) -> None:
    if d.config is None:
        return
    from ...config.editions import open_editions
    from ...game.core.registry import printed_boxes

    editions = open_editions(d.config)  # the config was read whole a moment ago: it names good files
    for box in printed_boxes()[1:]:  # the first is the board's own Clacks cards (clacks-hw edition)
        edition, chosen, key = editions.of(box), editions.chosen(box), f"editions.{box.name}"
        if chosen:
            d.add(OK, "editions", f"{box.title}: {edition.name}, the owner's edition ({key} = {chosen})")
        elif getattr(edition, "made_up", False):
            d.add(OK, "editions", f"{box.title}: {edition.name}, MADE UP for trying the board, not the "
                                  "real box's values",
                  f"type in your own box (clacks-hw edition new --game {box.name} -o FILE) and set {key} = FILE")
        else:
            d.add(OK, "editions", f"{box.title}: {edition.name}, the edition the game ships ({key} is empty)")
        _check_enrolment(d, box, edition, key)


def _check_enrolment(d, box, edition, key: str) -> None:
    from ...cards.enrolment import EnrolmentError, load_enrolment
    from ...daemon.cards import box_cards_path

    shown = box_cards_path(d.config.journal.dir, box)
    path = d.sys.path(str(shown))
    try:
        if not path.exists():
            return
        enrolment = load_enrolment(path, edition)
    except PermissionError:
        d.add(OK, "editions", f"{shown}: cannot look in as this user (the board's user can)")
        return
    except EnrolmentError as err:
        problems = [f"{k}: {m}" for _, k, m, _ in err.problems]
        d.add(FAIL, "editions", f"{shown} names cards that are not the {box.title} edition's the board plays: "
                                + "; ".join(problems[:3]) + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""),
              f"enrol the cards again against it (clacks-hw enroll --{box.name}), or set {key} to the edition "
              "they were enrolled against")
        return
    d.add(OK, "editions", f"{shown}: {len(enrolment)} {box.title} card(s) enrolled, all of this edition")
