"""The printed cards' sizes agree with the game's pages and the board's parts."""

from clacks_hw.hardware.data import load_hardware
from clacks_hw.printing.sheets import PAPERS
from clacks_hw.printing.sizes import load_sizes

SIZES = load_sizes()


def test_the_sticker_on_the_cards_is_the_sticker_in_the_bill_of_materials():
    parts = load_hardware().parts
    assert f"{SIZES.sticker:g} mm round" in parts["tag"]["name"]


def test_the_sticker_lies_within_the_reader_antenna():
    _, _, width, length = load_hardware().parts["reader"]["antenna"]
    assert SIZES.sticker <= min(width, length)


def test_nine_cards_fill_an_a4_or_a_letter_page_within_the_margins():
    w, h = SIZES.card
    for page_w, page_h in PAPERS.values():
        assert 3 * w <= page_w - 2 * SIZES.margin and 3 * h <= page_h - 2 * SIZES.margin
