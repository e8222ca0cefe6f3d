"""Rounds of KLACKERS: who begins, who wins, "two tie, all tie", pushes and the end of the game."""

from __future__ import annotations

from .conftest import do, game, refused, score_with, started


def play_round(state, *lefts):
    """Each player in turn order leaves ``lefts[i]`` up."""
    for left in lefts:
        state = score_with(state, state.seat, left)
    return state


def test_the_high_roller_begins_and_a_tie_for_high_rolls_again():
    s = game(3)
    assert s.phase == "opening" and s.seat == "S"
    s = do(do(do(s, "S", "roll", 5), "W", "roll", 2), "N", "roll", 5)
    assert s.phase == "opening" and s.contenders == ("S", "N") and s.seat == "S"
    assert refused(s, "W", "roll", 6).code == "not_your_turn"
    s = do(do(s, "S", "roll", 3), "N", "roll", 4)
    assert s.phase == "turn" and s.first == "N" and s.seat == "N"


def test_the_opening_roll_is_one_die():
    s = game(2)
    assert refused(s, "S", "roll", 3, 4).code == "dice_count"
    assert refused(s, "S", "roll_one", 3).code == "not_in_mode"


def test_the_lowest_score_wins_the_round_and_its_worth_from_each_other_player():
    s = play_round(started(3), (8,), (8, 9), (9,))
    r = s.results[-1]
    assert (r.winner, r.reason, r.worth) == ("S", "won", 1)
    assert dict(zip(s.config.seats, s.chips)) == {"S": 2, "W": -1, "N": -1}


def test_the_winner_of_a_round_goes_first_in_the_next():
    s = play_round(started(3), (8, 9), (8,), (9,))
    assert s.results[-1].winner == "W" and s.first == "W" and s.seat == "W" and s.round == 2


def test_two_tie_all_tie_pushes_the_round_and_the_next_is_worth_two():
    s = play_round(started(4), (9,), (2, 7), (8, 9), (1, 9))
    r = s.results[-1]
    assert (r.winner, r.reason) == (None, "tie") and s.worth == 2 and s.chips == (0, 0, 0, 0)
    assert s.first == "W"  # the last roller to tie the low score goes first
    s = play_round(s, (8, 9), (8,), (9,), (9,))  # W N E S
    assert s.results[-1].winner == "N" and s.results[-1].worth == 2
    assert dict(zip(s.config.seats, s.chips)) == {"S": -2, "W": -2, "N": 6, "E": -2}


def test_only_the_two_lowest_scores_tying_push_the_round():
    s = play_round(started(3), (9,), (9,), (8,))
    assert s.results[-1].winner == "N"  # S and W tie, but not for the low score


def test_further_pushes_make_the_round_worth_more():
    s = play_round(started(2), (9,), (9,))
    assert s.first == "N"
    s = play_round(s, (8,), (8,))  # N then S
    assert s.worth == 3 and s.round == 3 and s.first == "S"
    s = play_round(s, (7,), (9,))
    assert s.results[-1].worth == 3 and dict(zip(s.config.seats, s.chips)) == {"S": 3, "N": -3}


def test_two_klacks_push_the_round_at_once():
    s = play_round(started(4), (), (9,), ())  # S and N KLACK; E never rolls
    r = s.results[-1]
    assert (r.winner, r.reason) == (None, "two_klacks") and [x for x, _ in r.scores] == ["S", "W", "N"]
    assert s.worth == 2 and s.round == 2 and s.first == "N" and s.scores == ()


def test_hughie_rule_a_score_of_ten_or_more_is_no_point():
    s = play_round(started(2, variants={"hughie"}), (1, 9), (5, 6))  # S 10 (no point), N 11
    r = s.results[-1]
    assert (r.winner, r.reason) == (None, "no_point") and s.worth == 2 and s.first == "S"
    s = play_round(started(2, variants={"hughie"}), (5, 6), (9,))
    assert s.results[-1].winner == "N"


def test_without_hughie_a_high_score_still_wins():
    s = play_round(started(2), (1, 9), (5, 6))
    assert s.results[-1].winner == "S"


def test_klack_to_win_nobody_wins_without_a_klack():
    s = play_round(started(2, variants={"klack_to_win"}), (2,), (9,))
    assert s.results[-1].reason == "no_klack" and s.worth == 2 and s.first == "S"
    s = play_round(s, (9,), ())
    assert s.results[-1].winner == "N" and s.chips == (-2, 2)


def test_klack_is_worth_two_pays_the_klacker_a_chip_from_each_other_player_at_once():
    s = score_with(started(3, variants={"klack_worth_two"}), "S", ())
    assert s.chips == (2, -1, -1)  # before the round is over
    s = play_round(s, (9,), (8,))
    assert s.chips == (4, -2, -2) and s.results[-1].klack_bonus == ("S",)


def test_a_klack_without_the_option_pays_nothing_extra():
    s = score_with(started(3), "S", ())
    assert s.chips == (0, 0, 0)


def test_the_game_ends_when_the_rounds_are_won_and_the_most_chips_win():
    s = play_round(started(2, rounds=2), (9,), (8,))  # N wins; N goes first
    assert not s.over
    s = play_round(s, (9,), (8,))  # S wins
    assert s.over and s.winners == ("S", "N") and s.chips == (0, 0)  # level: they share the win
    assert refused(s, "S", "roll", 3, 4).code == "game_over"


def test_pushed_rounds_do_not_count_towards_the_end():
    s = play_round(started(2, rounds=1), (9,), (9,))
    assert not s.over and s.won == 0
    s = play_round(s, (9,), (8,))
    assert s.over and s.winners == ("S",) and s.chips == (2, -2)
