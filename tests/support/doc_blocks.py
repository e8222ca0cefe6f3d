"""The fenced code blocks of a Markdown text, in one language."""

from __future__ import annotations

import re

# Fences are paired from the top (an indented one in a list too), so the closing fence of a block
# in another language is never taken for an opening one.
FENCED = re.compile(r"^[ \t]*```(\S*)[^\n]*\n(.*?)^[ \t]*```[ \t]*$", re.M | re.S)


def fenced(text: str, lang: str = "") -> list[str]:
    """The bodies of the blocks whose info string starts with ``lang`` ("" for plain ones)."""
    return [body for info, body in FENCED.findall(text) if info == lang]
