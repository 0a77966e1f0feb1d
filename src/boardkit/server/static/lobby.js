// The lobby: create a match, list matches, join a seat or watch. No framework, no build step.
"use strict";
// $ and el come from dom.js.

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
    box.append(el("label", {}, `Seat ${i + 1} `, pick));
  }
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren();
  for (const option of game().options) {
    let input;
    if (typeof option.default === "boolean") {
      input = el("input", { type: "checkbox", "data-option": option.name });
      input.checked = option.default;
    } else if (option.choices) {
      input = el("select", { "data-option": option.name });
      for (const choice of option.choices) input.append(el("option", { value: String(choice) }, String(choice)));
      input.value = String(option.default);
    } else {
      input = el("input", { "data-option": option.name, value: String(option.default) });
    }
    input.dataset.kind = typeof option.default;
    box.append(el("label", { title: option.doc }, `${option.name} `, input));
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
    const join = await api(`/api/matches/${match.id}/join`, { seat: 0, name: $("name").value });
    remember(match.id, join);
    location.href = `/match/${match.id}`;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

async function takeSeat(matchId, seat) {
  try {
    const join = await api(`/api/matches/${matchId}/join`, { seat, name: $("name").value });
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
    for (const seat of match.seats) {
      if (seat.kind === "human" && !seat.taken && match.status === "open") {
        seats.append(el("button", {
          type: "button", class: "join", "data-match": match.id, "data-seat": String(seat.seat),
          onclick: () => takeSeat(match.id, seat.seat),
        }, `join seat ${seat.seat + 1}`));
      } else {
        seats.append(el("span", { class: "seat-name" }, seat.name));
      }
    }
    const mine = localStorage.getItem(`boardkit.seat.${match.id}`);
    const open = el("a", { href: `/match/${match.id}`, class: "watch" }, mine ? "play" : "watch");
    list.append(el("li", { class: `status-${match.status}` },
      el("strong", {}, match.title), ` · ${match.status} · ${match.entries} entries `, seats, " ", open));
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

start();
