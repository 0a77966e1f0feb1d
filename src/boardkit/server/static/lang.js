// The page's language: its own fixed words in English, German and Dutch, and the switch that
// chooses among them. The reader's choice is kept in localStorage ("boardkit.lang"); without one
// the page follows the browser's language (navigator.language). The server renders what the
// match says (narration, outcome, refusals) in the language the connection names in its hello
// (match.js); this file holds only the page's own words, looked up by their English text.
"use strict";

const BOARDKIT_LANGUAGES = { en: "English", de: "Deutsch", nl: "Nederlands" };

const BOARDKIT_WORDS = {
  de: {
    "play board games with friends and bots": "Brettspiele mit Freunden und Bots spielen",
    "New match": "Neue Partie",
    "Game": "Spiel",
    "Players": "Spieler",
    "Bots think for": "Bots denken",
    "Clock": "Uhr",
    "Your name": "Dein Name",
    "Create and take a seat": "Erstellen und Platz nehmen",
    "My matches": "Meine Partien",
    "Matches": "Partien",
    "Open matches wait for players; running ones can be watched.":
      "Offene Partien warten auf Spieler; laufende kann man zuschauen.",
    "Your player key": "Dein Spielerschlüssel",
    "Use it": "Verwenden",
    "? How to play": "? Spielregeln",
    "How to play": "Spielregeln",
    "What just happened": "Was gerade geschah",
    "Log": "Verlauf",
    "(click an entry to see the board then)": "(Eintrag anklicken, um das Brett damals zu sehen)",
    "Take back": "Zurücknehmen",
    "take back my last move": "meinen letzten Zug zurücknehmen",
    "grant": "erlauben",
    "refuse": "ablehnen",
    "Clocks and seats": "Uhren und Plätze",
    "or type a move": "oder einen Zug eintippen",
    "play": "spielen",
    "back to now": "zurück zur Gegenwart",
    "fit the board to the screen": "Brett an den Bildschirm anpassen",
    "download my log": "meinen Verlauf herunterladen",
    "download the spectator's log": "den Verlauf der Zuschauer herunterladen",
    "Language": "Sprache",
    "connecting…": "verbinde…",
    "reconnecting…": "verbinde neu…",
    "live": "live",
    "watching": "zuschauend",
    "you are {name}": "du bist {name}",
    "{name} (you)": "{name} (du)",
    "Your move": "Du bist am Zug",
    "Your answer, asked by {name}": "Deine Antwort, gefragt von {name}",
    "The game is over": "Das Spiel ist aus",
    "Waiting for players": "Warte auf Spieler",
    "{name} decides": "{name} entscheidet",
    "{name} must answer before you go on.": "{name} muss antworten, bevor du weiterspielst.",
    "Or click the board: lit places are moves.": "Oder klicke aufs Brett: hervorgehobene Stellen sind Züge.",
    "The game moved on; here is the board now.": "Das Spiel ging weiter; hier ist das Brett jetzt.",
  },
  nl: {
    "play board games with friends and bots": "bordspellen spelen met vrienden en bots",
    "New match": "Nieuwe partij",
    "Game": "Spel",
    "Players": "Spelers",
    "Bots think for": "Bots denken",
    "Clock": "Klok",
    "Your name": "Je naam",
    "Create and take a seat": "Aanmaken en plaatsnemen",
    "My matches": "Mijn partijen",
    "Matches": "Partijen",
    "Open matches wait for players; running ones can be watched.":
      "Open partijen wachten op spelers; lopende kun je bekijken.",
    "Your player key": "Je spelerssleutel",
    "Use it": "Gebruiken",
    "? How to play": "? Spelregels",
    "How to play": "Spelregels",
    "What just happened": "Wat er net gebeurde",
    "Log": "Verloop",
    "(click an entry to see the board then)": "(klik op een regel om het bord van toen te zien)",
    "Take back": "Terugnemen",
    "take back my last move": "mijn laatste zet terugnemen",
    "grant": "toestaan",
    "refuse": "weigeren",
    "Clocks and seats": "Klokken en plaatsen",
    "or type a move": "of typ een zet",
    "play": "spelen",
    "back to now": "terug naar nu",
    "fit the board to the screen": "bord aan het scherm aanpassen",
    "download my log": "mijn verloop downloaden",
    "download the spectator's log": "het verloop van de toeschouwers downloaden",
    "Language": "Taal",
    "connecting…": "verbinden…",
    "reconnecting…": "opnieuw verbinden…",
    "live": "live",
    "watching": "kijkt toe",
    "you are {name}": "je bent {name}",
    "{name} (you)": "{name} (jij)",
    "Your move": "Jouw zet",
    "Your answer, asked by {name}": "Jouw antwoord, gevraagd door {name}",
    "The game is over": "Het spel is afgelopen",
    "Waiting for players": "Wachten op spelers",
    "{name} decides": "{name} beslist",
    "{name} must answer before you go on.": "{name} moet antwoorden voordat je verder kunt.",
    "Or click the board: lit places are moves.": "Of klik op het bord: opgelichte plekken zijn zetten.",
    "The game moved on; here is the board now.": "Het spel ging verder; hier is het bord nu.",
  },
};

// The language the page reads: the stored choice, else the browser's, else English.
function boardkitLang() {
  const chosen = localStorage.getItem("boardkit.lang");
  if (chosen && chosen in BOARDKIT_LANGUAGES) return chosen;
  const browser = (navigator.language || "en").toLowerCase().split(/[-_]/)[0];
  return browser in BOARDKIT_LANGUAGES ? browser : "en";
}

// One of the page's own words in the page's language, its {name} placeholders filled.
function t(english, params) {
  const words = BOARDKIT_WORDS[boardkitLang()] || {};
  const pattern = words[english] || english;
  return pattern.replace(/\{(\w+)\}/g, (whole, key) => (params && key in params ? params[key] : whole));
}

// The fixed words of the page's HTML: each element marked data-i18n keeps its English text there.
function translatePage() {
  document.documentElement.lang = boardkitLang();
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.i18nEnglish) node.dataset.i18nEnglish = node.dataset.i18n;
    const text = t(node.dataset.i18nEnglish);
    // an element's own words are its first text node (a heading may hold a button or a note)
    const own = [...node.childNodes].find((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
    if (own) own.textContent = own.textContent.replace(own.textContent.trim(), text);
    else node.prepend(text);
  }
}

// The switch in the page's bar: choosing a language stores it, translates the page and tells
// the page's own code (a match page asks the server for its narration in it).
function boardkitLangSwitch(onChange) {
  const select = $("lang");
  select.replaceChildren(...Object.entries(BOARDKIT_LANGUAGES).map(
    ([code, name]) => el("option", { value: code }, name)));
  select.value = boardkitLang();
  select.addEventListener("change", () => {
    localStorage.setItem("boardkit.lang", select.value);
    translatePage();
    if (onChange) onChange(select.value);
  });
  translatePage();
}
