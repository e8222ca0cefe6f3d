"""The physical board as data: geometry (board.toml), parts (parts.toml) and everything drawn
from them (panel, baffles, base, walls, harness, power budget, bill of materials)."""
