"""Hardware drivers: each turns a device into events or shows frames."""
