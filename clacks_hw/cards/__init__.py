"""The physical cards' RFID tags: which tag is on which card (enrolment.py), and the
enrolment walk that records them one after another (enroll_walk.py).
"""
