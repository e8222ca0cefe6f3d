"""What every layer stands on: the error base class (errors.py), the one clock seam
(clock.py), reading a file someone else wrote (regular_file.py), writing files as root safely
(secure_files.py), and the characters no value may hold (unsafe_chars.py).
"""
