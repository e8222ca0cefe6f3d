"""The board daemon: controller (interaction), renderer (frames), event loop and app wiring.

- ``controller``: input events + time -> engine actions and a ``View`` (what to show);
- ``renderer``: ``View`` + time -> ``Frame`` (pure);
- ``loop``: the one event loop thread that feeds the controller and shows frames;
- ``app``: builds all of it from a ``Config`` (the entry point ``clacks-hw run`` calls).
"""
