"""The laser-cut layered case for the circuit board (case.toml)."""
