"""`clacks-hw selftest`: a guided check of every part of a built board, with a person.

Each part is a walk (:mod:`.buttons`, :mod:`.leds`, :mod:`.readers`, :mod:`.journal_dir`)
that tells the person what to do through a :class:`~.person.Person`, watches the hardware,
and records PASS/FAIL lines, with the fix, in a :class:`~.report.Report`. The same walks run
unattended against the emulated board (:mod:`clacks_hw.testing.emulated_bench`), whose
emulated person answers the prompts from what the emulated hardware really does.
"""
