# Four clone readers (fake_chip: holds_miso, MISO tied low while deselected) under real
# MicroPython, run through main.main() by harness.py's run_firmware: wired straight together
# they read nothing and the hub names the cause (HELLO's bus "held", ERR - misoheld); through
# the board's 74LVC125A (fake_machine.Buffer125) every card is read. MicroPython-only Python.

UIDS = (b"\x04\xa2\xb3\xc4\xd5\xe6\x80", b"\xde\xad\xbe\xef", b"\xca\xfe\xba\xbe",
        b"\x04\x11\x22\x33\x44\x55\x66\x77\x88\x99")
TAGS = [("TAG", str(k), "".join(["%02X" % b for b in uid])) for k, uid in enumerate(UIDS)]


def place_all(chips, port):
    for chip, uid in zip(chips, UIDS):
        chip.place(uid)


def miso_bus(run_firmware, check):
    for buffered in (False, True):
        lines, chips, port, err = run_firmware([(300, place_all)], 800, 4, holds_miso=True,
                                               buffered=buffered)
        keys = [ln.key() for ln in lines]
        tags = [k for k in keys if k[0] == "TAG"]
        if buffered:
            check("four clone readers through the 74LVC125A: HELLO bus ok, every card read",
                  err is None and keys and keys[0][0] == "HELLO" and keys[0][6:7] == ("ok",)
                  and tags == TAGS and not [k for k in keys if k[0] == "ERR"], keys)
        else:
            check("four clone readers wired together: HELLO bus held, ERR - misoheld, no card read",
                  err is None and keys and keys[0][6:7] == ("held",) and ("ERR", "-", "misoheld") in keys
                  and tags == [], keys)
