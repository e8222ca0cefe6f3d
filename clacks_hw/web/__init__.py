"""The board's web side: the kiosk page, the phone's admin page, the MQTT link and the hall.

snapshot.py what the game loop publishes; public.py the public view of it; feed.py the newest
state for viewers; guard.py connection limits and security headers; server.py the aiohttp
server on its own thread; admin.py the admin API; pairing_api.py how phones pair (and the board's own
screen); json_body.py the one reader of request bodies; token.py the admin token; assets/ the pages.
"""
