"""The words of the rules' refusals that a player reads (:func:`.checks.verify`): which
clause an action breaks and why ("the Healer space of village 3 is taken"), in the language of
:func:`boardkit.i18n.language` (Shangrila's catalogue; English is the language of the message
ids).

Nothing here decides legality: :mod:`boardkit_shangrila.rules.checks` refuses an action, and
only then asks the ``*_refusal`` function of its kind *which* clause to name. They read the
state to explain (is the space taken, is the supply empty) and name the first clause that
applies; one that finds none raises :class:`AssertionError`, as the decision then holds a rule
that no explanation here knows (a bug; the property tests look for it).
"""

from __future__ import annotations

from typing import Any

from boardkit.english import a_or_an
from boardkit.i18n import N_, Message, Messages
from boardkit_shangrila.rules.actions import (
    Journey,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import RED_VILLAGE, VILLAGE_COUNT, path_index
from boardkit_shangrila.rules.components import (
    GUILD_COUNT,
    GUILD_INDEX,
    GUILD_NAMES,
    GUILDS,
    TILES_PER_GUILD,
    Guild,
)
from boardkit_shangrila.rules.state import MASTER, WITH_STUDENT, ShangrilaState
from boardkit_shangrila.rules.words import GUILD_PLURALS, GUILD_TITLES, colour_word

Refusal = tuple[str, str]
"""Why an action is illegal: ``(clause ID, message)``."""

_t = Messages("boardkit_shangrila").text
"""The refusals' words in the language of :func:`boardkit.i18n.language` (English ids)."""

PHASE_WORDS: dict[type, str] = {
    PlaceSetupMaster: N_("the placement phase is over; a new master is placed as action 1 now"),
    PlaceMaster: N_("during placement, only the start masters are placed (one of each guild)"),
    RecruitStudents: N_("during placement only set-up masters are placed"),
    Journey: N_("no journeys during placement"),
}
"""Why each kind of action is refused in the other phase (message ids): a set-up master in the
main phase, the three actions during placement (S-S3)."""


def phase_refusal(action: object) -> Refusal:
    """The refusal of ``action`` in a phase that does not allow its kind (S-S3)."""
    return "S-S3", _t(PHASE_WORDS[type(action)])


def pass_refusal() -> Refusal:
    """The refusal of a pass by a player who has a legal action (S-P1)."""
    return "S-P1", _t("a player who has a legal action may not pass")


def not_an_action(action: object) -> Refusal:
    """The refusal of an object that is no Shangrila action at all (a programming error, so
    in English only)."""
    return "action", f"{action!r} is not a Shangrila action"


def _village_refusal(village: object) -> Refusal | None:
    if type(village) is not int or not 0 <= village < VILLAGE_COUNT:
        return "S-C1", _t(
            "there is no village {village}; villages are numbered 0 to 12", village=repr(village)
        )
    return None


def _guild_refusal(guild: object) -> Refusal | None:
    if not isinstance(guild, Guild):
        names = ", ".join(g.value for g in GUILDS)
        return "S-C2", _t("{guild} is not a guild; guilds: {names}", guild=repr(guild), names=names)
    return None


def _stone_refusal(state: ShangrilaState, village: int) -> Refusal | None:
    if state.stones >> village & 1:
        if village == RED_VILLAGE and state.colours == 3:
            return "S-S2", _t("the red village is out of play with three players")
        return "S-A3e", _t(
            "village {village} has a Stone of the Wise; no action happens there", village=village
        )
    return None


def _space_refusal(state: ShangrilaState, village: object, guild: object) -> Refusal | None:
    """Why (``village``, ``guild``) is no space a tile may go to now: no such village or guild,
    or a Stone of the Wise on the village."""
    bad = _village_refusal(village) or _guild_refusal(guild)
    if bad is not None:
        return bad
    assert isinstance(village, int)  # _village_refusal let it through
    return _stone_refusal(state, village)


def _village_row(state: ShangrilaState, village: int) -> tuple[int, ...]:
    """The spaces of ``village``, in guild order."""
    return state.spaces[village * GUILD_COUNT : village * GUILD_COUNT + GUILD_COUNT]


def _unexplained(action: object) -> AssertionError:
    """The error for a refusal no clause explains: the explanations here missed a rule the
    decision holds (a bug; the property tests look for it)."""
    return AssertionError(f"the rules refuse {action!r} but no clause says why")


def setup_refusal(
    state: ShangrilaState, colour: int, action: PlaceSetupMaster, limits: tuple[int, int]
) -> Refusal:
    """Why the refused set-up master ``action`` of ``colour`` is illegal (S-S3, S-S2, S-C1,
    S-C2); ``limits`` are the placement limits of the game (most tiles in a village, most of
    one colour there)."""
    sent: Any = action  # its fields as sent, unchecked (see .checks.verify_journey)
    v, guild = sent.village, sent.guild
    bad = _space_refusal(state, v, guild)
    if bad:
        return bad
    g = GUILD_INDEX[guild]
    name = colour_word(colour)
    title = GUILD_TITLES[guild]
    if state.supply[colour * GUILD_COUNT + g] < TILES_PER_GUILD:
        if a_or_an(GUILD_NAMES[guild]).startswith("an "):
            placed = N_("{colour} has already placed an {guild}; one master of each guild")
        else:
            placed = N_("{colour} has already placed a {guild}; one master of each guild")
        return "S-S3", _t(placed, colour=name, guild=title)
    row = _village_row(state, v)
    if row[g]:
        return "S-S3", _t("the {guild} space of village {village} is taken", guild=title, village=v)
    # Beyond the limits (a free space of a needed guild is refused only there).
    village_limit, colour_limit = limits
    tiles = GUILD_COUNT - row.count(0)
    if tiles >= village_limit:
        return "S-S3", _t(
            "village {village} holds {tiles} tiles, the most allowed during placement",
            village=v,
            tiles=tiles,
        )
    if row.count(MASTER + colour) >= colour_limit:
        if colour_limit == 1:
            most = N_("{colour} has 1 tile in village {village}, the most allowed during placement")
        else:
            most = N_(
                "{colour} has {count} tiles in village {village}, the most allowed during placement"
            )
        return "S-S3", _t(most, colour=name, count=colour_limit, village=v)
    raise _unexplained(action)


def place_refusal(state: ShangrilaState, colour: int, action: PlaceMaster) -> Refusal:
    """Why the refused new master ``action`` of ``colour`` is illegal (S-A1, S-A3e, S-S2,
    S-C1, S-C2)."""
    sent: Any = action
    v, guild = sent.village, sent.guild
    bad = _space_refusal(state, v, guild)
    if bad:
        return bad
    g = GUILD_INDEX[guild]
    name = colour_word(colour)
    title = GUILD_TITLES[guild]
    row = _village_row(state, v)
    if row[g]:
        return "S-A1", _t("the {guild} space of village {village} is taken", guild=title, village=v)
    if not state.supply[colour * GUILD_COUNT + g]:
        return "S-A1", _t("{colour} has no {guild} left in supply", colour=name, guild=title)
    if MASTER + colour not in row and WITH_STUDENT + colour not in row:
        return "S-A1", _t(
            "{colour} has no master in village {village}, so cannot place one there",
            colour=name,
            village=v,
        )
    raise _unexplained(action)


def recruit_refusal(
    state: ShangrilaState, colour: int, action: RecruitStudents, pair_possible: bool
) -> Refusal:
    """Why the refused recruitment ``action`` of ``colour`` is illegal (S-A2, S-A3e, S-S2,
    S-C1, S-C2); ``pair_possible`` says whether the rules allow ``colour`` two students now
    (then one alone is refused)."""
    sent: Any = action
    placements = sent.placements
    if type(placements) is not tuple or not 1 <= len(placements) <= 2:
        return "S-A2", _t("recruiting places one or two students")
    name = colour_word(colour)
    needed = [0] * GUILD_COUNT
    for p in placements:
        if type(p) is not tuple or len(p) != 2:
            return "S-A2", _t(
                "a student's place is a (village, guild) pair, not {place}", place=repr(p)
            )
        v, guild = p
        bad = _space_refusal(state, v, guild)
        if bad:
            return bad
        g = GUILD_INDEX[guild]
        code = state.spaces[v * GUILD_COUNT + g]
        params: dict[str, str | int | Message] = {
            "colour": name,
            "guild": GUILD_TITLES[guild],
            "village": v,
        }
        if code == WITH_STUDENT + colour:
            return "S-A2", _t(
                "{colour}'s {guild} in village {village} already has a student", **params
            )
        if code != MASTER + colour:
            return "S-A2", _t("{colour} has no {guild} master in village {village}", **params)
        needed[g] += 1
    if len(placements) == 2 and placements[0] == placements[1]:
        return "S-A2", _t("a master never carries more than one student")
    for g, n in enumerate(needed):
        have = state.supply[colour * GUILD_COUNT + g]
        if n > have:
            if have == 1:
                return "S-A2", _t(
                    "{colour} has only 1 {guild} left in supply",
                    colour=name,
                    guild=GUILD_TITLES[GUILDS[g]],
                )
            return "S-A2", _t(
                "{colour} has only {count} {guilds} left in supply",
                colour=name,
                count=have,
                guilds=GUILD_PLURALS[GUILDS[g]],
            )
    if len(placements) == 1 and pair_possible:
        return "S-A2", _t("two students can be recruited, so recruiting one alone is not allowed")
    raise _unexplained(action)


def journey_refusal(state: ShangrilaState, colour: int, action: Journey) -> Refusal:
    """Why the refused journey ``action`` of ``colour`` is illegal (S-A3, S-A3d, S-A3e, S-S2,
    S-C1)."""
    sent: Any = action
    s, d = sent.source, sent.destination
    bad = _village_refusal(s) or _village_refusal(d)
    if bad:
        return bad
    path = path_index(s, d)
    if path is None:
        return "S-A3", _t("villages {a} and {b} are not neighbours", a=s, b=d)
    stone = _stone_refusal(state, s) or _stone_refusal(state, d)
    if stone:
        return stone
    if not state.bridges >> path & 1:
        return "S-A3d", _t("the bridge between villages {a} and {b} is broken", a=s, b=d)
    if WITH_STUDENT + colour not in _village_row(state, s):
        return "S-A3", _t(
            "{colour} has no student in village {village}", colour=colour_word(colour), village=s
        )
    raise _unexplained(action)


__all__ = [
    "PHASE_WORDS",
    "Refusal",
    "journey_refusal",
    "not_an_action",
    "pass_refusal",
    "phase_refusal",
    "place_refusal",
    "recruit_refusal",
    "setup_refusal",
]
