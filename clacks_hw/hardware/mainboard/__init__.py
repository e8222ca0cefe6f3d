"""The circuit board: its data (mainboard.toml), circuit, checks and bill of materials."""
