"""`clacks-hw play`: a game on the emulated board, played from a page in the browser.

The page is the board: it presses the emulated buttons (gpiozero's MockFactory pins), taps
cards on the emulated reader hub (the real firmware on emulated chips, one per seat) and draws
the frames the daemon sends to its LEDs. The daemon, engine and journal are the real board's;
nothing here decides anything about the game.

- :mod:`.parts` -- the emulated buttons and card readers the page drives
- :mod:`.frames` -- the LED sink whose newest frame the page draws
- :mod:`.table` -- the daemon built on those parts, on its own thread
- :mod:`.page_json` -- what the page is sent: the public state, the lit frame, the human hands
- :mod:`.server` -- the page's server: every request carries the run's own secret
- :mod:`.address` -- the page's socket and keyed address, made before the heavy imports
- :mod:`.browser` -- opening the page without putting the secret on a command line
"""
