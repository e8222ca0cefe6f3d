"""The board's screens, one small class each, switched by the controller (../controller.py).

    attract.py   AttractScreen: the demo plays; PLAY opens set-up
    setup.py     SetupScreen: the set-up menu (setup_menu.py) driven by buttons and word cards
    play.py      PlayScreen: a game in play; what a button or a card means comes from the game
    confirm.py   ConfirmScreen: "abandon this game?" over the game in play (PREV+NEXT held)
    over.py      OverScreen: the finished game stays lit; PLAY sets up the next one
    resume.py    ResumeScreen: after a restart, why the newest journal was refused, and
                 whether to go on with an older game
    fault.py     FaultScreen: a lost card reader or a journal that cannot be written; the
                 screen underneath waits and goes on, nothing lost, when the fault clears
    base.py      Screen: what every screen answers, and what it may ask of the board

A screen gets every input the controller does not handle itself (button presses, enrolled
cards, the reset gesture, time) through the methods of ``Screen``; it changes the board's
shared parts through ``self.board`` (the controller) and moves on with ``self.board.go``.
Adding a screen: subclass ``Screen``, give it a ``name``, override the inputs it cares about.
"""
