"""What a line typed at a menu names (:mod:`boardkit.terminal.menu_input`), read without a
session: the readings the session acts on."""

from __future__ import annotations

from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.match import Match
from boardkit.present.menus import ActionMenu, MenuWalk
from boardkit.terminal.menu_input import Confirm, Enter, Open, Play, Tell, read_choice, read_move


class SizedNim(NimGame):
    """Nim whose menu has two levels: a size class, then the count."""

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        return ("few" if action.count <= 2 else "many", f"take {action.count}")


def menu_of(stones: int = 7) -> tuple[SizedNim, NimState, ActionMenu]:
    game = SizedNim()
    match = Match.new(game, 2, {"stones": stones})
    return game, match.state, ActionMenu(game, match.legal_actions(), match.state)


def test_a_line_number_or_label_start_enters_that_line() -> None:
    game, state, menu = menu_of()
    walk = MenuWalk(menu)
    items = walk.items()
    assert read_choice(game, state, menu, walk, items, "2") == Enter(items[1])
    assert read_choice(game, state, menu, walk, items, "fe") == Enter(items[0])


class DeepNim(NimGame):
    """Nim whose larger takes sit two levels down: ``one``, or ``more`` then ``several``."""

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        if action.count == 1:
            return ("one", "take 1")
        return ("more", "several", f"take {action.count}")


def test_a_deeper_label_in_full_opens_its_level_or_waits_for_enter() -> None:
    game = DeepNim()
    state = Match.new(game, 2, {"stones": 7}).state
    menu = ActionMenu(game, game.legal_actions(state), state)
    walk = MenuWalk(menu)
    items = walk.items()
    assert [item.label for item in items] == ["one", "more"]
    assert read_choice(game, state, menu, walk, items, "several") == Open(("more", "several"))
    assert read_choice(game, state, menu, walk, items, "take 3") == Confirm(
        menu.actions.index(Take(3)), "take 3: press Enter to play it, or type anything else"
    )


def test_a_moves_text_plays_at_once_and_its_start_waits_for_enter() -> None:
    game, state, menu = menu_of()
    assert read_move(game, state, menu, "take 2") == Play(menu.actions.index(Take(2)))
    assert read_move(game, state, menu, "TAKE   1") == Play(menu.actions.index(Take(1)))
    refused = read_move(game, state, menu, "take 9")
    assert isinstance(refused, Tell) and refused.message


def test_a_line_that_names_nothing_is_told_why() -> None:
    game, state, menu = menu_of()
    walk = MenuWalk(menu)
    reading = read_choice(game, state, menu, walk, walk.items(), "7")
    assert reading == Tell("there is no line 7; choose 1 to 2")
    reading = read_choice(game, state, menu, walk, walk.items(), "take 9")
    assert isinstance(reading, Tell) and "9" in reading.message
