// The lobby: create a match, list matches, join a seat or watch. No framework, no build step.
"use strict";
// $ and el come from dom.js, playerKey from players.js.

let catalog = { games: [], bots: [] };

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function game() {
  return catalog.games.find((g) => g.name === $("game").value);
}

// A seat's colour as a dot (the colour as the game names it), or nothing.
function dot(colour) {
  return colour ? el("span", { class: "dot", style: `background:${colour}`, title: colour }) : "";
}

function drawSeats() {
  const count = Number($("players").value);
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const pick = el("select", { "data-seat": String(i), class: "seat-kind" });
    pick.append(el("option", { value: "" }, i === 0 ? "you" : "a person"));
    for (const bot of catalog.bots) pick.append(el("option", { value: bot }, `bot: ${bot}`));
    if (i === 0) pick.disabled = true;
    else if (i === count - 1 && count > 2) pick.value = "random";
    const colour = (game().colours || {})[String(count)]?.[i];
    box.append(el("label", {}, dot(colour), `Seat ${i + 1} `, pick));
  }
}

// One option's input, fitted to what it takes: a checkbox for true/false, a select for
// choices, a number input (with its bounds) for an int, a text area with a file upload for text
// that holds a whole file, a one-line box for other text.
function optionInput(option) {
  const data = { "data-option": option.name, id: `option-${option.name}` };
  if (typeof option.default === "boolean") {
    const input = el("input", { type: "checkbox", ...data });
    input.checked = option.default;
    return [input, input];
  }
  if (option.choices) {
    const input = el("select", data);
    for (const choice of option.choices) input.append(el("option", { value: String(choice) }, String(choice)));
    input.value = String(option.default);
    return [input, input];
  }
  if (typeof option.default === "number") {
    const bounds = {};
    if (option.minimum !== null && option.minimum !== undefined) bounds.min = String(option.minimum);
    if (option.maximum !== null && option.maximum !== undefined) bounds.max = String(option.maximum);
    const input = el("input", { type: "number", step: "1", value: String(option.default), ...bounds, ...data });
    return [input, input];
  }
  if (option.multiline) {
    const area = el("textarea", { rows: "4", spellcheck: "false", ...data });
    area.value = option.default;
    const upload = el("input", { type: "file", class: "option-file", "aria-label": `${option.label}: upload a file` });
    upload.addEventListener("change", async () => {
      if (upload.files.length) area.value = await upload.files[0].text();
    });
    return [area, el("span", { class: "option-multi" }, area, upload)];
  }
  const input = el("input", { type: "text", value: option.default, ...data });
  return [input, input];
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren();
  for (const option of game().options) {
    const [input, shown] = optionInput(option);
    input.dataset.kind = typeof option.default;
    const helpId = `option-help-${option.name}`;
    input.setAttribute("aria-describedby", helpId);
    box.append(el("div", { class: "option" },
      el("label", { for: input.id }, option.label || option.name), " ", shown,
      el("small", { class: "option-help", id: helpId }, option.help || option.doc)));
  }
}

function drawGame() {
  const players = $("players");
  players.replaceChildren(...game().players.map((n) => el("option", { value: String(n) }, String(n))));
  players.value = String(game().players.includes(3) ? 3 : game().players[0]);
  drawSeats();
  drawOptions();
}

function remember(matchId, join) {
  localStorage.setItem(`boardkit.seat.${matchId}`, JSON.stringify(join));
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll(".seat-kind")].map((s) =>
    s.value ? { bot: s.value } : { human: true });
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    options[input.dataset.option] = kind === "boolean" ? input.checked
      : kind === "number" ? Number(input.value) : input.value;
  }
  try {
    const body = { game: $("game").value, seats, options, think_ms: Number($("think").value) };
    if ($("clock").value) body.clock = JSON.parse($("clock").value);
    const match = await api("/api/matches", body);
    const join = await api(`/api/matches/${match.id}/join`, { seat: 0, name: $("name").value, player: playerKey() });
    remember(match.id, join);
    location.href = `/match/${match.id}`;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

async function takeSeat(matchId, seat) {
  try {
    const join = await api(`/api/matches/${matchId}/join`, { seat, name: $("name").value, player: playerKey() });
    remember(matchId, join);
    location.href = `/match/${matchId}`;
  } catch (error) {
    alert(error.message);
  }
}

async function refresh() {
  const { matches } = await api("/api/matches?status=open,running,finished");
  const list = $("matches");
  list.replaceChildren();
  if (!matches.length) list.append(el("li", { class: "hint" }, "No match yet: create one."));
  for (const match of matches.slice(0, 30)) {
    const seats = el("span", { class: "seat-list" });
    const colours = (catalog.games.find((g) => g.name === match.game)?.colours || {})[String(match.seats.length)] || [];
    for (const seat of match.seats) {
      seat.colour = seat.colour || colours[seat.seat];
      if (seat.kind === "human" && !seat.taken && match.status === "open") {
        seats.append(el("button", {
          type: "button", class: "join", "data-match": match.id, "data-seat": String(seat.seat),
          onclick: () => takeSeat(match.id, seat.seat),
        }, dot(seat.colour), `join seat ${seat.seat + 1}`));
      } else {
        seats.append(el("span", { class: "seat-name" }, dot(seat.colour), seat.name));
      }
    }
    const mine = localStorage.getItem(`boardkit.seat.${match.id}`);
    const open = el("a", { href: `/match/${match.id}`, class: "watch" }, mine ? "play" : "watch");
    list.append(el("li", { class: `status-${match.status}` },
      el("strong", {}, match.title), ` · ${match.status} · ${match.entries} ${match.entries === 1 ? "entry" : "entries"} `, seats, " ", open));
  }
}

async function start() {
  catalog = await api("/api/games");
  $("game").replaceChildren(...catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").value = catalog.games.some((g) => g.name === "shangrila") ? "shangrila" : catalog.games[0].name;
  $("name").value = localStorage.getItem("boardkit.name") || "";
  $("name").addEventListener("change", () => localStorage.setItem("boardkit.name", $("name").value));
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", drawSeats);
  $("create-form").addEventListener("submit", create);
  drawGame();
  await refresh();
  setInterval(refresh, 3000);
}

boardkitLangSwitch(null);
start();
