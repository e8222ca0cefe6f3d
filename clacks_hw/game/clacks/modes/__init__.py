"""The modes of Clacks, one game object each: what every mode shares (base.py), the
competitive game, the team games against the Post Office (race and solitaire) and the Junior
Race."""
