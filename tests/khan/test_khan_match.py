"""Whole games through :class:`boardkit.Match`: a 2-player game with a consent asked of the
player who is not on turn (K-X5), action texts and JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardkit import Match, NotYourDecisionError, Rng
from boardkit.codec import codec_for
from boardkit_khan.actions import (
    Conquer,
    Consent,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    KhanAction,
    NoSpecial,
    PlaceStartYurt,
    PlayDivineSupport,
    PlayScout,
)
from boardkit_khan.board import Region
from boardkit_khan.components import TileKind
from boardkit_khan.events import ConsentRefused, ConsentRequested, TileLaid
from boardkit_khan.placements import StackKey

from .game_builders import GAME, card_id, cell

ASKED = [Consent(True), Consent(False)]


def _first_consent_seed() -> tuple[int, int]:
    """The first seed whose random 2-player game asks for consent, and at which entry."""
    for seed in range(200):
        match: Match[Any] = Match.new(GAME, 2, seed=seed)
        chooser = Rng(seed, 77)
        while not match.is_over:
            legal = match.legal_actions()
            if legal == ASKED:
                return seed, len(match)
            match.play(chooser.choice(legal))
    raise AssertionError("no random 2-player game asked for consent")


def test_two_player_game_with_consent_through_match_k_x5() -> None:
    """K-X5: in a full 2-player game played through Match, a conquest that needs consent makes
    the non-active player decide; the active player may not answer for him; a "no" leaves the
    action unspent; the game then runs to its end and its log replays and verifies."""
    seed, _ = _first_consent_seed()
    match: Match[Any] = Match.new(GAME, 2, seed=seed)
    chooser = Rng(seed, 77)
    answers = 0
    refusal_checked = False
    while not match.is_over:
        legal = match.legal_actions()
        if legal == ASKED:
            state = match.state
            active = state.flow.active
            protector = match.to_decide
            assert protector is not None and protector != active
            request = [e for e in match.log.entries[-1].events if isinstance(e, ConsentRequested)]
            assert request and request[0].protectors[0] == protector
            with pytest.raises(NotYourDecisionError):
                match.play(Consent(True), player=active)
            left = state.turn.actions_left
            answer = Consent(answers % 2 == 1)  # first "no", then alternate
            events = match.play(answer, player=protector)
            answers += 1
            if not answer.yes:
                assert ConsentRefused(protector) in events
                assert not any(isinstance(e, TileLaid) for e in events)
                if match.state.flow.active == active and not match.is_over:
                    assert match.state.turn.actions_left == left
                    assert match.to_decide == active
                refusal_checked = True
            continue
        match.play(chooser.choice(legal))
    assert answers >= 1 and refusal_checked
    result = match.result
    assert result is not None and len(result.scores) == 2
    again = Match.from_json(match.to_json(), GAME)
    assert again.state == match.state


def test_actions_read_as_text() -> None:
    """Actions read as short texts naming the action letter, cells and cards."""
    stack = StackKey(TileKind.CONQUEST, "P5")
    card = card_id("Seljuk", "NE")
    texts: dict[KhanAction, str] = {
        Invade(card, cell("C5")): "A: invade",
        DisplaceRuler(1): "B: displace ruler Seljuk",
        Conquer(stack, 3, cell("H7")): "C: conquer tile P5 orientation 3 at H7",
        InvadeAnywhere(cell("A5")): "D: invade any land at A5",
        Discard(()): "D: discard no cards",
        PlayDivineSupport(Region.TUNDRA): "Divine Support on Tundra",
        PlayScout(stack): "Scout reserving conquest P5",
        Consent(False): "consent: no",
        NoSpecial(): "no special card",
        PlaceStartYurt(cell("B2")): "start yurt at B2",
    }
    for action, fragment in texts.items():
        assert fragment in GAME.describe_action(action), GAME.describe_action(action)
    assert "Seljuk/NE/" in GAME.describe_action(Invade(card, cell("C5")))
    assert GAME.action_path(Invade(card, cell("C5")))[0] == "A: invade"


def test_actions_round_trip_through_json() -> None:
    """Every kind of action is plain JSON and comes back equal."""
    codec = codec_for(GAME)
    stack = StackKey(TileKind.BRIDGE, "L4")
    for action in (
        Invade(3, 40),
        DisplaceRuler(7),
        Conquer(stack, 5, 60),
        InvadeAnywhere(12),
        Discard((1, 5, 9)),
        PlayDivineSupport(None),
        PlayDivineSupport(Region.SAND_DESERT),
        PlayScout(stack),
        Consent(True),
    ):
        data = json.loads(json.dumps(codec.actions.dump(action)))
        assert codec.actions.load(data) == action


def test_menu_paths_nest_conquests() -> None:
    """Front ends nest Khan's hundreds of actions: kind → tile → orientation → anchor cell (that
    no two legal actions share a path is checked by the conformance kit)."""
    from boardkit import Match, Rng

    match = Match.new("khan", 3, seed=4)
    rng = Rng(4)
    saw_conquest = False
    for _ in range(80):
        if match.is_over:
            break
        actions = match.legal_actions()
        paths = [match.game.action_path(a) for a in actions]
        first_level = {p[0] for p in paths}
        assert len(first_level) <= 12
        if "C: conquer" in first_level:
            saw_conquest = True
            assert all(len(p) == 4 for p in paths if p[0] == "C: conquer")
        match.play(rng.choice(actions))
    assert saw_conquest


def test_score_hook_gives_the_result_at_the_end() -> None:
    """Bots read score(state, seat): at the end it equals the K-V1…K-V3 totals of the result."""
    from boardkit import Match, Rng
    from boardkit_khan.game import KhanGame

    match = Match.new("khan", 2, seed=6)
    game = match.game
    assert isinstance(game, KhanGame)
    rng = Rng(6)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    result = match.result
    assert result is not None
    assert tuple(int(game.score(match.state, p)) for p in range(2)) == result.scores


def test_no_menu_level_is_longer_than_a_region() -> None:
    """Invasions by region (A, D, start yurts), discards by count, specials by card: no level
    of the menu holds more lines than the largest region has cells (23 on the shipped board),
    where action A with a Khan card once listed over a hundred cells."""
    from boardkit import Match, Rng
    from boardkit.present.menus import ActionMenu
    from boardkit_khan.actions import Discard, Invade

    longest = 0
    kinds: set[str] = set()
    for seed in range(3):
        match = Match.new("khan", 4, seed=seed)
        rng = Rng(seed, 5)
        while not match.is_over:
            menu = ActionMenu(match.game, match.legal_actions(), match.state)
            levels = [menu.descend(())]
            while levels:
                prefix = levels.pop()
                items = menu.items(prefix)
                longest = max(longest, len(items))
                levels += [
                    menu.descend((*prefix, item.label))
                    for item in items
                    if not item.leaf and len(item.actions) > 1
                ]
            for action in menu.actions:
                if isinstance(action, (Invade, Discard)):
                    kinds.add(type(action).__name__)
            match.play(rng.choice(match.legal_actions()))
    assert longest <= 23
    assert kinds == {"Invade", "Discard"}


def test_why_not_gives_the_rules_reasons_for_absent_actions() -> None:
    """Action D after a first action, an occupied cell for D, a start-yurt region taken."""
    from boardkit import Match, Rng
    from boardkit_khan.actions import InvadeAnywhere
    from boardkit_khan.state import STEP_ACTIONS

    match = Match.new("khan", 2, seed=3)
    rng = Rng(3, 1)
    game = match.game
    seen: set[str] = set()
    while not match.is_over and len(seen) < 2:
        state = match.state
        legal = match.legal_actions()
        if state.flow.step == STEP_ACTIONS and state.turn.actions_left == 1:
            assert game.why_not(state, ())["D: invade any land"] == (
                "action D uses both actions: only as the first action of step 2"
            )
            seen.add("one action left")
        anywhere = [a for a in legal if isinstance(a, InvadeAnywhere)]
        if anywhere:
            region = game.action_path(anywhere[0], state)[1]
            absent = game.why_not(state, ("D: invade any land", region))
            taken = {
                cell: reason for cell, reason in absent.items() if "not a free land cell" in reason
            }
            if taken:
                cell, reason = next(iter(taken.items()))
                assert reason == f"{cell} is not a free land cell"
                seen.add("occupied cell")
        match.play(rng.choice(legal))
    assert seen == {"one action left", "occupied cell"}
