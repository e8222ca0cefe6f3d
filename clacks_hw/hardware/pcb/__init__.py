"""The carrier board as a KiCad 6 PCB: its circuit (from the pins and parts data), the
placement, a grid router, and the pcbnew script that builds, checks (DRC) and plots it."""
