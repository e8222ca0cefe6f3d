# Reader-hub configuration, copied to the Pico next to main.py. Edit and copy again
# (see README.md); nothing else needs to change for a different wiring.

READERS = 1  # MFRC522 boards connected, 1..4

# SPI0 on the Pico: GP18 SCK, GP19 MOSI (TX), GP16 MISO (RX). All readers share SCK and MOSI;
# each reader's MISO reaches GP16 through a tri-state buffer of its own (the board's U3-U6),
# enabled by that reader's chip select (clone modules keep driving MISO while deselected:
# docs/readers.md). No pull resistor on GP16: the boot check uses the Pico's own.
SPI_ID = 0
SPI_BAUD = 4000000  # the MFRC522 allows up to 10 MHz; 4 MHz is safe on 20 cm jumpers
SPI_MAX_WIRE_MM = 200  # the longest reader wire at SPI_BAUD (the readers' cables are 20 cm)
SCK = 18
MOSI = 19
MISO = 16

# One chip-select (the board's SDA/NSS pin) per reader, in reader order 0..3; also the output
# enable of that reader's buffer channel. All four are driven high at boot, READERS or not.
CS_PINS = (17, 20, 21, 22)
# Shared reset line (the board's RST pin); None if RST is tied to 3V3.
RST_PIN = 15

POLL_MS = 10  # pause between poll rounds
GONE_AFTER = 3  # a card missing this many polls in a row is GONE
HB_MS = 1000  # heartbeat period
CHECK_EVERY = 20  # health check of each chip every this many polls
RETRY_MS = 1000  # re-initialisation attempts of a dead reader, this far apart (doubling)
RETRY_MAX_MS = 8000
WDT_MS = 4000  # watchdog timeout (RP2040 maximum is 8388 ms)
DEAD_REBOOT_MS = 60000  # every reader dead this long: stop feeding, let the watchdog reboot
