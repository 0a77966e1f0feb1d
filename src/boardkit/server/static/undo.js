// Undo by consent on the match page: a player asks to take back his last decision; every
// other player is asked to grant or refuse it; the server's "undo" frames say who asked, who
// has still to answer and how the last request ended. The rule of what may be taken back is
// the server's (it answers a refused request with an error naming the entry that stops it).
"use strict";
// $, el come from dom.js; t from lang.js; app, send and seatName from match.js.

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

// What the undo frame says, in the page's language (lang.js): each sentence whole, since
// languages order "you ask" and "ann asks" differently.
function undoText(frame, you) {
  if (!frame) return "";
  const pending = frame.pending;
  if (pending !== null) {
    const params = { name: seatName(pending.by), first: pending.first,
      waiting: pending.waiting.map(seatName).join(", ") };
    return pending.by === you
      ? t("You ask to take back entry {first} and after; waiting for {waiting}.", params)
      : t("{name} asks to take back entry {first} and after; waiting for {waiting}.", params);
  }
  const last = frame.last;
  if (!last) return "";
  const mine = last.by === you;
  const params = { name: seatName(last.by), entry: last.first - 1 };
  if (last.outcome === "granted") {
    return mine ? t("Your take-back was granted: back to entry {entry}.", params)
      : t("{name}'s take-back was granted: back to entry {entry}.", params);
  }
  if (last.outcome === "refused") {
    params.refuser = seatName(last.refused_by);
    return mine ? t("Your take-back was refused by {refuser}.", params)
      : t("{name}'s take-back was refused by {refuser}.", params);
  }
  return mine ? t("Your take-back was withdrawn: the game moved on.", params)
    : t("{name}'s take-back was withdrawn: the game moved on.", params);
}

$("undo-ask").addEventListener("click", () => {
  if (!app.state) return;
  $("undo-status").textContent = t("asking…");
  send({ type: "undo_ask", seq: app.state.seq });
});
$("undo-grant").addEventListener("click", () => send({ type: "undo_answer", grant: true }));
$("undo-refuse").addEventListener("click", () => send({ type: "undo_answer", grant: false }));
