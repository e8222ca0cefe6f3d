# Presence tracking for one reader: TAG once when a card arrives, GONE once after it has
# been missing for `gone_after` consecutive polls. A card resting on the reader, or
# flickering at the edge of the field for fewer polls than that, produces nothing more.


class Presence:
    def __init__(self, gone_after=3):
        self.gone_after = gone_after
        self.uid = None
        self.misses = 0

    def update(self, uid):
        # uid: bytes read this poll, or None if no card answered. Returns a list of
        # ("TAG", uid) / ("GONE", uid) events, usually empty.
        if uid is None:
            if self.uid is None:
                return []
            self.misses += 1
            if self.misses < self.gone_after:
                return []
            old = self.uid
            self.uid = None
            self.misses = 0
            return [("GONE", old)]
        self.misses = 0
        if uid == self.uid:
            return []
        events = []
        if self.uid is not None:
            events.append(("GONE", self.uid))  # swapped faster than gone_after polls
        self.uid = uid
        events.append(("TAG", uid))
        return events
