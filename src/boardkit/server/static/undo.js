// Undo by consent on the match page: a player asks to take back his last decision; every
// other player is asked to grant or refuse it; the server's "undo" frames say who asked, who
// has still to answer and how the last request ended. The rule of what may be taken back is
// the server's (it answers a refused request with an error naming the entry that stops it).
"use strict";
// $, el come from dom.js; app, send and seatName from match.js.

const undoState = { frame: null };

function takeUndo(frame) {
  undoState.frame = frame;
  drawUndo();
}

function drawUndo() {
  const you = app.welcome ? app.welcome.you : null;
  const frame = undoState.frame;
  const pending = frame ? frame.pending : null;
  $("undo").hidden = you === null;
  $("undo-ask").disabled = pending !== null || !app.state || app.state.over;
  const asked = pending !== null && pending.waiting.includes(you);
  $("undo-answer").hidden = !asked;
  document.body.dataset.undo = pending === null ? "" : asked ? "asked" : "waiting";
  $("undo-status").textContent = undoText(frame, you);
}

function undoText(frame, you) {
  if (!frame) return "";
  const pending = frame.pending;
  if (pending !== null) {
    const who = pending.by === you ? "You ask" : `${seatName(pending.by)} asks`;
    const waiting = pending.waiting.map(seatName).join(", ");
    return `${who} to take back entry ${pending.first} and after; waiting for ${waiting}.`;
  }
  const last = frame.last;
  if (!last) return "";
  const whose = last.by === you ? "Your" : `${seatName(last.by)}'s`;
  if (last.outcome === "granted") return `${whose} take-back was granted: back to entry ${last.first - 1}.`;
  if (last.outcome === "refused") return `${whose} take-back was refused by ${seatName(last.refused_by)}.`;
  return `${whose} take-back was withdrawn: the game moved on.`;
}

$("undo-ask").addEventListener("click", () => {
  if (!app.state) return;
  $("undo-status").textContent = "asking…";
  send({ type: "undo_ask", seq: app.state.seq });
});
$("undo-grant").addEventListener("click", () => send({ type: "undo_answer", grant: true }));
$("undo-refuse").addEventListener("click", () => send({ type: "undo_answer", grant: false }));
