// The help the match page gives: the game's how-to-play sections in a panel (from
// GET /api/games/{name}/rules, the game's Game.how_to_play), the rule each action of the menus
// names in its tooltip (the server's "rule" of each legal action), and why a click on an unlit
// board element does nothing. Nothing here knows a game.
"use strict";
// $ and el come from dom.js, boardkitLang from lang.js.

const boardkitHelp = {
  sections: [],

  // Fetch the game's sections once per language (lang.js: the page's) and fill the panel; the
  // button shows and hides it. The switch of languages calls it again.
  async load(game) {
    const lang = boardkitLang();
    if (this.loaded === `${game} ${lang}`) return;
    this.loaded = `${game} ${lang}`;
    const response = await fetch(`/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang)}`);
    if (!response.ok) return;
    const data = await response.json();
    this.sections = data.sections || [];
    $("help-button").hidden = this.sections.length === 0;
    const body = $("help-sections");
    body.replaceChildren();
    for (const section of this.sections) {
      const clauses = section.clauses.length ? ` (${section.clauses.join(", ")})` : "";
      const part = el("section", { class: "help-section", id: `help-${section.key}`, "data-key": section.key },
        el("h3", {}, section.title, el("small", {}, clauses)));
      for (const paragraph of section.paragraphs) part.append(el("p", {}, paragraph));
      body.append(part);
    }
  },

  toggle(open) {
    const panel = $("help-panel");
    panel.hidden = open === undefined ? !panel.hidden : !open;
    $("help-button").setAttribute("aria-expanded", String(!panel.hidden));
  },

  // An action's tooltip: its text (or how many choices lie under it), then the rule it follows.
  tooltip(base, actions) {
    const rules = [...new Set(actions.map((a) => a.rule).filter(Boolean))];
    return rules.length === 1 ? `${base}\n${t("rule: {rule}", { rule: rules[0] })}` : base;
  },

  // Why a click on the board element `name` did nothing: the state of the decision, else that
  // no move of this seat touches it now (lit places are moves).
  whyNot(name, state, you, clicking, picked) {
    if (!state) return "";
    if (state.over) return t("Nothing can be done at {name}: the game is over.", { name });
    if (you === null || you === undefined) return t("Nothing can be done at {name}: you are watching, not playing.", { name });
    if (state.to_decide !== you) return t("Nothing can be done at {name} now: it is not your move.", { name });
    if (!clicking) return t("Nothing can be done at {name} by clicking: this decision is taken in the menu.", { name });
    if (picked) return t("{name} is not part of any move with what you clicked so far: lit places go on, Esc starts again.", { name });
    return t("No move of yours touches {name} now: lit places are moves (the menu lists them all).", { name });
  },
};

$("help-button").addEventListener("click", () => boardkitHelp.toggle());
$("help-close").addEventListener("click", () => boardkitHelp.toggle(false));
