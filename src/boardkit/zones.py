"""Zones: decks, hands and piles of cards, who sees what, and the events that move cards.

Card games spend most of their rules on bookkeeping: a card goes from the deck to a hand, from a
hand to a pile; a player sees his own hand, everyone sees the discards, nobody sees the deck;
the log must tell each player only what he sees, a player's log must fold to what he sees, and a
search bot wants the unseen cards dealt again at random. This module does that bookkeeping once,
as plain data, for any game that keeps its cards in zones. It is optional: a game uses it by
holding a :class:`Zones` value in its state and delegating four hooks to it.

The pieces:

- A **card** is an ``int`` of the game's choosing, ``0`` or more (its number, or an index into
  the game's own table of cards); :data:`HIDDEN` (``-1``) stands for a card the reader may not
  see.
- A :class:`Zone` is a named, ordered tuple of cards with a :class:`Visibility`: ``PUBLIC``
  (face up, everyone sees the cards), ``OWNER`` (a hand: its owner sees the cards, everyone
  else how many) or ``HIDDEN`` (face down: everyone sees how many, nobody which). The first card
  is the **top**. An unordered zone (a hand) keeps its cards sorted, so the order in which they
  arrived is no part of the state and tells nobody anything.
- :class:`Zones` is the table: every zone of the game, by name. It builds the events
  (:meth:`Zones.move`, :meth:`Zones.draw`, :meth:`Zones.deal`, :meth:`Zones.shuffle`,
  :meth:`Zones.reveal`), folds
  them (:meth:`Zones.fold`), shows a player what he sees (:meth:`Zones.view`) and deals the
  unseen cards again (:meth:`Zones.determinize`).
- Three events, :class:`Moved`, :class:`Shuffled` and :class:`Revealed`
  (:data:`ZONE_EVENT_TYPES`), each carrying who may see its cards, so that :func:`redact` needs
  no state: a reader who may not see them gets :data:`HIDDEN` in their place, as many as there
  were.

How a game uses it (``boardkit.examples.highcard`` is a whole game on zones):

========================  ========================================================================
hook                      delegates to
========================  ========================================================================
``event_types``           ``(*ZONE_EVENT_TYPES, ...)`` (the game's own events after them)
``initial``               a :class:`Zones` of the game's zones, the cards in their starting place
``setup`` / ``apply``     ``table.shuffle("deck", rng)``, ``table.deal("deck", hands, 2)`` …
``reduce``                ``evolve(state, table=state.table.fold(event))`` for a zone event
``view``                  ``evolve(state, table=state.table.view(player))``
``redact``                :func:`redact` (it returns any other event as it is)
``determinize``           ``evolve(state, table=state.table.determinize(player, rng))``
========================  ========================================================================

Folding a redacted event. A player's log folds onto a state whose hidden cards are
:data:`HIDDEN`, and the conformance kit folds a player's redacted events onto a twin whose hidden
cards were dealt again. So the fold takes each card of a :class:`Moved` from its source by what
it is when the source holds it, else takes a :data:`HIDDEN` card, else (a twin whose re-dealt
source lacks the card) the top card; it never raises. The counts always come out right, and a
reader's fold gives exactly what his view of the true state shows.

What determinization assumes. :meth:`Zones.determinize` gathers every card the player cannot see
now, shuffles them and deals them back into the same places, as many as each held. That is right
when a player learns nothing about unseen cards but their number; a game in which a card seen
once goes back face down somewhere known (a card shown and returned to a hand) must keep that
knowledge itself.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from attrs import evolve, field, frozen

from boardkit.errors import ZoneError
from boardkit.rng import Rng

HIDDEN: Final = -1
"""A card the reader may not see: what a view and a redacted event show in its place."""

Audience = tuple[int, ...] | None
"""The seats that see the cards of an event; ``None``: everyone, spectators included."""


class Visibility(enum.StrEnum):
    """Who sees the cards of a zone (everyone always sees how many it holds)."""

    PUBLIC = "public"
    """Face up: everyone sees the cards (a discard pile, cards on the table)."""
    OWNER = "owner"
    """A hand: its owner sees the cards, everyone else only how many."""
    HIDDEN = "hidden"
    """Face down: nobody sees the cards (a shuffled deck)."""


def _check_cards(zone: Zone, _: object, items: tuple[int, ...]) -> None:
    if any(type(card) is not int or card < HIDDEN for card in items):
        raise ZoneError(f"zone {zone.name!r}: cards are ints 0 or more (or HIDDEN): {items!r}")
    if not zone.ordered and list(items) != sorted(items):
        raise ZoneError(f"zone {zone.name!r} is unordered and keeps its cards sorted: {items!r}")


def _check_owner(zone: Zone, _: object, owner: int | None) -> None:
    if owner is None and zone.visibility is Visibility.OWNER:
        raise ZoneError(f"zone {zone.name!r}: a zone seen by its owner needs an owner")


@frozen
class Zone:
    """One named zone: its cards (top first), who sees them, and whether their order matters.

    Build one with :meth:`deck`, :meth:`hand` or :meth:`pile`; the constructor checks that an
    unordered zone's cards are sorted and that a zone seen by its owner has one.
    """

    name: str
    """The zone's name, unique on the table (``"deck"``, ``"hand 0"``)."""
    visibility: Visibility
    """Who sees the cards."""
    ordered: bool = field(default=True)
    """Whether the order of the cards matters (a deck, a pile); an unordered zone (a hand)
    keeps them sorted."""
    owner: int | None = field(default=None, validator=_check_owner)
    """The seat the zone belongs to (a hand, and the hand once it is shown); ``None`` for a zone
    of nobody's. Only an ``OWNER`` zone's visibility depends on it."""
    items: tuple[int, ...] = field(default=(), validator=_check_cards)
    """The cards, top first; :data:`HIDDEN` for one the reader of a view may not see."""

    @classmethod
    def deck(cls, name: str, items: Iterable[int] = ()) -> Zone:
        """A face-down, ordered pile nobody sees (a draw pile)."""
        return cls(name, Visibility.HIDDEN, True, None, tuple(items))

    @classmethod
    def hand(cls, name: str, owner: int, items: Iterable[int] = ()) -> Zone:
        """``owner``'s hand: unordered (kept sorted), seen by its owner alone."""
        return cls(name, Visibility.OWNER, False, owner, tuple(sorted(items)))

    @classmethod
    def pile(cls, name: str, items: Iterable[int] = (), *, face_up: bool = True) -> Zone:
        """An ordered pile, face up (everyone sees its cards) or face down (nobody does)."""
        visibility = Visibility.PUBLIC if face_up else Visibility.HIDDEN
        return cls(name, visibility, True, None, tuple(items))

    def seen_by(self, player: int | None) -> bool:
        """Whether ``player`` (``None``: a spectator) sees this zone's cards."""
        if self.visibility is Visibility.PUBLIC:
            return True
        return self.visibility is Visibility.OWNER and player is not None and player == self.owner

    @property
    def audience(self) -> Audience:
        """The seats that see this zone's cards; ``None``: everyone."""
        if self.visibility is Visibility.PUBLIC:
            return None
        if self.visibility is Visibility.OWNER and self.owner is not None:  # always, when built
            return (self.owner,)
        return ()

    def with_items(self, items: Iterable[int]) -> Zone:
        """This zone holding ``items`` (sorted first when the zone is unordered)."""
        cards = tuple(items)
        return evolve(self, items=cards if self.ordered else tuple(sorted(cards)))

    def masked(self) -> Zone:
        """This zone with every card :data:`HIDDEN` (as many as it holds)."""
        return evolve(self, items=(HIDDEN,) * len(self.items))


@frozen
class Moved:
    """``items`` left the zone ``source`` (the first one from the top) and went on top of the
    zone ``target``; ``seen_by`` are the seats that see them (``None``: everyone)."""

    source: str
    target: str
    items: tuple[int, ...]
    seen_by: Audience = None


@frozen
class Shuffled:
    """The zone ``zone`` now holds ``items``, in this order (top first): a shuffle."""

    zone: str
    items: tuple[int, ...]
    seen_by: Audience = ()


@frozen
class Revealed:
    """The zone ``zone`` is turned face up, showing ``items``: from now on everyone sees it (a
    hand shown keeps its owner)."""

    zone: str
    items: tuple[int, ...]


ZoneEvent = Moved | Shuffled | Revealed
"""The events of this module."""

ZONE_EVENT_TYPES: Final[tuple[type, ...]] = (Moved, Shuffled, Revealed)
"""The events of this module, for a game's ``event_types``."""


def _unique_names(table: Zones, _: object, zones: tuple[Zone, ...]) -> None:
    names = [zone.name for zone in zones]
    if len(set(names)) != len(names):
        raise ZoneError(f"two zones share a name: {names!r}")


def _sees(audience: Audience, player: int | None) -> bool:
    return audience is None or (player is not None and player in audience)


def _union(first: Audience, second: Audience) -> Audience:
    if first is None or second is None:
        return None
    return tuple(sorted({*first, *second}))


def _take(cards: list[int], card: int) -> None:
    """Take ``card`` out of ``cards`` as the fold does (the module docstring): itself, else a
    hidden card, else the top card (nothing from an empty zone)."""
    if card != HIDDEN and card in cards:
        cards.remove(card)
    elif HIDDEN in cards:
        cards.remove(HIDDEN)
    elif cards:
        del cards[0]


@frozen
class Zones:
    """The table: every zone of a game, in a fixed order, each name once."""

    zones: tuple[Zone, ...] = field(validator=_unique_names)

    @classmethod
    def of(cls, *zones: Zone) -> Zones:
        """A table of ``zones``, in this order."""
        return cls(zones)

    def __getitem__(self, name: str) -> Zone:
        """The zone called ``name``; :class:`ZoneError` for a name the table lacks."""
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise ZoneError(f"no zone {name!r} (zones: {', '.join(z.name for z in self.zones)})")

    def __contains__(self, name: object) -> bool:
        return any(zone.name == name for zone in self.zones)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the zones, in table order."""
        return tuple(zone.name for zone in self.zones)

    def replace(self, *zones: Zone) -> Zones:
        """This table with each of ``zones`` in place of the zone of its name."""
        by_name = {zone.name: zone for zone in zones}
        missing = sorted(set(by_name) - set(self.names))
        if missing:
            raise ZoneError(f"no zone {missing[0]!r} (zones: {', '.join(self.names)})")
        return Zones(tuple(by_name.get(zone.name, zone) for zone in self.zones))

    # --- building events (the rules call these, with the true table) ---------------------------

    def move(self, source: str, target: str, items: Sequence[int]) -> Moved:
        """The event that moves ``items`` (cards of ``source``) on top of ``target``.

        Raises :class:`ZoneError` when ``source`` does not hold them all. Cards bound for an
        unordered zone are listed sorted, so the event tells nothing of the order they were in.
        """
        src, dst = self[source], self[target]
        if source == target:
            raise ZoneError(f"a move from zone {source!r} to itself")
        held = list(src.items)
        for card in items:
            if card == HIDDEN or card not in held:
                raise ZoneError(f"zone {source!r} holds no card {card!r} to move to {target!r}")
            held.remove(card)
        cards = tuple(items) if dst.ordered else tuple(sorted(items))
        return Moved(source, target, cards, _union(src.audience, dst.audience))

    def draw(self, source: str, target: str, count: int = 1) -> Moved:
        """The event that moves the top ``count`` cards of ``source`` on top of ``target``."""
        held = self[source].items
        if not 0 <= count <= len(held):
            raise ZoneError(f"zone {source!r} holds {len(held)} cards; cannot draw {count}")
        return self.move(source, target, held[:count])

    def deal(self, source: str, targets: Sequence[str], count: int) -> tuple[Moved, ...]:
        """The events that deal ``count`` cards from the top of ``source`` to each of
        ``targets`` in turn: one :class:`Moved` a target, the first taking the top cards."""
        table, dealt = self, []
        for target in targets:
            dealt.append(table.draw(source, target, count))
            table = table.fold(dealt[-1])
        return tuple(dealt)

    def shuffle(self, zone: str, rng: Rng) -> Shuffled:
        """The event that shuffles ``zone``, drawn from ``rng``.

        The cards are sorted before the shuffle, so the outcome depends on what the zone holds
        and on ``rng`` alone, not on the order it held them in."""
        place = self[zone]
        return Shuffled(zone, rng.shuffled(sorted(place.items)), place.audience)

    def reveal(self, zone: str) -> Revealed:
        """The event that turns ``zone`` face up for good."""
        return Revealed(zone, self[zone].items)

    # --- folding, seeing, re-dealing -----------------------------------------------------------

    def fold(self, event: object) -> Zones:
        """The table after ``event``, a zone event (another event leaves it as it is).

        Folds redacted events and events onto a re-dealt twin too, and never raises for them
        (the module docstring says how a card is taken). An event naming a zone the table
        lacks raises :class:`ZoneError`: that is a mistake in the rules, not a redaction."""
        if isinstance(event, Moved) and event.source != event.target:
            src, dst = self[event.source], self[event.target]
            held = list(src.items)
            for card in event.items:
                _take(held, card)
            return self.replace(src.with_items(held), dst.with_items((*event.items, *dst.items)))
        if isinstance(event, Shuffled):
            return self.replace(self[event.zone].with_items(event.items))
        if isinstance(event, Revealed):
            shown = evolve(self[event.zone], visibility=Visibility.PUBLIC)
            return self.replace(shown.with_items(event.items))
        return self

    def view(self, player: int | None) -> Zones:
        """The table as ``player`` (``None``: a spectator) sees it: the cards of every zone he
        may not see :data:`HIDDEN`, as many as there are."""
        return Zones(tuple(z if z.seen_by(player) else z.masked() for z in self.zones))

    def unseen(self, player: int | None) -> tuple[int, ...]:
        """Every card ``player`` cannot see, sorted (what :meth:`determinize` deals again)."""
        return tuple(sorted(c for z in self.zones if not z.seen_by(player) for c in z.items))

    def determinize(
        self, player: int | None, rng: Rng, unseen: Iterable[int] | None = None
    ) -> Zones:
        """The table with every card ``player`` cannot see dealt again at random: each zone he
        cannot see holds as many cards as before, drawn from the cards he cannot see.

        The cards are gathered sorted before the shuffle, so the outcome depends on what
        ``player`` sees and on ``rng`` alone. ``view(player)`` of the result equals this table's.
        A game whose table was folded from a redacted log (:data:`HIDDEN` in place of the cards
        ``player`` cannot see) passes those cards as ``unseen``, worked out from what he sees.
        """
        cards = list(self.unseen(player) if unseen is None else sorted(unseen))
        rng.shuffle(cards)
        dealt: list[Zone] = []
        for zone in self.zones:
            if zone.seen_by(player):
                dealt.append(zone)
                continue
            count = len(zone.items)
            dealt.append(zone.with_items(cards[:count]))
            del cards[:count]
        return Zones(tuple(dealt))


def redact(event: object, player: int | None) -> object:
    """``event`` as ``player`` (``None``: a spectator) may read it: the cards of a zone event he
    may not see become :data:`HIDDEN`, as many as there were; any other event is returned as it
    is, so a game's ``redact`` may hand every event here after its own."""
    if isinstance(event, Moved | Shuffled) and not _sees(event.seen_by, player):
        return evolve(event, items=(HIDDEN,) * len(event.items))
    return event


__all__ = [
    "HIDDEN",
    "ZONE_EVENT_TYPES",
    "Audience",
    "Moved",
    "Revealed",
    "Shuffled",
    "Visibility",
    "Zone",
    "ZoneError",
    "ZoneEvent",
    "Zones",
    "redact",
]
