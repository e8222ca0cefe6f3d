"""The hall: every board of a show on one page, live from the MQTT broker (`clacks-hw hall`).

page.py the hall's page server and its loop (assets/ its pages); broker.py its session with the
broker; ingest.py what it makes of each message; cards.py a board's card; feed.py what each
viewer is sent; store.py the results in SQLite, writer.py on their own thread; tournament.py
and tally.py the tables; arbiter.py the arbiter's phone, corrections.py what it changes;
config.py hall.toml; setup/ `clacks-hw hall setup` (the broker's users and access list, the
hall's unit). It stands on web/ (the page server, request bodies, pairing); web/ never imports it.
"""
