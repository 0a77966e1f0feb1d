// The seats around the board: each seat's clock (ticking for the seat that must decide, down to
// the deadline the server sent), who plays a seat whose player is away, and the button that
// leaves one's seat to a bot or takes it back. It reads what match.js keeps (app, send, seatName).
"use strict";

const table = { timer: null };

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const h = Math.floor(s / 3600);
  const m = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${m}:${rest}` : `${m}:${rest}`;
}

function secondsLeft(clock, seat) {
  if (clock.running === seat && clock.deadline !== null) {
    return Math.max(0, clock.deadline - Date.now() / 1000);
  }
  return clock.left[seat];
}

function tickClocks() {
  const clock = app.state && app.state.clock;
  if (!clock) return;
  for (const item of $("clocks").children) {
    const seat = Number(item.dataset.seat);
    item.querySelector(".time").textContent = clockText(secondsLeft(clock, seat));
  }
}

function drawTable() {
  const state = app.state;
  const clock = state.clock;
  const clocks = $("clocks");
  clocks.replaceChildren();
  if (clock) {
    state.seats.forEach((seat, i) => {
      clocks.append(el("li", { "data-seat": String(i), class: clock.running === i ? "running" : "" },
        el("span", { class: "who" }, seatName(i)), " ", el("span", { class: "time" }, "")));
    });
    tickClocks();
    if (table.timer === null) table.timer = setInterval(tickClocks, 250);
  }
  const notes = $("table-notes");
  notes.replaceChildren();
  state.seats.forEach((seat, i) => {
    if (seat.stand_in) notes.append(el("li", { class: "away" }, t("{name} is away: the {bot} bot plays this seat", { name: seatName(i), bot: seat.stand_in })));
  });
  if (state.forfeit !== undefined) {
    notes.append(el("li", { class: "forfeit" }, t("{name} ran out of time and forfeits; the match is over", { name: seatName(state.forfeit) })));
  }
  const you = app.welcome ? app.welcome.you : null;
  const mine = you === null || you === undefined ? null : state.seats[you];
  const button = $("seat-button");
  button.hidden = !mine || state.status !== "running";
  if (mine) {
    button.dataset.action = mine.stand_in ? "return" : "leave";
    button.textContent = mine.stand_in ? t("take my seat back") : t("leave (a bot plays for me)");
  }
  $("table").hidden = !clock && notes.children.length === 0 && button.hidden;
}

document.addEventListener("DOMContentLoaded", () => {
  $("seat-button").addEventListener("click", () => send({ type: $("seat-button").dataset.action }));
});
