"""The page's click rule (static/clicks.js) is boardkit.present.clicks, ported: the same answers.

Chromium runs the shipped clicks.js on the targets of real positions of Shangrila and Khan (and
on bad input), and every answer of ``narrow`` and ``click`` is compared with the Python module's.
The clicks are those a person could make: lit elements, clicked ones (taken back), elements that
start another move, and elements no move touches.
"""

from __future__ import annotations

import random
from importlib.resources import files
from typing import Any

import pytest

from boardkit import Match
from boardkit.present.clicks import ClickError, click, narrow

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CLICKS_JS = files("boardkit.server") / "static" / "clicks.js"

RUN_CASES = """cases => cases.map(([targets, clicks, clicked]) => {
  try {
    const open = boardkitClicks.narrow(targets, clicks);
    return {
      narrow: [open.remaining, open.clickable, open.complete, open.chosen, open.needsMenu],
      click: clicked === null ? null : boardkitClicks.click(targets, clicks, clicked),
    };
  } catch (error) {
    return { error: error instanceof TypeError };
  }
})"""


def python_answer(targets: list[list[str]], clicks: list[str], clicked: str | None) -> Any:
    try:
        open_ = narrow(targets, clicks)
        after = None if clicked is None else list(click(targets, clicks, clicked))
    except ClickError:
        return {"error": True}
    found = [list(open_.remaining), list(open_.clickable), list(open_.complete)]
    return {"narrow": [*found, open_.chosen, open_.needs_menu], "click": after}


def positions(game: str, players: int, seed: int, every: int) -> list[list[list[str]]]:
    """The targets of every legal action at some positions of a random match."""
    match = Match.new(game, players, seed=seed)
    rng = random.Random(seed)
    found: list[list[list[str]]] = []
    while not match.is_over:
        legal = match.legal_actions()
        if len(match) % every == 0:
            found.append([list(match.game.action_targets(a, match.state)) for a in legal])
        match.play(legal[rng.randrange(len(legal))])
    return found


def click_walks(targets: list[list[str]], rng: random.Random, walks: int) -> list[Any]:
    """Cases (targets, clicks, next click) along random walks of clicks a person could make."""
    every_id = sorted({t for ts in targets for t in ts}) or ["nothing"]
    cases: list[Any] = []
    for _ in range(walks):
        clicks: list[str] = []
        for _ in range(6):
            open_ = narrow(targets, clicks)
            pool = [*open_.clickable, *clicks, *every_id, "not-on-the-board"]
            clicked = rng.choice(pool)
            cases.append([targets, list(clicks), clicked])
            clicks = list(click(targets, clicks, clicked))
        cases.append([targets, list(clicks), None])
    return cases


def test_clicks_js_answers_as_boardkit_clicks(browser: Any) -> None:
    rng = random.Random(5)
    cases: list[Any] = []
    for targets in positions("shangrila", 3, 2, 3) + positions("khan", 3, 4, 4):
        cases += click_walks(targets, rng, 3)
    docs = [("village-4", "bridge-4-7"), ("village-7", "bridge-4-7"), ("village-4", "space-4-H")]
    cases.append([[list(t) for t in docs], ["bridge-4-7"], "village-7"])
    bad = [
        [[["a", "a"]], [], None],  # an id twice in one action
        [[["a"]], ["a", "a"], None],  # a click twice
        [[["a", ""]], [], None],  # an empty id
        [[["a"]], [], ""],  # an empty click
    ]
    cases += bad
    context = browser.new_context()
    page = context.new_page()
    page.add_script_tag(content=CLICKS_JS.read_text(encoding="utf-8"))
    answers = page.evaluate(RUN_CASES, cases)
    context.close()
    assert len(answers) == len(cases)
    chosen = multi = 0
    for case, answer in zip(cases, answers, strict=True):
        assert answer == python_answer(*case), f"clicks.js differs on {case}"
        if "narrow" in answer:
            chosen += answer["narrow"][3] is not None
            multi += len(answer["narrow"][0]) > 1 and bool(case[1])
    # the walks reached every kind of answer, and the bad input was refused by both
    assert chosen > 20 and multi > 20
    assert all(a == {"error": True} for a in answers[-len(bad) :])
    assert answers[-len(bad) - 1]["click"] == ["bridge-4-7", "village-7"]
