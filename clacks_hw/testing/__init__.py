"""Emulated devices for trying and testing a board without its hardware.

The same parts the project's own test suite uses, shipped in the package the way gpiozero
ships its mock pin factory:

- :mod:`.emulated_hub` -- the reader hub: the real firmware loop on fake MFRC522 chips, on a
  real pseudo-terminal (:class:`~.emulated_hub.EmulatedHub`)
- :mod:`.rdm6300` -- an RDM6300 on a pseudo-terminal (:class:`~.rdm6300.EmulatedRdm6300`)
- :mod:`.buttons` -- fingers on gpiozero's MockFactory pins (:class:`~.buttons.MockButtons`)
- :mod:`.recording_leds` -- an LED backend that keeps every frame (:class:`~.recording_leds.RecordingLeds`)
- :mod:`.clock` -- a clock that only moves when told (:class:`~.clock.FakeClock`)
- :mod:`.hil_board` -- the daemon's real entry point against all of the above
  (:class:`~.hil_board.HilBoard`)
- :mod:`.fake_time_board` -- the same on a fake clock, moved on in lock step
  (:class:`~.fake_time_board.FakeTimeBoard`), which HIL scripts (:mod:`.hil_script`,
  :mod:`.hil_run`; ``clacks-hw hil``) drive
- :mod:`.cards` -- made-up tag uids for every card of an edition

This module is also a pytest plugin (``python -m pytest -p clacks_hw.testing``): its fixtures
are in :mod:`.pytest_plugin`.
"""

import sys

if "_pytest" in sys.modules:  # loaded as a plugin: pytest is there; elsewhere never import it
    from .pytest_plugin import clacks_board, clacks_board_factory, clacks_hil  # noqa: F401
