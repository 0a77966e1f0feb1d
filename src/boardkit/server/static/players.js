// The player key and "My matches": one key stands for this person in every match they join
// from this browser (no account). It lives in local storage and can be copied to another device;
// the server derives each seat's token from it, so "My matches" gives them back there.
"use strict";
// $ and el come from dom.js.

const KEY_ITEM = "boardkit.player";
const KEY_FORM = /^[A-Za-z0-9_-]{32,128}$/;

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function playerKey() {
  let key = localStorage.getItem(KEY_ITEM);
  if (!key || !KEY_FORM.test(key)) {
    key = newKey();
    localStorage.setItem(KEY_ITEM, key);
  }
  return key;
}

async function myMatches() {
  const response = await fetch("/api/my-matches", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ player: playerKey() }),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data.matches;
}

function openMine(match) {
  // a second device has the key but not the seat: keep the seat's token for the match page
  localStorage.setItem(`boardkit.seat.${match.id}`, JSON.stringify({ seat: match.seat, token: match.token }));
  location.href = `/match/${match.id}`;
}

async function drawMine() {
  const list = $("my-matches");
  if (!list) return;
  let matches;
  try {
    matches = await myMatches();
  } catch (error) {
    list.replaceChildren(el("li", { class: "error" }, error.message));
    return;
  }
  list.replaceChildren();
  if (!matches.length) list.append(el("li", { class: "hint" }, t("The matches you join show here.")));
  for (const match of matches) {
    const others = match.names.filter((_, i) => i !== match.seat).join(", ");
    const badge = match.your_turn ? el("span", { class: "your-turn" }, t("your turn")) : match.status;
    const open = el("button", {
      type: "button", class: "open-mine", "data-match": match.id, onclick: () => openMine(match),
    }, match.status === "finished" ? "see" : "play");
    list.append(el("li", { class: `mine status-${match.status}`, "data-match": match.id },
      el("strong", {}, match.game), ` against ${others} · `, badge, ` · ${match.entries} `,
      match.entries === 1 ? "entry " : "entries ", open));
  }
}

function useKey(event) {
  event.preventDefault();
  const key = $("key-import").value.trim();
  if (!KEY_FORM.test(key)) {
    $("key-error").textContent = "A player key is 32 to 128 letters, digits, - or _.";
    return;
  }
  $("key-error").textContent = "";
  localStorage.setItem(KEY_ITEM, key);
  $("key-export").value = key;
  $("key-import").value = "";
  drawMine();
}

function startPlayers() {
  if (!$("my-matches")) return;
  $("key-export").value = playerKey();
  $("key-form").addEventListener("submit", useKey);
  drawMine();
  setInterval(drawMine, 5000);
}

startPlayers();
