// The match page: the seat's picture, its decisions as nested menus (and board clicks where the
// game names the elements an action touches), narration, scores, the seat's log with time
// travel, and the result. Everything shown comes from the server, for this seat only.
"use strict";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const stored = JSON.parse(localStorage.getItem(`boardkit.seat.${matchId}`) || "null");

const app = {
  ws: null, welcome: null, state: null, entries: [], path: [], filter: null, pastSeq: null,
  retry: 500, sending: false,
};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function seatName(seat) {
  const seats = app.state ? app.state.seats : [];
  if (seat === null || seat === undefined) return "—";
  const name = seats[seat] ? seats[seat].name : `seat ${seat + 1}`;
  return seat === app.welcome?.you ? `${name} (you)` : name;
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
    const hello = { type: "hello", match: matchId };
    if (stored) hello.token = stored.token;
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    setLink("reconnecting…", "down");
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
    setLink("live", "up");
  } else if (message.type === "state") {
    take(message);
  } else if (message.type === "view") {
    showPast(message);
  } else if (message.type === "error") {
    app.sending = false;
    if (message.code === "stale") $("act-error").textContent = "The game moved on; here is the board now.";
    else $("act-error").textContent = message.message;
    if (message.code === "bad_token") setLink("not your seat", "down");
  }
}

function take(state) {
  if (state.full) app.entries = [];
  for (const entry of state.entries) app.entries[entry.seq] = entry;
  const moved = !app.state || app.state.seq !== state.seq;
  app.state = state;
  app.sending = false;
  if (moved) {
    app.path = [];
    app.filter = null;
    $("act-error").textContent = "";
  }
  render(state.entries.length > 0 || state.full);
}

// --- drawing -------------------------------------------------------------------------------------

function render(newEntries) {
  const state = app.state;
  // For scripts and tests: where the match is, as this page knows it.
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.you = String(app.welcome.you);
  document.body.dataset.toDecide = String(state.to_decide);
  document.body.dataset.over = String(state.over);
  $("who").textContent = app.welcome.you === null ? "watching" : `you are ${seatName(app.welcome.you)}`;
  if (app.pastSeq === null && state.svg !== undefined) drawBoard(state.svg);
  drawDecision();
  drawScores();
  if (newEntries) {
    drawLines();
    drawLog();
  }
  drawBanner();
}

function drawBoard(svg) {
  const board = $("board");
  board.innerHTML = svg || "<p class='hint'>This game draws no picture.</p>";
  markTargets();
}

function targetsOf(action) {
  return Array.isArray(action.targets) ? action.targets : [];
}

function markTargets() {
  const legal = app.pastSeq === null && app.state ? app.state.legal : [];
  const wanted = new Set(legal.flatMap(targetsOf));
  for (const node of $("board").querySelectorAll("[data-target]")) {
    node.classList.toggle("bk-target", wanted.has(node.getAttribute("data-target")));
    node.classList.toggle("bk-chosen", app.filter === node.getAttribute("data-target"));
  }
}

function drawBanner() {
  const state = app.state;
  const banner = $("banner");
  if (state.result) {
    const winners = state.result.winners.map(seatName).join(" and ");
    banner.hidden = false;
    banner.replaceChildren(el("strong", {}, `Game over — ${winners} ${state.result.winners.length > 1 ? "win" : "wins"}. `),
      el("span", {}, state.result.detail));
  } else if (state.status === "open") {
    banner.hidden = false;
    banner.textContent = "Waiting for players to join… share this page's address with them.";
  } else {
    banner.hidden = true;
  }
}

// The legal actions, as a tree by their menu paths; app.path is where the player is in it.
function visibleActions() {
  const legal = app.state.legal;
  if (app.filter === null) return legal;
  return legal.filter((a) => targetsOf(a).includes(app.filter));
}

function drawDecision() {
  const state = app.state;
  const menu = $("menu");
  const crumbs = $("crumbs");
  menu.replaceChildren();
  crumbs.replaceChildren();
  const you = app.welcome.you;
  if (state.over) {
    $("turn").textContent = "The game is over";
    return;
  }
  if (state.to_decide !== you || !state.legal.length) {
    const waiting = state.to_decide === null ? "…" : `${seatName(state.to_decide)} decides`;
    $("turn").textContent = state.status === "open" ? "Waiting for players" : waiting;
    if (you !== null && state.to_decide !== null && state.to_decide !== state.active && state.active === you) {
      menu.append(el("p", { class: "hint" }, `${seatName(state.to_decide)} must answer before you go on.`));
    }
    return;
  }
  const consent = state.active !== you;
  $("turn").textContent = consent ? `Your answer, asked by ${seatName(state.active)}` : "Your move";
  const actions = visibleActions();
  const depth = app.path.length;
  const here = actions.filter((a) => app.path.every((label, i) => a.path[i] === label));
  if (app.filter !== null) {
    crumbs.append(el("button", { type: "button", class: "crumb", onclick: () => { app.filter = null; app.path = []; drawDecision(); markTargets(); } },
      `✕ board: ${app.filter}`));
  }
  crumbs.append(el("button", { type: "button", class: "crumb", onclick: () => { app.path = []; drawDecision(); } }, "all"));
  app.path.forEach((label, i) => crumbs.append(el("button", {
    type: "button", class: "crumb", onclick: () => { app.path = app.path.slice(0, i + 1); drawDecision(); },
  }, label)));
  const groups = new Map();
  for (const action of here) {
    const label = action.path[depth];
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(action);
  }
  for (const [label, group] of groups) {
    const leaf = group.length === 1 && group[0].path.length === depth + 1;
    const button = el("button", {
      type: "button", class: leaf ? "action leaf" : "action branch", title: leaf ? group[0].text : `${group.length} choices`,
      "data-path": [...app.path, label].join(" › "),
    }, leaf ? label : `${label} ›`);
    if (leaf) {
      button.dataset.index = String(group[0].i);
      button.addEventListener("click", () => play(group[0]));
    } else {
      button.addEventListener("click", () => { app.path = [...app.path, label]; drawDecision(); });
    }
    menu.append(button);
  }
  if (app.welcome.targets && state.legal.some((a) => targetsOf(a).length)) {
    menu.append(el("p", { class: "hint" }, "Or click the board: highlighted places are moves."));
  }
}

function play(action) {
  if (app.sending) return;
  app.sending = true;
  $("act-error").textContent = "";
  send({ type: "act", seq: app.state.seq, index: action.i });
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
      el("td", {}, marks.join(" ")), el("td", {}, seatName(i)),
      el("td", { class: "kind" }, seat.kind === "bot" ? `bot ${seat.bot}` : ""),
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
  send({ type: "view", seq });
}

function showPast(message) {
  if (app.pastSeq !== message.seq) return;
  $("past").hidden = false;
  $("past-text").textContent = `After entry ${message.seq}: ${entryTitle(message.entry)}`;
  $("board").innerHTML = message.svg || "";
  document.body.classList.add("in-past");
  for (const item of $("log").children) item.classList.toggle("current", item.dataset.seq === String(message.seq));
  markTargets();
}

function backToNow() {
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

$("board").addEventListener("click", (event) => {
  if (app.pastSeq !== null || !app.state || !app.state.legal.length) return;
  const node = event.target.closest("[data-target]");
  if (!node) return;
  const target = node.getAttribute("data-target");
  const matching = app.state.legal.filter((a) => targetsOf(a).includes(target));
  if (!matching.length) return;
  app.filter = target;
  app.path = [];
  drawDecision();
  markTargets();
});

$("slider").addEventListener("input", () => travel(Number($("slider").value)));
$("back").addEventListener("click", () => travel((app.pastSeq ?? app.state.seq) - 1));
$("forward").addEventListener("click", () => travel((app.pastSeq ?? app.state.seq) + 1));
$("past-live").addEventListener("click", backToNow);

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

if (stored === null) $("download").textContent = "download the spectator's log";
connect();
