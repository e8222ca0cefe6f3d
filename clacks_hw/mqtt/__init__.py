"""What boards and a hall say to each other over MQTT, and how each side trusts it.

- topics.py: the topic names and board ids;
- schema.py: every message as a typed schema (msgspec): what a hall accepts, nothing else;
- signing.py: Ed25519 keys and the signed envelope every message travels in;
- projection.py: the board's public state cut down to what the hall's schema names;
- outbox.py: the board's finished games (from its journals) waiting for the hall's receipt;
- outbox_file.py: the outbox on disk (journal.dir/hall-outbox), read one bounded line at a time;
- a hall's broker (its users and access list) is written by `clacks-hw hall setup`, in hall/setup/.

docs/shows.md tells exhibitors what this means for them; docs/security.md what a broker user
can and cannot do.
"""
