// The match page: the seat's picture, its decisions as board clicks (where the game names the
// elements an action touches), as nested menus and as a typed move (an action's text, read by
// the server's Game.parse_action), narration, scores, the seat's log with time travel, and the
// result. Everything shown comes from the server, for this seat only; nothing
// here knows a game: clicks go through boardkitClicks (clicks.js), the rule of boardkit.present.clicks.
"use strict";
// $ and el come from dom.js.

const matchId = decodeURIComponent(location.pathname.split("/").pop());
const stored = JSON.parse(localStorage.getItem(`boardkit.seat.${matchId}`) || "null");

const app = {
  ws: null, welcome: null, state: null, entries: [], path: [], clicks: [], pastSeq: null, moment: null,
  retry: 500, sending: false, textsFor: null,
  pictures: new Map(), // entry → {tag, svg}: the pictures the server sent with their tags (time travel)
};

// How many past moments' pictures the page keeps (some tens of KB each; the oldest kept goes first).
const KEPT_PICTURES = 200;

function seatName(seat) {
  const seats = app.state ? app.state.seats : [];
  if (seat === null || seat === undefined) return "—";
  const name = seats[seat] ? seats[seat].name : `seat ${seat + 1}`;
  return seat === app.welcome?.you ? t("{name} (you)", { name }) : name;
}

function setLink(text, state) {
  $("link").textContent = text;
  $("link").dataset.state = state;
}

// --- the connection ------------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  app.ws = ws;
  ws.addEventListener("open", () => {
    app.retry = 500;
    // the reader's language: the server narrates this connection in it (lang.js)
    const hello = { type: "hello", match: matchId, lang: boardkitLang() };
    if (stored) hello.token = stored.token;
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    setLink(t("reconnecting…"), "down");
    setTimeout(connect, app.retry);
    app.retry = Math.min(app.retry * 2, 8000);
  });
}

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "welcome") {
    app.welcome = message;
    document.title = `boardkit — ${message.title}`;
    $("title").textContent = message.title;
    boardkitHelp.load(message.game);
    setLink(t("live"), "up");
  } else if (message.type === "state") {
    take(message);
  } else if (message.type === "view") {
    showPast(message);
  } else if (message.type === "undo") {
    takeUndo(message); // undo.js
  } else if (message.type === "error") {
    app.sending = false;
    if (message.code.startsWith("undo") || message.code === "no_undo") $("undo-status").textContent = message.message;
    if (message.code === "stale") $("act-error").textContent = t("The game moved on; here is the board now.");
    else $("act-error").textContent = message.message;
    if (message.code === "bad_token") setLink("not your seat", "down");
  }
}

function take(state) {
  if (state.full) app.entries = [];
  for (const entry of state.entries) app.entries[entry.seq] = entry;
  const moved = !app.state || app.state.seq !== state.seq;
  app.state = state;
  if (state.svg_tag) keepPicture(state.seq, state.svg_tag, state.svg); // a later view names it
  app.sending = false;
  if (moved) {
    app.path = [];
    app.clicks = [];
    $("act-error").textContent = "";
    $("move-text").value = "";
  }
  render(state.entries.length > 0 || state.full);
  // A round ended among the new entries: show the table it ended on, which the next deal or
  // prize covers, until the reader goes on (not on a resync, nor while looking at the past).
  const ended = state.full ? undefined : state.entries.filter((entry) => entry.rounds).pop();
  if (ended && app.pastSeq === null) showRoundEnd(ended.rounds[ended.rounds.length - 1]);
}

// --- drawing -------------------------------------------------------------------------------------

function render(newEntries) {
  const state = app.state;
  // For scripts and tests: where the match is, as this page knows it.
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.you = String(app.welcome.you);
  document.body.dataset.toDecide = String(state.to_decide);
  document.body.dataset.over = String(state.over);
  $("who").textContent = app.welcome.you === null
    ? t("watching") : t("you are {name}", { name: seatName(app.welcome.you) });
  if (app.pastSeq === null && app.moment === null && state.svg !== undefined) drawBoard(state.svg);
  drawDecision();
  markTargets();
  drawScores();
  drawTable(); // table.js: clocks, seats held by bots, leaving and coming back
  if (newEntries) {
    drawLines();
    drawLog();
  }
  drawBanner();
  drawUndo(); // undo.js
}

function drawBoard(svg) {
  const board = $("board");
  board.innerHTML = svg || "<p class='hint'>This game draws no picture.</p>";
  fitBoard();
}

// The picture fitted to the screen (fit.js: on a phone, the board at full width, its side
// panel below, zoomed until every lit place is big enough to tap), then its lit places marked.
function fitBoard() {
  boardkitFit.fit($("board"), boardkitFit.zoomWanted());
  markTargets();
}

function targetsOf(action) {
  return Array.isArray(action.targets) ? action.targets : [];
}

// The board ids of every legal action of this seat, now (empty in the past, or while others
// decide): the input of the click rule.
function targetLists() {
  if (app.pastSeq !== null || app.moment !== null || !app.state || app.state.to_decide !== app.welcome?.you) return [];
  return app.state.legal.map(targetsOf);
}

// What the clicks so far leave open (boardkitClicks.narrow), or null when the board is idle.
function narrowing() {
  const lists = targetLists();
  if (!lists.some((t) => t.length)) return null;
  return boardkitClicks.narrow(lists, app.clicks);
}

function markTargets() {
  const open = narrowing();
  const lit = new Set(open ? open.clickable : []);
  const clicked = new Set(open ? app.clicks : []);
  for (const node of $("board").querySelectorAll("[data-target]")) {
    const id = node.getAttribute("data-target");
    node.classList.toggle("bk-target", lit.has(id));
    node.classList.toggle("bk-chosen", clicked.has(id));
  }
  // For scripts and tests: the clicks so far and whether the board takes clicks now.
  document.body.dataset.clicks = open ? app.clicks.join(" ") : "";
  document.body.dataset.clickable = String(lit.size);
  document.body.dataset.remaining = String(open && app.clicks.length ? open.remaining.length : 0);
}

// A board element's name for people: its SVG <title> up to the first ":" or "," ("village 4",
// "Healer space"), else its short text (a card's name), else its id.
function targetName(id) {
  const node = $("board").querySelector(`[data-target="${CSS.escape(id)}"]`);
  if (!node) return id;
  const title = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  const text = (title ? title.textContent.split(/[:,]/)[0] : node.textContent).replace(/\s+/g, " ").trim();
  return text && text.length <= 40 ? text : id;
}

function drawBanner() {
  const state = app.state;
  const banner = $("banner");
  if (state.result) {
    // The server words the outcome ("a draw", "… wins", "… and … share the win") with seat
    // numbers in the winners' places; the page puts the seats' names there.
    const outcome = state.result.outcome.map((part) => (typeof part === "number" ? seatName(part) : part)).join("");
    banner.hidden = false;
    banner.replaceChildren(el("strong", {}, t("Game over — {outcome}.", { outcome }) + " "),
      el("span", {}, state.result.detail), " ",
      el("a", { id: "review-link", href: `/match/${encodeURIComponent(matchId)}/review` }, t("Review the game")));
  } else if (state.status === "open") {
    banner.hidden = false;
    banner.textContent = t("Waiting for players to join… share this page's address with them.");
  } else {
    banner.hidden = true;
  }
  if (state.verified === false) {  // a finished match whose game changed: its stored history
    if (banner.hidden) banner.replaceChildren();
    banner.hidden = false;
    banner.append(el("p", { class: "unverified" }, state.note || "Not verified: read-only."));
  }
}

// Candidates are listed one by one (with their full text) when the clicks leave at most this
// many; past it, the nested menu of the remaining actions shows them.
const LIST_AT_MOST = 12;

function drawDecision() {
  const state = app.state;
  const menu = $("menu");
  const crumbs = $("crumbs");
  const picking = $("picking");
  menu.replaceChildren();
  crumbs.replaceChildren();
  picking.replaceChildren();
  picking.hidden = true;
  const you = app.welcome.you;
  drawMoveForm(!state.over && state.to_decide === you && state.legal.length > 0);
  if (state.over) {
    $("turn").textContent = t("The game is over");
    return;
  }
  if (state.to_decide !== you || !state.legal.length) {
    const waiting = state.to_decide === null ? "…" : t("{name} decides", { name: seatName(state.to_decide) });
    $("turn").textContent = state.status === "open" ? t("Waiting for players") : waiting;
    if (you !== null && state.to_decide !== null && state.asked && state.active === you) {
      menu.append(el("p", { class: "hint" }, t("{name} must answer before you go on.", { name: seatName(state.to_decide) })));
    }
    return;
  }
  const consent = state.asked;  // a question put to you outside your turn, not your own move
  $("turn").textContent = consent ? t("Your answer, asked by {name}", { name: seatName(state.active) }) : t("Your move");
  const open = narrowing();
  let actions = state.legal;
  if (open && app.clicks.length) {
    actions = open.remaining.map((i) => state.legal[i]);
    drawPicking(open);
    if (actions.length <= LIST_AT_MOST) return;
  }
  drawMenu(actions);
  if (open) menu.append(el("p", { class: "hint" }, t("Or click the board: lit places are moves.")));
}

// The typed move: shown while this seat decides, its suggestions the legal actions' texts (the
// server reads what is sent; an unambiguous start of a text will do).
function drawMoveForm(deciding) {
  $("move-form").hidden = !deciding;
  if (!deciding || app.textsFor === app.state.seq) return;
  app.textsFor = app.state.seq;
  $("move-texts").replaceChildren(...app.state.legal.map((action) => el("option", { value: action.text })));
}

function playText(event) {
  event.preventDefault();
  if (app.sending || !app.state) return;
  const text = $("move-text").value;
  if (!text.trim()) {
    $("act-error").textContent = "Type a move as the menus write it, or the start of one.";
    return;
  }
  app.sending = true;
  $("act-error").textContent = "";
  // For scripts and tests: the last action this page sent, as "entry:text".
  document.body.dataset.sent = `${app.state.seq}:text`;
  send({ type: "act", seq: app.state.seq, text });
}

// The board selection: what was clicked, the moves it leaves (complete ones first), a way out.
function drawPicking(open) {
  const picking = $("picking");
  picking.hidden = false;
  const names = app.clicks.map(targetName).join(" + ");
  const cancel = el("button", { type: "button", id: "cancel-clicks", class: "cancel", title: "forget the clicks (Esc)", onclick: cancelClicks }, "✕ cancel");
  const count = open.remaining.length;
  const more = open.clickable.length ? " — click a lit place to go on" : "";
  picking.append(el("div", { class: "picked" }, el("strong", {}, names), cancel),
    el("p", { class: "hint" }, `${count} ${count === 1 ? "move" : "moves"} possible${more}.`));
  const order = [...open.complete, ...open.remaining.filter((i) => !open.complete.includes(i))];
  const listed = count <= LIST_AT_MOST ? order : open.complete;
  const list = el("div", { class: "candidates" });
  for (const i of listed) {
    const action = app.state.legal[i];
    const ready = open.complete.includes(i);
    list.append(el("button", {
      type: "button", class: ready ? "action candidate ready" : "action candidate", "data-index": String(action.i),
      title: boardkitHelp.tooltip(action.path.join(" › "), [action]), onclick: () => play(action),
    }, action.text));
  }
  if (listed.length) picking.append(list);
}

// The actions as a tree by their menu paths; app.path is where the player is in it.
function drawMenu(actions) {
  const menu = $("menu");
  const crumbs = $("crumbs");
  const depth = app.path.length;
  const here = actions.filter((a) => app.path.every((label, i) => a.path[i] === label));
  // a label as the reader reads it: "shown" where the server translated the path, the label else
  const shownAt = (action, i) => (action.shown ? action.shown[i] : action.path[i]);
  crumbs.append(el("button", { type: "button", class: "crumb", onclick: () => { app.path = []; drawDecision(); } }, t("all")));
  app.path.forEach((label, i) => crumbs.append(el("button", {
    type: "button", class: "crumb", onclick: () => { app.path = app.path.slice(0, i + 1); drawDecision(); },
  }, here.length ? shownAt(here[0], i) : label)));
  const groups = new Map();
  for (const action of here) {
    const label = action.path[depth];
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(action);
  }
  for (const [label, group] of groups) {
    const leaf = group.length === 1 && group[0].path.length === depth + 1;
    const button = el("button", {
      type: "button", class: leaf ? "action leaf" : "action branch", title: boardkitHelp.tooltip(leaf ? group[0].text : t("{count} choices", { count: group.length }), group),
      "data-path": [...app.path, label].join(" › "),
    }, leaf ? shownAt(group[0], depth) : `${shownAt(group[0], depth)} ›`);
    if (leaf) {
      button.dataset.index = String(group[0].i);
      button.addEventListener("click", () => play(group[0]));
    } else {
      button.addEventListener("click", () => { app.path = [...app.path, label]; drawDecision(); });
    }
    menu.append(button);
  }
}

function cancelClicks() {
  app.clicks = [];
  app.path = [];
  drawDecision();
  markTargets();
}

function play(action) {
  if (app.sending) return;
  app.sending = true;
  $("act-error").textContent = "";
  // For scripts and tests: the last action this page sent, as "entry:index".
  document.body.dataset.sent = `${app.state.seq}:${action.i}`;
  send({ type: "act", seq: app.state.seq, index: action.i });
}

// A seat's colour as a dot beside its name (the colour as the game names it, "red").
function colourDot(colour) {
  return colour ? el("span", { class: "dot", style: `background:${colour}`, title: colour }) : "";
}

function drawScores() {
  const state = app.state;
  const table = $("scores");
  table.replaceChildren();
  state.seats.forEach((seat, i) => {
    const marks = [];
    if (state.active === i) marks.push("▶");
    if (state.to_decide === i && state.to_decide !== state.active) marks.push("✋");
    const score = state.result ? state.result.scores[i] : state.scores ? state.scores[i] : "";
    table.append(el("tr", { class: state.to_decide === i ? "deciding" : "" },
      el("td", {}, marks.join(" ")),
      el("td", { class: "who" }, colourDot(seat.colour), seatName(i)),
      el("td", { class: "kind" }, seat.kind === "bot" ? `bot ${seat.bot}` : seat.stand_in ? `away: bot ${seat.stand_in} plays` : ""),
      el("td", { class: "score" }, String(score))));
  });
}

function drawLines() {
  const lines = $("lines");
  lines.replaceChildren();
  const recent = app.entries.slice(-4).filter(Boolean);
  for (const entry of recent) {
    for (const line of entry.lines) lines.append(el("li", {}, line));
  }
  lines.scrollTop = lines.scrollHeight;
}

function entryTitle(entry) {
  if (entry.seq === 0) return "setup";
  return `${seatName(entry.player)}: ${entry.text}`;
}

function drawLog() {
  const log = $("log");
  log.replaceChildren();
  for (const entry of app.entries) {
    if (!entry) continue;
    const item = el("li", { value: String(entry.seq), "data-seq": String(entry.seq), title: entry.lines.join("\n") },
      entryTitle(entry));
    item.addEventListener("click", () => travel(entry.seq));
    log.append(item);
    for (const round of entry.rounds || []) {  // the moment a round ended, inside this entry
      const moment = el("li", { value: String(entry.seq), class: "round-end", "data-round": String(round.round), title: round.summary },
        `round ${round.round} is over`);
      moment.addEventListener("click", () => showRoundEnd(round));
      log.append(moment);
    }
  }
  log.scrollTop = log.scrollHeight;
  const slider = $("slider");
  slider.max = String(app.state.seq);
  if (app.pastSeq === null) slider.value = String(app.state.seq);
}

// --- time travel ---------------------------------------------------------------------------------

function travel(seq) {
  if (!app.state) return;
  seq = Math.max(0, Math.min(seq, app.state.seq));
  if (seq === app.state.seq) return backToNow();
  app.pastSeq = seq;
  $("slider").value = String(seq);
  askView(seq, true);
}

// Ask for the moment after entry seq. With `kept`, a picture of it the page kept is named by its
// tag: while it is still the picture, the server answers with the tag alone, not the picture.
function askView(seq, kept) {
  const picture = kept ? app.pictures.get(seq) : undefined;
  send(picture ? { type: "view", seq, have: picture.tag } : { type: "view", seq });
}

// Keep the picture of the moment after entry seq (from a state or a view frame) with its tag, the
// most recently sent last: past KEPT_PICTURES the oldest kept goes.
function keepPicture(seq, tag, svg) {
  app.pictures.delete(seq);
  app.pictures.set(seq, { tag, svg });
  if (app.pictures.size > KEPT_PICTURES) app.pictures.delete(app.pictures.keys().next().value);
}

// The picture of a view frame: the one it carries (then kept, by its tag), or the one kept under
// the tag it names; undefined when that one is no longer kept.
function pastPicture(message) {
  if (message.svg !== undefined) {
    if (message.svg_tag) keepPicture(message.seq, message.svg_tag, message.svg);
    return message.svg;
  }
  const picture = app.pictures.get(message.seq);
  return picture && picture.tag === message.svg_tag ? picture.svg : undefined;
}

function showPast(message) {
  const svg = pastPicture(message);
  if (app.pastSeq !== message.seq) return;
  if (svg === undefined) return askView(message.seq, false); // not kept any more: in full
  app.moment = null;
  delete document.body.dataset.roundEnd;
  $("past-live").textContent = t("back to now");
  $("past").hidden = false;
  $("past-text").textContent = `After entry ${message.seq}: ${entryTitle(message.entry)}`;
  $("board").innerHTML = svg || "";
  document.body.classList.add("in-past");
  for (const item of $("log").children) item.classList.toggle("current", item.dataset.seq === String(message.seq));
  fitBoard();
}

// The table a round ended on (an entry's "rounds", from the server): its summary above, the
// picture (or the game's text) on the board, and "go on" back to the present.
function showRoundEnd(round) {
  app.moment = round;
  $("past").hidden = false;
  $("past-text").textContent = round.summary;
  $("past-live").textContent = "go on";
  if (round.svg) $("board").innerHTML = round.svg;
  else $("board").replaceChildren(el("pre", { class: "text-board" }, round.board));
  document.body.classList.add("in-past");
  document.body.dataset.roundEnd = String(round.round);
  for (const item of $("log").children) item.classList.toggle("current", item.dataset.round === String(round.round));
  fitBoard();
  drawDecision();
}

function backToNow() {
  app.moment = null;
  delete document.body.dataset.roundEnd;
  $("past-live").textContent = t("back to now");
  app.pastSeq = null;
  $("past").hidden = true;
  document.body.classList.remove("in-past");
  for (const item of $("log").children) item.classList.remove("current");
  if (app.state) {
    $("slider").value = String(app.state.seq);
    drawBoard(app.state.svg);
  }
}

// --- board clicks and downloads ------------------------------------------------------------------

// A click on the board: of the elements under the pointer that carry a data-target, the innermost
// one the click rule has a use for (a guild space inside its village, a cell under a yurt that
// lets clicks through; on a phone, a bridge through the band that widens it). One action left:
// it is played at once; several: they are listed.
$("board").addEventListener("click", (event) => {
  if (app.sending) return;
  const lists = targetLists();
  const hit = boardkitFit.targetOf(event.target);
  let node = lists.some((t) => t.length) ? hit : null;
  while (node && !boardkitClicks.matters(lists, app.clicks, node.getAttribute("data-target"))) {
    node = node.parentElement ? node.parentElement.closest("[data-target]") : null;
  }
  if (!node || !$("board").contains(node)) {  // an unlit element: say why nothing happens
    if (hit && $("board").contains(hit) && app.pastSeq === null && app.moment === null) {
      const why = boardkitHelp.whyNot(targetName(hit.getAttribute("data-target")), app.state,
        app.welcome?.you, lists.some((t) => t.length), app.clicks.length > 0);
      $("act-error").textContent = why;
    }
    return;
  }
  app.clicks = boardkitClicks.click(lists, app.clicks, node.getAttribute("data-target"));
  app.path = [];
  const open = boardkitClicks.narrow(lists, app.clicks);
  if (app.clicks.length && open.chosen !== null) {
    markTargets();
    play(app.state.legal[open.chosen]);
    return;
  }
  drawDecision();
  markTargets();
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && app.clicks.length) cancelClicks();
});

$("move-form").addEventListener("submit", playText);
$("slider").addEventListener("input", () => travel(Number($("slider").value)));
$("back").addEventListener("click", () => travel((app.pastSeq ?? app.state.seq) - 1));
$("forward").addEventListener("click", () => travel((app.pastSeq ?? app.state.seq) + 1));
$("past-live").addEventListener("click", backToNow);
$("zoom").addEventListener("click", () => {
  boardkitFit.setZoomWanted(!boardkitFit.zoomWanted());
  fitBoard();
});
// A turned phone or a resized window fits the picture again (a phone's address bar coming and
// going changes only the height: nothing to do then).
let fittedWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (window.innerWidth === fittedWidth) return;
  fittedWidth = window.innerWidth;
  fitBoard();
});

$("download").addEventListener("click", async (event) => {
  event.preventDefault();
  const headers = stored ? { authorization: `Bearer ${stored.token}` } : {};
  const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/log`, { headers });
  const blob = await response.blob();
  const name = (response.headers.get("content-disposition") || "").split('"')[1] || "log.json";
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  link.click();
  URL.revokeObjectURL(link.href);
});

if (stored === null) $("download").dataset.i18n = "download the spectator's log";
// the switch: the page's words at once, the match's narration in a full state from the server
boardkitLangSwitch((lang) => {
  send({ type: "lang", lang });
  if (app.welcome) boardkitHelp.load(app.welcome.game); // the rules in the language chosen
  drawUndo(); // undo.js: its words are the page's, drawn again at once
});
connect();
