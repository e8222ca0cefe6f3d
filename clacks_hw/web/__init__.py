"""The board's web side: its kiosk page, the phones' admin and seat pages, the MQTT link.

snapshot.py what the game loop publishes; public.py the public view of it; feed.py the newest
state for viewers; guard.py connection limits and security headers; base.py the page server on
its own thread (the hall's too, ../hall/); server.py the board's; admin.py the admin API;
pairing_api.py how phones pair (and the board's own screen); seat_api.py a seat's phone;
json_body.py the one reader of request bodies; token.py the admin token; assets/ the pages.
"""
