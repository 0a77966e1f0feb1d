"""Khan's narration: the exact lines of typical events, hidden cards kept hidden, every event
type worded (or quiet by design)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from boardkit.flow import FLOW_EVENT_TYPES, DecisionOwed, GameTruncated, TurnStarted
from boardkit.present.narration import narrate_entry, narrate_match_entry
from boardkit.testing.narration_checks import check_narration
from boardkit_khan.present.narration import QUIET_EVENTS, tile_name
from boardkit_khan.rules.actions import card_text
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.components import SpecialCard, TileKind
from boardkit_khan.rules.events import (
    EVENT_TYPES,
    ActionsForfeited,
    ActionsGranted,
    ActionTaken,
    CardDrawn,
    CardPlayed,
    CardRevealed,
    CardsDiscarded,
    ConsentGiven,
    ConsentRefused,
    ConsentRequested,
    DiscardReshuffled,
    DrawPileShuffled,
    EndPhaseTriggered,
    GameScored,
    NeutralYurtPlaced,
    RulerMoved,
    RulerRemoved,
    SpecialPlayed,
    SpecialReturned,
    StartPlayerChosen,
    TileLaid,
    TurnForfeited,
    YurtPlaced,
)
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import PHASE_MAIN, KhanState

from ..game_builders import (
    GAME,
    RULERS,
    STATIC,
    card_id,
    cell,
    main_state,
    mask,
    new_match,
    through_placement,
    with_field,
)

NAMES = ("red", "blue", "yellow", "violet")
L5 = StackKey(TileKind.CONQUEST, "L5")
SELJUK = RULERS["Seljuk"]
SELJUK_CARD = card_id("Seljuk", "SE", "tundra")


def lines(state: KhanState, events: Sequence[object], player: int | None = None) -> list[str]:
    return narrate_entry(GAME, state, events, player, NAMES)


def fresh() -> KhanState:
    """A main-phase state with full camps and no yurts (the events below set the scene)."""
    state = main_state(4)
    return with_field(state, camps=(5,) * 8, yurts=(0,) * 4, neutral=0)


def test_a_ruler_flees_and_a_yurt_from_his_camp_takes_his_cell() -> None:
    events: list[object] = [
        CardRevealed(SELJUK_CARD),
        RulerMoved(SELJUK, cell("B6"), cell("B5"), 1),
        NeutralYurtPlaced(cell("B6"), SELJUK),
    ]
    assert lines(fresh(), events) == [
        "the top card is turned face up: Seljuk/SE/Tundra",
        "Seljuk moves from B6 to B5",
        "a neutral yurt from Seljuk's camp goes on B6 (4 left)",
    ]


def test_action_b_says_which_action_and_takes_the_yurt_from_the_supply() -> None:
    state = fresh()
    active = state.flow.active
    assert active is not None
    events: list[object] = [ActionTaken("B", 1), NeutralYurtPlaced(cell("B6"), -1)]
    assert lines(state, events) == [
        f"{NAMES[active]} displaces a ruler (action B)",
        "a neutral yurt from the supply goes on B6",
    ]
    assert lines(state, events, active)[0] == "you displace a ruler (action B)"


def test_a_conquest_names_the_tile_its_cells_what_it_covers_and_who_shares_it() -> None:
    state = with_field(fresh(), yurts=(mask("D3", "D4"), mask("D5"), 0, 0), neutral=mask("D6"))
    tile = (STATIC.stack_mask[L5] & -STATIC.stack_mask[L5]).bit_length() - 1
    cells = mask("D3", "D4", "D5", "D6", "E6")
    alone = TileLaid(0, tile, L5, 0, cell("D3"), cells, (0,))
    assert lines(state, [alone]) == [
        "red conquers with the L-pentomino on D3 D4 D5 D6 E6 (5 points), covering 2 of red's "
        "yurts, 1 of blue's yurts and 1 neutral yurt; red's yurt goes on it"
    ]
    shared = TileLaid(0, tile, L5, 0, cell("D3"), cells, (0, 1))
    assert lines(state, [shared], 1) == [
        "red conquers with the L-pentomino on D3 D4 D5 D6 E6 (5 points), covering 2 of red's "
        "yurts, 1 of your yurts and 1 neutral yurt; red and you each put a yurt on it"
    ]


def test_a_card_drawn_is_named_only_to_its_drawer() -> None:
    state = fresh()
    drawn = [CardDrawn(1, SELJUK_CARD)]
    assert lines(state, drawn, 1) == ["you draw Seljuk/SE/Tundra"]
    assert lines(state, drawn, 0) == ["blue draws a card"]
    assert lines(state, drawn, None) == ["blue draws a card"]


def test_the_deal_shows_each_player_only_his_own_cards() -> None:
    match = through_placement(new_match(4))
    deal = next(
        e.seq for e in match.log.entries if any(isinstance(ev, DrawPileShuffled) for ev in e.events)
    )
    hands = match.state_at(deal).cards.hands
    for player in range(4):
        said = "\n".join(narrate_match_entry(match, deal, player))
        own = sorted(card_text(card) for card in hands[player])
        line = next(text for text in said.splitlines() if text.startswith("each player"))
        assert line.startswith("each player draws 4 cards; you draw ")  # one line, not 16
        assert sorted(re.split(r", | and ", line.split("; you draw ")[1])) == own
        assert "draws a card" not in said
        for other in range(4):
            for card in hands[other]:
                assert (card_text(card) in said) == (other == player)
        assert "the 72 ruler cards are shuffled into the draw pile" in said
    spectator = narrate_match_entry(match, deal, None)
    assert "each player draws 4 cards" in spectator


def test_draws_in_a_row_are_counted_per_drawer() -> None:
    state = fresh()
    drawn = [CardDrawn(1, SELJUK_CARD), CardDrawn(1, SELJUK_CARD + 1), CardDrawn(0, 5)]
    game = GAME
    seen = [game.redact(e, 0) for e in drawn]
    assert game.describe_events(seen, state, 0, ["red", "blue"]) == [
        "blue draws 2 cards",
        f"you draw {card_text(5)}",
    ]
    spectator = [game.redact(e, None) for e in drawn]
    assert game.describe_events(spectator, state, None, ["red", "blue"]) == [
        "blue draws 2 cards",
        "red draws a card",
    ]
    mine = [game.redact(e, 1) for e in drawn[:2]]
    assert game.describe_events(mine, state, 1, ["red", "blue"]) == [
        f"you draw {card_text(SELJUK_CARD)} and {card_text(SELJUK_CARD + 1)}"
    ]


@pytest.mark.parametrize(
    ("event", "player", "line"),
    [
        (StartPlayerChosen(2), None, "yellow is drawn to start"),
        (StartPlayerChosen(2), 2, "you are drawn to start"),
        (
            DiscardReshuffled((5, 6, 7)),
            None,
            "the 3 discarded cards are shuffled into a new draw pile",
        ),
        (CardPlayed(3, SELJUK_CARD), None, "violet plays Seljuk/SE/Tundra"),
        (CardsDiscarded(0, (SELJUK_CARD,)), 0, "you discard Seljuk/SE/Tundra"),
        (YurtPlaced(1, 0), None, None),
        (
            RulerRemoved(SELJUK, "camp"),
            None,
            "Seljuk's camp is empty: he leaves the board (1 of 5 rulers gone)",
        ),
        (
            RulerRemoved(SELJUK, "blocked"),
            None,
            "Seljuk cannot flee in any direction and leaves the board (1 of 5 rulers gone)",
        ),
        (RulerRemoved(SELJUK, "end"), None, "Seljuk leaves the board as the end phase comes"),
        (
            EndPhaseTriggered(True, 3),
            3,
            "the fifth ruler is gone: the end phase comes next, opened by you",
        ),
        (ActionsForfeited(1), None, None),
        (
            ConsentRequested(0, L5, 0, cell("D3"), (1, 2)),
            2,
            "red wants to lay the L-pentomino at D3, which needs the consent of blue and you",
        ),
        (DecisionOwed(1, "consent"), 1, "you must consent or refuse"),
        (ConsentGiven(1), None, "blue agrees to the conquest"),
        (ConsentRefused(2), None, "yellow refuses: the conquest does not happen"),
        (
            SpecialPlayed(1, SpecialCard.HIGH_MORALE),
            1,
            "you play High Morale and take one more action",
        ),
        (SpecialPlayed(1, SpecialCard.PROTECTION), None, "blue plays Protection of the Great Khan"),
        (
            SpecialPlayed(1, SpecialCard.DIVINE_SUPPORT, Region.TUNDRA),
            None,
            "blue plays Divine Support on Tundra",
        ),
        (
            SpecialPlayed(1, SpecialCard.SCOUT, stack=L5, tile=3),
            None,
            "blue plays Scout, reserving one L-pentomino",
        ),
        (
            SpecialPlayed(1, SpecialCard.SCOUT, stack=L5),
            None,
            "blue plays Scout, reserving the L-pentomino stack",
        ),
        (SpecialReturned(1, SpecialCard.SCOUT), 1, "your yurt comes back from Scout"),
        (TurnForfeited(3), 3, "you cannot conquer and lose the turn"),
        (
            GameScored((20, 18, 3, 1), (6, 10, 0, 3), (26, 28, 3, 4), (5, 6, 1, 1), (1,)),
            1,
            "final score: red 26 (20 + 6 bonus), blue 28 (18 + 10 bonus), yellow 3 (3 + 0 "
            "bonus), violet 4 (1 + 3 bonus); you win",
        ),
        (
            GameScored((20, 20, 3, 1), (6, 6, 0, 3), (26, 26, 3, 4), (5, 5, 1, 1), (0, 1)),
            None,
            "final score: red 26 (20 + 6 bonus), blue 26 (20 + 6 bonus), yellow 3 (3 + 0 "
            "bonus), violet 4 (1 + 3 bonus); red and blue share the win",
        ),
        (ActionsGranted(2), None, None),
        (ActionTaken("A", 1), None, None),
        (TurnStarted(2, 9), 2, "turn 9: your turn"),
    ],
)
def test_event_lines(event: object, player: int | None, line: str | None) -> None:
    said = GAME.describe_event(event, fresh(), player, NAMES)
    if line is not None or type(event) in QUIET_EVENTS:
        assert said == line
    else:
        assert isinstance(said, str) and said


def test_yurts_read_as_start_yurts_in_the_placement_rounds() -> None:
    match = new_match(4)
    state = match.state
    assert state.flow.phase != PHASE_MAIN
    assert GAME.describe_event(YurtPlaced(1, cell("F3")), state, None, NAMES) == (
        "blue places a start yurt on F3 (Tundra)"
    )
    assert GAME.describe_event(YurtPlaced(1, cell("F3")), fresh(), 1, NAMES) == (
        "you put a yurt on F3 (Tundra)"
    )


def test_tile_names() -> None:
    assert tile_name(StackKey(TileKind.CONQUEST, "I2")) == "the domino"
    assert tile_name(StackKey(TileKind.CONQUEST, "L3")) == "the bent tromino"
    assert tile_name(StackKey(TileKind.CONQUEST, "T4")) == "the T-tetromino"
    assert tile_name(StackKey(TileKind.BRIDGE, "I3")) == "the straight three-cell bridge"
    assert tile_name(StackKey(TileKind.BRIDGE, "L4")) == "the L-shaped four-cell bridge"


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_every_event_type_is_worded_or_quiet_and_nothing_leaks_in_random_games() -> None:
    report = check_narration(GAME, seeds=range(2))
    assert report.unseen(GAME) == set()
    every = set(EVENT_TYPES) | set(FLOW_EVENT_TYPES)
    assert set(QUIET_EVENTS) <= every
    assert report.seen == every - {GameTruncated}  # Khan always ends: never cut off
