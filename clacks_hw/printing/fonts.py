"""The fonts printed cards use, embedded in the PDF.

Bitstream Vera (shipped inside reportlab, so the default edition prints the same bytes on
every machine) when it has every character the edition's texts use; otherwise DejaVu Sans
(Debian's fonts-dejavu-core, also on Raspberry Pi OS), which covers Latin, Greek and Cyrillic
scripts. A character neither font has is refused with the card it is on, never printed as a box.
"""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .textfit import PrintError

VERA = Path(reportlab.__file__).parent / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
CHOICES = (("CardsVera", VERA / "Vera.ttf", VERA / "VeraBd.ttf"),
           ("CardsDejaVu", DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"))


class Fonts:
    def __init__(self, name: str, regular: Path, bold: Path):
        self.regular, self.bold = name, name + "-Bold"
        for font_name, path in ((self.regular, regular), (self.bold, bold)):
            if font_name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(font_name, str(path)))

    def name(self, bold: bool) -> str:
        return self.bold if bold else self.regular

    def width(self, text: str, size: float, bold: bool) -> float:
        """The printed width of `text` in mm."""
        return pdfmetrics.stringWidth(text, self.name(bold), size) / mm


def _missing(path: Path, texts: dict[str, str]) -> dict[str, str]:
    """{what: characters the font at `path` lacks} for every text that needs one."""
    charmap = TTFont("probe", str(path)).face.charToGlyph
    out = {}
    for what, text in texts.items():
        lacking = "".join(sorted({ch for ch in text if not ch.isspace() and ord(ch) not in charmap}))
        if lacking:
            out[what] = lacking
    return out


def choose_fonts(texts: dict[str, str], choices=CHOICES) -> Fonts:
    """The first font family that has every character of `texts` ({what: text})."""
    missing: dict[str, str] = {}
    tried = []
    for name, regular, bold in choices:
        if not (regular.exists() and bold.exists()):
            tried.append(f"{regular.name} (not installed)")
            continue
        missing = _missing(regular, texts) or _missing(bold, texts)
        if not missing:
            return Fonts(name, regular, bold)
        tried.append(regular.name)
    lines = "\n".join(f"  {what}: {chars!r}" for what, chars in sorted(missing.items()))
    raise PrintError(f"these texts use characters no card font can print (tried {', '.join(tried)}):\n"
                     f"{lines}\n  fix: install Debian's fonts-dejavu-core, or change those characters")
