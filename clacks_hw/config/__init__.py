"""The board's TOML config (load.py: read, merged over the defaults, checked; schema.py: every
key; checks.py: checks across keys; errors.py: problems and how the CLI shows them) and the
systemd unit it runs under (systemd_unit.py).
"""
