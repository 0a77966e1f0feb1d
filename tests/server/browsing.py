"""A person at a browser, for the Playwright tests: a context, its page, and what it was sent.

A :class:`Player` plays a legal action the way a person would: by clicking the board elements
the server named for it (the ``targets`` of the action in the seat's ``state`` frame), checking at
each click that the element is lit; then, if the clicks leave several moves, by picking it from
the candidates the page lists; and only for an action with no target, through the menus. Every
move is checked against what the page sent (``body[data-sent]``, "entry:index").
"""

from __future__ import annotations

import json
import random
import urllib.request
from collections import Counter
from typing import Any

PHONE = {"width": 390, "height": 844}
CENTRE_IN_VIEW = """node => {
  node.scrollIntoView({ block: "center", inline: "center" });
  const box = node.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""
LAPTOP = {"width": 1280, "height": 800}


def create_match(url: str, body: dict[str, Any]) -> str:
    """A new match on the server at ``url`` (``POST /api/matches`` with ``body``): its id."""
    request = urllib.request.Request(
        url + "/api/matches",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        match_id: str = json.loads(response.read())["id"]
    return match_id


def two_at_nim(ann: Player, bob: Player) -> dict[int, Player]:
    """``ann`` creates a two-player Nim match in the lobby, ``bob`` joins it, and both pages
    wait for the first entry and the take-back button: each player by the seat they got."""
    ann.lobby()
    ann.page.select_option("#game", "nim")
    ann.page.select_option("#players", "2")
    ann.page.select_option("[data-seat='1']", "")
    ann.page.click("#create-button")
    ann.page.wait_for_url("**/match/*")
    bob.join(ann.page.url.rsplit("/", 1)[1])
    for player in (ann, bob):
        player.wait_seq(0)
        player.page.wait_for_selector("#undo-ask", state="visible")
    return {int(ann.body("you")): ann, int(bob.body("you")): bob}


class Player:
    """One browser context: a person at their own machine, with the frames their page got."""

    def __init__(
        self, browser: Any, base: str, name: str, phone: bool = False, locale: str | None = None
    ) -> None:
        # ``locale``: the browser's language (navigator.language), which the page follows
        extra = {} if locale is None else {"locale": locale}
        self.context = browser.new_context(viewport=PHONE if phone else LAPTOP, **extra)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.base = base
        self.name = name
        self.moves: Counter[str] = Counter()
        """How this person's moves were made: ``board`` (clicks alone), ``board+list`` (clicks,
        then a pick among the candidates they left), ``menu`` (no board target)."""
        self.lists_seen = 0
        """Moves during which the page listed several candidates after a board click."""

    def _watch(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def lobby(self) -> None:
        self.page.goto(self.base + "/")
        self.page.wait_for_selector("#game option", state="attached")
        self.page.fill("#name", self.name)

    def join(self, match_id: str) -> None:
        self.lobby()
        self.page.locator(f"button.join[data-match='{match_id}']").first.click()
        self.page.wait_for_url(f"**/match/{match_id}")

    def body(self, name: str) -> str:
        return self.page.get_attribute("body", f"data-{name}") or ""

    def seq(self) -> int:
        return int(self.body("seq") or -1)

    def wait_seq(self, seq: int) -> None:
        """Wait until the page shows entry ``seq`` or later (polled: the page's strict CSP
        forbids the evaluated predicates of ``wait_for_function``)."""
        for _ in range(1200):
            if self.seq() >= seq:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{self.name}'s page never reached entry {seq}")

    def wait_over(self) -> None:
        self.page.wait_for_selector("body[data-over='true']", state="attached", timeout=60_000)

    def legal(self, seq: int) -> list[dict[str, Any]]:
        """The legal actions the server sent this seat for entry ``seq`` (its last such frame),
        waited for up to a minute: a loaded machine (CI runs the whole suite on every core, a
        wheel being built beside a browser) can take many seconds to send a frame."""
        for _ in range(3000):
            for raw in reversed(self.frames):
                message = json.loads(raw)
                if message.get("type") == "state" and message["seq"] == seq and message["legal"]:
                    legal: list[dict[str, Any]] = message["legal"]
                    return legal
            self.page.wait_for_timeout(20)
        raise AssertionError(f"{self.name} was sent no legal action for entry {seq}")

    def click_path(self, path: list[str] | tuple[str, ...]) -> None:
        for depth in range(1, len(path) + 1):
            key = " › ".join(path[:depth])
            self.page.locator(
                f"#menu button[data-path={json.dumps(key, ensure_ascii=False)}]"
            ).click()

    def target(self, target: str) -> Any:
        return self.page.locator(f"#board [data-target={json.dumps(target)}]")

    def click_target(self, target: str) -> None:
        """A real click (mouse events at a point) on a board element. A bridge drawn as a
        vertical or horizontal line has a flat bounding box, which Playwright calls invisible
        (and will not click) though its stroke can be clicked: the mouse then clicks the centre
        of that box, and the page's answer (the clicks it holds) tells whether it landed."""
        locator = self.target(target)
        if locator.is_visible():
            locator.click()
            return
        x, y = locator.evaluate(CENTRE_IN_VIEW)
        self.page.mouse.click(x, y)

    def lit(self, target: str) -> bool:
        return "bk-target" in (self.target(target).get_attribute("class") or "").split()

    def play(self, seq: int, action: dict[str, Any], rng: random.Random) -> None:
        """Play ``action`` (an item of :meth:`legal`) at entry ``seq``: by the board if it has
        targets (in the game's order, or shuffled now and then: the rule takes any order),
        else by the menus. Checks that the page sent exactly this action."""
        sent = f"{seq}:{action['i']}"
        self.page.wait_for_selector("#menu button.action, #picking:not([hidden])")
        assert self.body("sent") != sent, "this move was sent before it was made"
        targets = list(action["targets"])
        if not targets:
            self.click_path(action["path"])
            how = "menu"
        else:
            if rng.random() < 0.3:
                rng.shuffle(targets)
            how = "board"
            for target in targets:
                if self.body("sent") == sent:
                    break  # the clicks so far left this action alone: the page played it
                assert self.lit(target), f"{target} is not lit for {action['text']!r}"
                self.click_target(target)
                now = self.body("sent")
                assert now == sent or not now.startswith(f"{seq}:"), (
                    f"a click on {target} played another action than {action['text']!r}"
                )
                if now != sent:
                    assert target in self.body("clicks").split(), f"{target} was not clicked"
                if now != sent and int(self.body("remaining")) > 1:
                    assert self.page.locator("#picking").is_visible()
                    self.lists_seen += 1
            if self.body("sent") != sent:
                # every target clicked and still several moves: it is among the listed ones
                index = action["i"]
                candidate = self.page.locator(f"#picking button.candidate[data-index='{index}']")
                assert "ready" in (candidate.get_attribute("class") or "")
                candidate.click()
                how = "board+list"
        assert self.body("sent") == sent, f"{self.name}'s page did not send {action['text']!r}"
        self.moves[how] += 1

    def clicked_share(self) -> float:
        total = sum(self.moves.values())
        return (self.moves["board"] + self.moves["board+list"]) / total if total else 0.0

    def close(self) -> None:
        self.context.close()
