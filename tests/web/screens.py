"""Pages as people see them, checked and kept as pictures for the docs.

``layout_problems`` lists what a screen that must never scroll gets wrong: scrollbars, an
element of ``selector`` outside the viewport or cut off by a box around it, two of them
overlapping. ``kept`` compares a screenshot with the one committed in docs/img/ and fails when
it is stale; ``CLACKS_WRITE_SCREENS=1`` writes them anew (then look at them, and commit).
Screenshots are made deterministic by their callers: fixed data, a fixed clock (``open_page``),
no animation.
"""

from __future__ import annotations

import io
import os
from datetime import UTC, datetime
from pathlib import Path

from tests.fakes.hall_boards import NOW

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
WRITE = os.environ.get("CLACKS_WRITE_SCREENS") == "1"

# Every element of `sel`: inside the viewport, not cut off by an ancestor that hides overflow,
# not overlapping another one; and no scrollbar on the page.
LAYOUT_JS = r"""
([sel, inner]) => {
  const vw = innerWidth, vh = innerHeight, out = [], de = document.documentElement, eps = 0.5;
  if (de.scrollWidth > vw || de.scrollHeight > vh) out.push(`the page scrolls: ${de.scrollWidth}x${de.scrollHeight} in ${vw}x${vh}`);
  const name = e => e.dataset.board || e.dataset.seat || e.id || e.className || e.tagName;
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const items = [...document.querySelectorAll(sel)].filter(visible);
  const boxes = items.map(e => e.getBoundingClientRect());
  items.forEach((e, i) => {
    const b = boxes[i];
    if (b.left < -eps || b.top < -eps || b.right > vw + eps || b.bottom > vh + eps)
      out.push(`${name(e)} is outside the screen: ${Math.round(b.left)},${Math.round(b.top)} to ${Math.round(b.right)},${Math.round(b.bottom)}`);
    for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (s.overflow === "visible" && s.overflowY === "visible") continue;
      const u = up.getBoundingClientRect();
      if (b.top < u.top - eps || b.bottom > u.bottom + eps || b.left < u.left - eps || b.right > u.right + eps)
        out.push(`${name(e)} is cut off by ${name(up)}`);
    }
    for (let j = i + 1; j < items.length; j++) {
      const c = boxes[j], w = Math.min(b.right, c.right) - Math.max(b.left, c.left), h = Math.min(b.bottom, c.bottom) - Math.max(b.top, c.top);
      if (w > eps && h > eps && !items[i].contains(items[j]) && !items[j].contains(items[i])) out.push(`${name(e)} overlaps ${name(items[j])}`);
    }
    if (inner) {
      for (const d of e.querySelectorAll("*")) {
        if (!visible(d)) continue;
        const r = d.getBoundingClientRect();
        if (r.left < b.left - eps || r.right > b.right + eps || r.top < b.top - eps || r.bottom > b.bottom + eps)
          out.push(`in ${name(e)}: ${name(d)} overflows it`);
      }
    }
  });
  return out;
}
"""


def layout_problems(page, selector: str, inner: bool = False) -> list[str]:
    return page.evaluate(LAYOUT_JS, [selector, inner])


def _pixels(png: bytes):
    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)


def kept(page, name: str) -> Path:
    """Screenshot ``page`` and compare it with docs/img/NAME.png (a few pixels of antialiasing
    may differ; anything a person would notice may not)."""
    png = page.screenshot(animations="disabled", caret="hide")
    path = DOCS_IMG / f"{name}.png"
    if WRITE:  # a picture that still matches stays as it is: no churn in the repository
        if not path.exists() or _differ(png, path) is not None:
            DOCS_IMG.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
        return path
    assert path.exists(), f"{path} is missing: run CLACKS_WRITE_SCREENS=1 pytest {os.environ.get('PYTEST_CURRENT_TEST', '').split('::')[0]}"
    differ = _differ(png, path)
    assert differ is None, f"docs/img/{name}.png {differ}: run CLACKS_WRITE_SCREENS=1 pytest on this test, look at the pictures, commit them"
    return path


def _differ(png: bytes, path: Path) -> str | None:
    """How the picture at ``path`` differs from ``png`` beyond antialiasing, or None."""
    new, old = _pixels(png), _pixels(path.read_bytes())
    if new.shape != old.shape:
        return f"is {old.shape[1]}x{old.shape[0]}, the page {new.shape[1]}x{new.shape[0]}"
    differ = (abs(new - old).max(axis=2) > 48).mean()
    return f"is stale ({100 * differ:.2f}% of its pixels differ from the page now)" if differ >= 0.002 else None


def open_page(browser, url: str, size: dict, now: float = NOW):
    """The page at ``size``, its clock standing at ``now`` (UTC), collecting console problems."""
    context = browser.new_context(viewport=size, timezone_id="UTC", locale="en-GB", reduced_motion="reduce")
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type in ("error", "warning") and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.clock.set_fixed_time(datetime.fromtimestamp(now, UTC))
    page.goto(url)
    return page
