// The review page of a finished match: asks the server for the review (the reader's own seat,
// with the token the match page stored) and draws the win-chance graph as SVG, the costly
// decisions and the table of every decision, in the page's language (lang.js: the switch in
// the bar draws the review again in the language chosen).
"use strict";
// $, el come from dom.js; t, tParts and boardkitLangSwitch from lang.js.

const reviewMatchId = decodeURIComponent(location.pathname.split("/")[2] || "");
const reviewSeat = JSON.parse(localStorage.getItem(`boardkit.seat.${reviewMatchId}`) || "null");
const COLOURS = ["#a0522d", "#3d6fa3", "#3d7a3d", "#8a4f9e", "#b8860b", "#555"];
const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function pct(value) {
  return `${Math.round(100 * value)}%`;
}

function drawGraph(review) {
  const width = 640, height = 220, left = 36, right = 12, top = 10, bottom = 26;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("win chance after each decision") });
  const decisions = review.decisions;
  const last = Math.max(1, ...decisions.map((d) => d.seq));
  const x = (seq) => left + (width - left - right) * (seq / last);
  const y = (value) => top + (height - top - bottom) * (1 - value);
  svg.append(svgEl("line", { class: "axis", x1: left, y1: y(0), x2: width - right, y2: y(0) }));
  svg.append(svgEl("line", { class: "axis", x1: left, y1: y(0), x2: left, y2: y(1) }));
  svg.append(svgEl("line", { class: "even", x1: left, y1: y(0.5), x2: width - right, y2: y(0.5) }));
  for (const value of [0, 0.5, 1]) {
    const label = svgEl("text", { class: "label", x: 2, y: y(value) + 4 });
    label.textContent = pct(value);
    svg.append(label);
  }
  const costly = new Set(review.costly);
  for (const seat of review.seats) {
    const mine = decisions.filter((d) => d.seat === seat);
    if (!mine.length) continue;
    const colour = COLOURS[seat % COLOURS.length];
    const points = mine.map((d) => `${x(d.seq).toFixed(1)},${y(d.after).toFixed(1)}`).join(" ");
    svg.append(svgEl("polyline", { class: "curve", "data-seat": seat, points, fill: "none",
      stroke: colour, "stroke-width": 2 }));
    for (const d of mine) {
      const dot = svgEl("circle", { class: costly.has(d.seq) ? "point costly" : "point",
        "data-seq": d.seq, cx: x(d.seq), cy: y(d.after), r: costly.has(d.seq) ? 5 : 3, fill: colour });
      const tip = svgEl("title", {});
      tip.textContent = t("entry {seq}, {name}: {played}, {before} → {after}", { seq: d.seq,
        name: review.players[d.seat], played: played(d), before: pct(d.before), after: pct(d.after) });
      dot.append(tip);
      svg.append(dot);
    }
  }
  $("graph").replaceChildren(svg);
}

// A decision's moves as the reader reads them: the server words them in the language the
// request named (played_text, preferred_text), as the game words them where it did not.
function played(d) {
  return d.played_text ?? d.played;
}

function preferred(d) {
  return d.preferred_text ?? d.preferred;
}

const reviewShown = { review: null };

function showReview(review) {
  reviewShown.review = review;
  const names = review.players;
  const seat = { name: names[review.seats[0]], seat: review.seats[0] + 1 };
  const whose = review.viewer.startsWith("seat ")
    ? t("{name}'s view (seat {seat})", seat) : t("the whole table");
  const budget = review.iterations === null ? t("{seconds} s", { seconds: review.seconds })
    : t("{iterations} iterations", { iterations: review.iterations });
  const about = { game: review.game, whose, budget, seed: review.seed };
  $("about").textContent = t("{game}: reviewed from {whose} by the search bot ({budget} a decision, seed {seed}); the estimate is the decider's win chance.", about);
  drawGraph(review);
  const bySeq = new Map(review.decisions.map((d) => [d.seq, d]));
  const items = review.costly.map((seq) => {
    const d = bySeq.get(seq);
    return el("li", { "data-seq": seq }, ...tParts(
      "entry {seq}, {name}: {played} {loss} ({before} → {after}); the bot preferred {preferred}",
      { seq, name: names[d.seat], played: played(d), loss: el("span", { class: "loss" }, `−${pct(d.loss)}`),
        before: pct(d.before), after: pct(d.after), preferred: el("strong", {}, preferred(d)) }));
  });
  $("costly").replaceChildren(...(items.length ? items
    : [el("li", {}, t("no decision cost much: every move was close to the bot's"))]));
  const head = el("tr", {}, ...[t("entry"), t("player"), t("played"), t("before"), t("after"), t("loss"),
    t("bot's move")].map((text) => el("th", {}, text)));
  const rows = review.decisions.map((d) => el("tr", {},
    el("td", { class: "num" }, String(d.seq)), el("td", {}, names[d.seat]), el("td", {}, played(d)),
    el("td", { class: "num" }, pct(d.before)), el("td", { class: "num" }, pct(d.after)),
    el("td", { class: "num" }, d.loss ? pct(d.loss) : ""),
    el("td", {}, d.preferred === d.played ? "" : preferred(d))));
  $("decisions").replaceChildren(head, ...rows);
  document.body.dataset.ready = "true";
}

// The review, its moves in the page's language (the server keeps the search's result, so
// asking again in another language costs no search).
async function fetchReview() {
  const headers = reviewSeat ? { authorization: `Bearer ${reviewSeat.token}` } : {};
  const query = new URLSearchParams(location.search);
  const wanted = new URLSearchParams();
  for (const name of ["seed", "iterations"]) if (query.has(name)) wanted.set(name, query.get(name));
  wanted.set("lang", boardkitLang());
  const response = await fetch(`/api/matches/${encodeURIComponent(reviewMatchId)}/review?${wanted}`,
    { headers });
  return { response, body: await response.json() };
}

async function loadReview() {
  $("back-to-match").href = `/match/${encodeURIComponent(reviewMatchId)}`;
  $("title").textContent = t("review of match {id}", { id: reviewMatchId });
  $("about").textContent = t("The search bot is reviewing every decision…");
  const { response, body } = await fetchReview();
  if (!response.ok) {
    $("about").textContent = "";
    $("review-error").textContent = body.message || t("the review failed");
    document.body.dataset.ready = "error";
    return;
  }
  showReview(body);
}

document.addEventListener("DOMContentLoaded", () => {
  boardkitLangSwitch(() => {
    $("title").textContent = t("review of match {id}", { id: reviewMatchId });
    if (reviewShown.review) {
      showReview(reviewShown.review); // the page's words at once, the moves' once asked again
      fetchReview().then(({ response, body }) => { if (response.ok) showReview(body); })
        .catch((error) => { $("review-error").textContent = String(error); });
    } else if (document.body.dataset.ready !== "error") {
      $("about").textContent = t("The search bot is reviewing every decision…");
    }
  });
  loadReview().catch((error) => { $("review-error").textContent = String(error); });
});
