"""The physical board as data: the circuit board (mainboard/), the laser-cut case (case/), the
panel's layout (board.toml), parts (parts.toml) and everything drawn from them."""
