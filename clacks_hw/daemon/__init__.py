"""The board daemon: controller (interaction), renderer (frames), event loop and app wiring.

- ``controller``: input events + time -> engine actions and a ``View`` (what to show), by
  handing each input to the screen showing (``screens/``: attract, setup, play, confirm, over,
  resume), each a small class with one job;
- ``renderer``: ``View`` + time -> ``Frame`` (pure);
- ``loop``: the one event loop thread that feeds the controller and shows frames;
- ``app``: builds all of it from a ``Config`` (the entry point ``clacks-hw run`` calls).
"""
