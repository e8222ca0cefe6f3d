"""The pytest plugin as a builder uses it: a separate pytest run with -p clacks_hw.testing on a
test file of their own, using the clacks_board and clacks_hil fixtures (one passing test, one
failing with the script's report)."""

import subprocess
import sys

BUILDER_TESTS = '''
def test_s_moves_to_r2(clacks_board):
    for _ in range(4):
        clacks_board.click("PLAY")
    clacks_board.tap("W:GUILD")
    clacks_board.click("PLAY")
    clacks_board.click("R2")
    assert clacks_board.journal_actions()[-1] == {"seat": "S", "act": "move", "tower": "R2"}
    assert clacks_board.frame.tower("R2") != (0, 0, 0)


def test_script_that_fails(clacks_hil):
    clacks_hil("press PLAY\\nexpect screen game\\n")
'''


def test_builder_tests_run_with_the_plugin(tmp_path):
    (tmp_path / "test_my_board.py").write_text(BUILDER_TESTS)
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "clacks_hw.testing", "-q", "-p", "no:cacheprovider",
                          "test_my_board.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "1 failed, 1 passed" in out.stdout, out.stdout + out.stderr
    assert "FAIL line 2: expect screen game" in out.stdout
    assert "expected screen game, found setup" in out.stdout
