"""The text picture of a position (S-H1: everything shown to everybody)."""

from __future__ import annotations

from boardkit_shangrila.rules.board import PATHS

from ..builders import GAME, build


def test_render_shows_villages_strength_stones_bridges_supply_and_turn() -> None:
    """Each village with its spaces, strength and stone; intact bridges; supplies; the turn."""
    broken = tuple(p for p in PATHS if 6 in p)
    state = build({4: "Hr+ Dy", 6: "Fb"}, to_move=1, broken=broken, stones=(6,))
    text = GAME.render_text(state, 0)
    lines = text.splitlines()
    assert "main phase" in lines[0] and "blue (seat 2) to move" in lines[0]
    village4 = next(line for line in lines if line.startswith(" 4 "))
    assert "H:r+" in village4 and "D:y " in village4 and "strength  3/2" in village4
    assert "bridges to 0,3,5,7" in village4
    village6 = next(line for line in lines if line.startswith(" 6*"))
    assert "F:b " in village6 and "bridges to -" in village6
    assert "intact bridges: 0-1 0-3 0-4 1-2" in text
    assert "0-6" not in text.split("intact bridges:")[1].splitlines()[0]
    red = next(line for line in lines if line.strip().startswith("red"))
    assert red.split()[1:] == ["4", "6", "6", "6", "6", "6", "6"]  # healer master + student
    assert GAME.render_text(state, None) == text


def test_score_is_the_masters_count_and_ends_as_the_result_scores() -> None:
    """The score is the rulebook's points: masters, a whole number (S-E2); the villages only
    break ties in the ranking. At the end it equals the result's scores, and every winner has
    the top score."""
    from boardkit import Match, Rng
    from boardkit_shangrila.game import ShangrilaGame
    from boardkit_shangrila.rules.scoring import standing

    match = Match.new("shangrila", 3, seed=8)
    game = match.game
    assert isinstance(game, ShangrilaGame)
    rng = Rng(8)
    while not match.is_over:
        masters, _ = standing(match.state)
        running = [game.score(match.state, s) for s in range(3)]
        assert running == list(masters)
        assert all(isinstance(value, int) for value in running)
        match.play(rng.choice(match.legal_actions()))
    result = match.result
    assert result is not None
    scores = [game.score(match.state, s) for s in range(3)]
    assert scores == list(result.scores)
    assert all(scores[w] == max(scores) for w in result.winners)


def test_the_count_heuristic_rewards_own_masters_and_students() -> None:
    """The plain count: own masters over the others' average, plus students (S-E2, S-A3b).
    The game's evaluate hook adds the journeys' threats (test_shangrila_heuristic.py)."""
    from boardkit import Match
    from boardkit_shangrila.game import ShangrilaGame
    from boardkit_shangrila.rules.scoring import heuristic, standing

    match = Match.new("shangrila", 3, seed=3)
    game = match.game
    assert isinstance(game, ShangrilaGame)
    for _ in range(30):
        match.play(match.legal_actions()[0])
    masters, students = standing(match.state)
    assert sum(masters) == sum(1 for c in match.state.spaces if c)
    for seat in range(3):
        others = [masters[s] for s in range(3) if s != seat]
        expected = masters[seat] - sum(others) / 2 + 0.7 * students[seat]
        assert heuristic(match.state, seat) == expected
