"""`clacks-hw doctor`'s checks, one module per area of the board: the Pi and its button pins
(pi.py), the LED backend and the power it may draw (leds.py), the serial ports and the reader
hub (reader.py), the configuration (config.py), the journal folder (journal.py), the admin page
and pairing (admin.py), the network the pages and the hall use (network.py). Each check adds
OK, WARN or FAIL lines with a fix (check.py); run.py runs them in order, system.py is the
machine as they see it (tests fake another one)."""
