"""What every board's KiCad 9 project is made with: the footprints, a grid router, the
schematic writer, the pcbnew script that builds a design, and kicad-cli's checks (DRC, ERC)
and files for a board house (mainboard/ feeds them the circuit board)."""
