"""The carrier board as a KiCad 9 project: its circuit (from the pins and parts data), the
placement, a grid router, the pcbnew script that builds it, and kicad-cli's checks (DRC, ERC)
and files for a board house (any board's design goes through the same steps)."""
