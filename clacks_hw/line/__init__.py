"""The clacks line: one game between two places, through a broker both sides reach outward.

One side is the referee: it holds the authoritative game and its journal (boardgame.io's
master); the other holds only its seats' views and sends their actions (Lichess's Board API).
The core modules take no clock and do no I/O, so every fault (a message lost, doubled,
reordered, a side restarted) is tested as data; store and link are the shell around them:

    code       the line code one side shows and the other types: the topic and the opening key
    seal       a seat's view and a seat's action, readable by their one recipient alone
    messages   what travels on the line, each checked field by field (LineError names the field)
    referee    the host's side: the offer, who joins, each action checked once, the log it keeps
    follower   the other side: the log applied in order, gaps asked for, actions sent until heard
    store      what each side keeps on disk before it says anything (a JSON Lines file a line)
    link       a side on a broker: paho puts what arrives in an inbox, the owner's thread pumps it

docs/line-protocol.md describes the protocol; docs/security.md what the referee can see.
"""
