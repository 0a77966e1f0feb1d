"""The zones toolkit: moves keep every card, redaction hides what a reader may not see (order
included), a reader's fold gives his view, determinization agrees with the view, and every
value goes to JSON and back exactly."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.codec import TaggedCodec, make_converter
from boardkit.errors import GameDefinitionError, ZoneError
from boardkit.rng import Rng
from boardkit.zones import (
    HIDDEN,
    ZONE_EVENT_TYPES,
    Moved,
    Revealed,
    Shuffled,
    Visibility,
    Zone,
    Zones,
    redact,
)
from tests.budget import examples

SEATS = 3
READERS: tuple[int | None, ...] = (None, *range(SEATS))


def _table(cards: int) -> Zones:
    """A deck of ``cards`` cards, a hand per seat, a face-up and a face-down pile."""
    hands = (Zone.hand(f"hand {p}", p) for p in range(SEATS))
    return Zones.of(
        Zone.deck("deck", range(cards)),
        *hands,
        Zone.pile("discards"),
        Zone.pile("buried", face_up=False),
    )


# One step of play: (what, source, target, count); zones by index, steps that cannot be played
# on the table of the moment are skipped.
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["draw", "move", "shuffle", "reveal"]),
        st.integers(0, SEATS + 2),
        st.integers(0, SEATS + 2),
        st.integers(0, 3),
    ),
    max_size=25,
)


def _play(table: Zones, steps: list[tuple[str, int, int, int]], seed: int) -> list[object]:
    """The events of ``steps`` played on ``table`` with the builders, each folded in turn."""
    rng = Rng(seed)
    events: list[object] = []
    names = table.names
    for what, a, b, count in steps:
        source, target = names[a], names[b]
        held = table[source].items
        event: object
        if what == "shuffle":
            event = table.shuffle(source, rng)
        elif what == "reveal":
            event = table.reveal(source)
        elif source == target or count > len(held):
            continue
        elif what == "draw":
            event = table.draw(source, target, count)
        else:  # any cards of the source, not only the top ones
            picked = list(held)
            rng.shuffle(picked)
            event = table.move(source, target, picked[:count])
        events.append(event)
        table = table.fold(event)
    return events


def _fold(table: Zones, events: list[object]) -> Zones:
    for event in events:
        table = table.fold(event)
    return table


def _cards(table: Zones) -> Counter[int]:
    return Counter(card for zone in table.zones for card in zone.items)


@given(st.integers(1, 20), STEPS, st.integers(0, 2**32))
def test_moves_keep_every_card_and_hands_stay_sorted(
    cards: int, steps: list[tuple[str, int, int, int]], seed: int
) -> None:
    table = _table(cards)
    after = _fold(table, _play(table, steps, seed))
    assert _cards(after) == _cards(table)
    for zone in after.zones:
        assert zone.ordered or list(zone.items) == sorted(zone.items)


@settings(max_examples=examples(80))
@given(st.integers(1, 20), STEPS, st.integers(0, 2**32))
def test_a_readers_fold_of_his_redacted_events_is_his_view(
    cards: int, steps: list[tuple[str, int, int, int]], seed: int
) -> None:
    table = _table(cards)
    events = _play(table, steps, seed)
    real = _fold(table, events)
    for reader in READERS:
        folded = _fold(table.view(reader), [redact(event, reader) for event in events])
        assert folded.view(reader) == real.view(reader), reader
        assert len(folded.zones) == len(real.zones)


@given(st.integers(1, 20), STEPS, st.integers(0, 2**32))
def test_redaction_hides_exactly_what_the_reader_does_not_see(
    cards: int, steps: list[tuple[str, int, int, int]], seed: int
) -> None:
    for event in _play(_table(cards), steps, seed):
        for reader in READERS:
            shown = redact(event, reader)
            assert type(shown) is type(event)
            if isinstance(event, Revealed):
                assert shown == event
                continue
            assert isinstance(event, Moved | Shuffled) and isinstance(shown, Moved | Shuffled)
            sees = event.seen_by is None or reader in event.seen_by
            assert shown.items == (event.items if sees else (HIDDEN,) * len(event.items))


@settings(max_examples=examples(80))
@given(st.integers(1, 20), STEPS, st.integers(0, 2**32), st.integers(0, 2**32))
def test_determinize_agrees_with_the_view_and_reads_nothing_else(
    cards: int, steps: list[tuple[str, int, int, int]], seed: int, draw: int
) -> None:
    table = _table(cards)
    events = _play(table, steps, seed)
    real = _fold(table, events)
    for reader in READERS:
        twin = real.determinize(reader, Rng(draw))
        assert twin.view(reader) == real.view(reader)
        assert _cards(twin) == _cards(real)
        # A twin of the twin, with the same draws: the sample depends on the view alone.
        assert twin.determinize(reader, Rng(draw)) == twin
    # Each event, redacted for a reader, folds onto a twin of the table before it without
    # raising, and leaves as many cards in each zone as the real event does.
    for event in events:
        after = table.fold(event)
        for reader in READERS:
            twin = table.determinize(reader, Rng(draw)).fold(redact(event, reader))
            assert [len(z.items) for z in twin.zones] == [len(z.items) for z in after.zones]
        table = after


@given(st.integers(1, 20), STEPS, st.integers(0, 2**32))
def test_tables_and_events_go_to_json_and_back_exactly(
    cards: int, steps: list[tuple[str, int, int, int]], seed: int
) -> None:
    converter = make_converter()
    codec = TaggedCodec(converter, ZONE_EVENT_TYPES, "event")
    table = _table(cards)
    events = _play(table, steps, seed)
    for event in events:
        for reader in READERS:
            shown = redact(event, reader)
            assert codec.load(json.loads(json.dumps(codec.dump(shown)))) == shown
    real = _fold(table, events)
    for seen in (real, *(real.view(reader) for reader in READERS)):
        data = json.loads(json.dumps(converter.unstructure(seen)))
        assert converter.structure(data, Zones) == seen


@given(st.permutations(range(12)), st.permutations(range(12)))
def test_a_hand_dealt_from_any_shuffle_order_reads_the_same(
    first: list[int], second: list[int]
) -> None:
    """What a player is dealt tells him which cards, never the order the shuffle gave them."""
    hands = [_table(0).replace(Zone.deck("deck", order)) for order in (first, second)]
    dealt = [table.draw("deck", "hand 0", 4) for table in hands]
    if set(first[:4]) == set(second[:4]):
        for reader in READERS:
            assert redact(dealt[0], reader) == redact(dealt[1], reader)
    assert dealt[0].items == tuple(sorted(first[:4]))


def test_who_sees_what() -> None:
    table = _table(6)
    deal = table.draw("deck", "hand 1", 2)
    assert deal == Moved("deck", "hand 1", (0, 1), (1,))
    unseen = Moved("deck", "hand 1", (HIDDEN, HIDDEN), (1,))
    assert redact(deal, 1) == deal and redact(deal, 0) == unseen == redact(deal, None)
    table = table.fold(deal)
    laid = table.move("hand 1", "discards", [1])
    assert laid.seen_by is None and redact(laid, None) == laid  # face up: everyone sees it
    buried = table.move("hand 1", "buried", [0])
    assert buried.seen_by == (1,)  # the owner saw it leave his hand; nobody else sees it
    assert table.view(0)["hand 1"].items == (HIDDEN, HIDDEN)
    assert table.view(1)["hand 1"].items == (0, 1)
    assert table.view(None)["deck"].items == (HIDDEN,) * 4
    shown = table.fold(table.reveal("hand 1"))
    assert shown["hand 1"].visibility is Visibility.PUBLIC and shown["hand 1"].seen_by(None)
    assert shown["hand 1"].owner == 1 and shown["hand 1"].audience is None
    assert shown.view(0)["hand 1"].items == (0, 1)


def test_a_deal_gives_each_target_its_block_from_the_top() -> None:
    table = _table(0).replace(Zone.deck("deck", [9, 4, 7, 1, 3, 8, 2]))
    dealt = table.deal("deck", ["hand 2", "hand 0", "discards"], 2)
    assert [(m.target, m.items) for m in dealt] == [
        ("hand 2", (4, 9)),
        ("hand 0", (1, 7)),
        ("discards", (3, 8)),
    ]
    assert _fold(table, list(dealt))["deck"].items == (2,)
    with pytest.raises(ZoneError, match="holds 1 cards; cannot draw 2"):
        table.deal("deck", ["hand 0", "hand 1", "hand 2", "discards"], 2)


def test_a_shuffle_depends_on_the_cards_and_the_draws_alone() -> None:
    one = _table(0).replace(Zone.deck("deck", [3, 1, 2]))
    other = _table(0).replace(Zone.deck("deck", [2, 3, 1]))
    assert one.shuffle("deck", Rng(7)) == other.shuffle("deck", Rng(7))
    assert redact(one.shuffle("deck", Rng(7)), 0) == Shuffled("deck", (HIDDEN,) * 3, ())


def test_a_redacted_move_folds_onto_a_twin_that_lacks_its_cards() -> None:
    """The fold takes the card itself, else a hidden card, else the top card; it never raises,
    and the counts come out right."""
    table = Zones.of(Zone.hand("hand 0", 0, [5, 7]), Zone.pile("discards"), Zone.deck("deck"))
    assert table.fold(Moved("hand 0", "discards", (9,)))["hand 0"].items == (7,)
    assert table.fold(Moved("deck", "discards", (9,)))["discards"].items == (9,)
    assert table.fold(Moved("hand 0", "deck", (HIDDEN,)))["hand 0"].items == (7,)
    assert table.fold(Moved("hand 0", "discards", (7,)))["hand 0"].items == (5,)
    masked = table.view(1)
    assert masked.fold(Moved("hand 0", "discards", (7,)))["hand 0"].items == (HIDDEN,)
    assert masked.fold(Moved("hand 0", "discards", (7,)))["discards"].items == (7,)
    assert table.fold(object()) is table


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda t: t["nowhere"], "no zone 'nowhere'"),
        (lambda t: t.replace(Zone.pile("nowhere")), "no zone 'nowhere'"),
        (lambda t: t.move("deck", "hand 0", [99]), "holds no card 99"),
        (lambda t: t.move("deck", "hand 0", [HIDDEN]), "holds no card -1"),
        (lambda t: t.move("deck", "deck", [0]), "to itself"),
        (lambda t: t.draw("deck", "hand 0", 5), "holds 4 cards; cannot draw 5"),
        (lambda t: Zones.of(Zone.pile("a"), Zone.pile("a")), "two zones share a name"),
        (lambda t: Zone("h", Visibility.OWNER, False, 0, (2, 1)), "keeps its cards sorted"),
        (lambda t: Zone("h", Visibility.OWNER, False, None), "needs an owner"),
        (lambda t: Zone.pile("p", [-2]), "cards are ints 0 or more"),
    ],
)
def test_misused_zones_raise_a_zone_error_naming_the_zone(build: Any, words: str) -> None:
    with pytest.raises(ZoneError, match=words) as caught:
        build(_table(4))
    assert isinstance(caught.value, GameDefinitionError)
