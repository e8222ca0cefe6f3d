"""The circuit board (new build): its data (mainboard.toml), circuit, checks and bill of materials."""
