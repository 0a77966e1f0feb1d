// Playing by clicks: the narrowing rule of boardkit.present.clicks (Python), the same in the browser.
//
// targetsByAction[i] is the list of board ids the i-th legal action touches (the server sends
// them as `targets`, from the game's action_targets hook); clicks are the ids clicked so far.
// - an action is still possible while every click is one of its targets, in any order;
// - the ids to light up are the targets of the still possible actions not clicked yet;
// - an action is complete when all of its targets are clicked;
// - actions without targets are never reached by clicks (they stay in the menus).
// tests/server/test_click_rule.py checks this file against the Python module on real positions.
"use strict";

const boardkitClicks = (() => {
  function checkedIds(ids, what) {
    if (!Array.isArray(ids)) throw new TypeError(`${what} must be a list of ids`);
    for (const id of ids) {
      if (typeof id !== "string" || !id) throw new TypeError(`${what} holds ${JSON.stringify(id)}; every id must be a non-empty string`);
    }
    if (new Set(ids).size !== ids.length) {
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      throw new TypeError(`${what} names ${JSON.stringify(twice)} twice`);
    }
    return ids;
  }

  // What the clicks so far leave open: `remaining` (indices, ascending), `clickable` (ids, in
  // order of first appearance), `complete` (remaining actions with every target clicked),
  // `chosen` (the one action left, or null) and `needsMenu` (several complete, nothing to click).
  function narrow(targetsByAction, clicks) {
    const done = new Set(checkedIds(clicks, "the clicks"));
    const remaining = [];
    const complete = [];
    const clickable = new Set();
    targetsByAction.forEach((raw, index) => {
      const targets = checkedIds(raw, `the targets of action ${index}`);
      if (!targets.length || ![...done].every((id) => targets.includes(id))) return;
      remaining.push(index);
      const left = targets.filter((id) => !done.has(id));
      if (left.length) for (const id of left) clickable.add(id);
      else complete.push(index);
    });
    return {
      remaining, complete, clickable: [...clickable],
      chosen: remaining.length === 1 ? remaining[0] : null,
      needsMenu: complete.length > 1 && clickable.size === 0,
    };
  }

  // The clicks after a click on `clicked`: a clicked id is taken back, a clickable one added,
  // one that starts some action afresh starts a new selection, anything else changes nothing.
  function click(targetsByAction, clicks, clicked) {
    const before = checkedIds(clicks, "the clicks");
    checkedIds([clicked], "the click");
    if (before.includes(clicked)) return before.filter((id) => id !== clicked);
    if (narrow(targetsByAction, before).clickable.includes(clicked)) return [...before, clicked];
    if (narrow(targetsByAction, []).clickable.includes(clicked)) return [clicked];
    return before;
  }

  // Whether a click on `id` would change the clicks (used to pick, among nested elements under
  // the pointer, the innermost one that means something now).
  function matters(targetsByAction, clicks, id) {
    const after = click(targetsByAction, clicks, id);
    return after.length !== clicks.length || after.some((x, i) => x !== clicks[i]);
  }

  return { narrow, click, matters };
})();
