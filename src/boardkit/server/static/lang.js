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
    "Nothing can be done at {name}: the game is over.": "Bei {name} geht nichts: das Spiel ist aus.",
    "Nothing can be done at {name}: you are watching, not playing.":
      "Bei {name} geht nichts: du schaust zu, du spielst nicht mit.",
    "Nothing can be done at {name} now: it is not your move.": "Bei {name} geht jetzt nichts: du bist nicht am Zug.",
    "Nothing can be done at {name} by clicking: this decision is taken in the menu.":
      "Bei {name} geht durch Klicken nichts: diese Entscheidung triffst du im Menü.",
    "{name} is not part of any move with what you clicked so far: lit places go on, Esc starts again.":
      "{name} gehört zu keinem Zug mit dem bisher Angeklickten: hervorgehobene Stellen gehen weiter, Esc beginnt neu.",
    "No move of yours touches {name} now: lit places are moves (the menu lists them all).":
      "Kein Zug von dir betrifft jetzt {name}: hervorgehobene Stellen sind Züge (das Menü nennt alle).",
    "{name} is away: the {bot} bot plays this seat": "{name} ist weg: der Bot {bot} spielt diesen Platz",
    "{name} ran out of time and forfeits; the match is over": "{name} hat die Zeit überschritten und verliert; die Partie ist vorbei",
    "take my seat back": "meinen Platz zurücknehmen",
    "leave (a bot plays for me)": "gehen (ein Bot spielt für mich)",
    "The matches you join show here.": "Die Partien, denen du beitrittst, stehen hier.",
    "your turn": "du bist dran",
    "all": "alle",
    "{count} choices": "{count} Möglichkeiten",
    "rule: {rule}": "Regel: {rule}",
    "Game over — {outcome}.": "Spielende — {outcome}.",
    "Review the game": "Die Partie auswerten",
    "Waiting for players to join… share this page's address with them.": "Warte auf Mitspieler… gib ihnen die Adresse dieser Seite.",
    "asking…": "frage…",
    "You ask to take back entry {first} and after; waiting for {waiting}.": "Du bittest, Eintrag {first} und die folgenden zurückzunehmen; es fehlt die Antwort von {waiting}.",
    "{name} asks to take back entry {first} and after; waiting for {waiting}.": "{name} bittet, Eintrag {first} und die folgenden zurückzunehmen; es fehlt die Antwort von {waiting}.",
    "Your take-back was granted: back to entry {entry}.": "Deine Zurücknahme wurde erlaubt: zurück zu Eintrag {entry}.",
    "{name}'s take-back was granted: back to entry {entry}.": "Die Zurücknahme von {name} wurde erlaubt: zurück zu Eintrag {entry}.",
    "Your take-back was refused by {refuser}.": "{refuser} hat deine Zurücknahme abgelehnt.",
    "{name}'s take-back was refused by {refuser}.": "{refuser} hat die Zurücknahme von {name} abgelehnt.",
    "Your take-back was withdrawn: the game moved on.": "Deine Zurücknahme ist zurückgezogen: das Spiel ging weiter.",
    "{name}'s take-back was withdrawn: the game moved on.": "Die Zurücknahme von {name} ist zurückgezogen: das Spiel ging weiter.",
    "back to the match": "zurück zur Partie",
    "Win chance over the game": "Gewinnchance über die Partie",
    "(the decider's, after each move, by the bot)": "(des Entscheidenden, nach jedem Zug, laut Bot)",
    "The decisions that cost most": "Die Entscheidungen, die am meisten kosteten",
    "Every decision": "Jede Entscheidung",
    "The search bot is reviewing every decision…": "Der Such-Bot wertet jede Entscheidung aus…",
    "review of match {id}": "Auswertung der Partie {id}",
    "the review failed": "die Auswertung ist fehlgeschlagen",
    "win chance after each decision": "Gewinnchance nach jeder Entscheidung",
    "entry {seq}, {name}: {played}, {before} → {after}": "Eintrag {seq}, {name}: {played}, {before} → {after}",
    "{name}'s view (seat {seat})": "der Sicht von {name} (Platz {seat})",
    "the whole table": "der Sicht des ganzen Tisches",
    "{seconds} s": "{seconds} Sek.",
    "{iterations} iterations": "{iterations} Iterationen",
    "{game}: reviewed from {whose} by the search bot ({budget} a decision, seed {seed}); the estimate is the decider's win chance.": "{game}: ausgewertet aus {whose} vom Such-Bot ({budget} je Entscheidung, Seed {seed}); die Schätzung ist die Gewinnchance des Entscheidenden.",
    "entry {seq}, {name}: {played} {loss} ({before} → {after}); the bot preferred {preferred}": "Eintrag {seq}, {name}: {played} {loss} ({before} → {after}); der Bot hätte {preferred} gewählt",
    "no decision cost much: every move was close to the bot's": "keine Entscheidung kostete viel: jeder Zug lag nah an dem des Bots",
    "entry": "Eintrag",
    "player": "Spieler",
    "played": "gespielt",
    "before": "vorher",
    "after": "nachher",
    "loss": "Verlust",
    "bot's move": "Zug des Bots",
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
    "Nothing can be done at {name}: the game is over.": "Bij {name} kan niets: het spel is afgelopen.",
    "Nothing can be done at {name}: you are watching, not playing.":
      "Bij {name} kan niets: je kijkt toe, je speelt niet mee.",
    "Nothing can be done at {name} now: it is not your move.": "Bij {name} kan nu niets: je bent niet aan zet.",
    "Nothing can be done at {name} by clicking: this decision is taken in the menu.":
      "Bij {name} kan niets door te klikken: deze beslissing neem je in het menu.",
    "{name} is not part of any move with what you clicked so far: lit places go on, Esc starts again.":
      "{name} hoort bij geen zet met wat je tot nu toe aanklikte: opgelichte plekken gaan verder, Esc begint opnieuw.",
    "No move of yours touches {name} now: lit places are moves (the menu lists them all).":
      "Geen zet van jou raakt nu {name}: opgelichte plekken zijn zetten (het menu noemt ze allemaal).",
    "{name} is away: the {bot} bot plays this seat": "{name} is weg: de bot {bot} speelt deze plaats",
    "{name} ran out of time and forfeits; the match is over": "{name} heeft de tijd overschreden en verliest; de partij is voorbij",
    "take my seat back": "mijn plaats terugnemen",
    "leave (a bot plays for me)": "weggaan (een bot speelt voor mij)",
    "The matches you join show here.": "De partijen waaraan je meedoet staan hier.",
    "your turn": "jij bent aan de beurt",
    "all": "alle",
    "{count} choices": "{count} keuzes",
    "rule: {rule}": "regel: {rule}",
    "Game over — {outcome}.": "Einde van het spel — {outcome}.",
    "Review the game": "De partij nabespreken",
    "Waiting for players to join… share this page's address with them.": "Wachten op spelers… geef ze het adres van deze pagina.",
    "asking…": "vragen…",
    "You ask to take back entry {first} and after; waiting for {waiting}.": "Je vraagt regel {first} en de volgende terug te nemen; wachten op {waiting}.",
    "{name} asks to take back entry {first} and after; waiting for {waiting}.": "{name} vraagt regel {first} en de volgende terug te nemen; wachten op {waiting}.",
    "Your take-back was granted: back to entry {entry}.": "Je terugname is toegestaan: terug naar regel {entry}.",
    "{name}'s take-back was granted: back to entry {entry}.": "De terugname van {name} is toegestaan: terug naar regel {entry}.",
    "Your take-back was refused by {refuser}.": "{refuser} heeft je terugname geweigerd.",
    "{name}'s take-back was refused by {refuser}.": "{refuser} heeft de terugname van {name} geweigerd.",
    "Your take-back was withdrawn: the game moved on.": "Je terugname is ingetrokken: het spel ging verder.",
    "{name}'s take-back was withdrawn: the game moved on.": "De terugname van {name} is ingetrokken: het spel ging verder.",
    "back to the match": "terug naar de partij",
    "Win chance over the game": "Winkans in de loop van de partij",
    "(the decider's, after each move, by the bot)": "(van wie beslist, na elke zet, volgens de bot)",
    "The decisions that cost most": "De beslissingen die het meest kostten",
    "Every decision": "Elke beslissing",
    "The search bot is reviewing every decision…": "De zoekbot bespreekt elke beslissing na…",
    "review of match {id}": "nabespreking van partij {id}",
    "the review failed": "de nabespreking is mislukt",
    "win chance after each decision": "winkans na elke beslissing",
    "entry {seq}, {name}: {played}, {before} → {after}": "regel {seq}, {name}: {played}, {before} → {after}",
    "{name}'s view (seat {seat})": "het oogpunt van {name} (plaats {seat})",
    "the whole table": "het oogpunt van de hele tafel",
    "{seconds} s": "{seconds} sec",
    "{iterations} iterations": "{iterations} iteraties",
    "{game}: reviewed from {whose} by the search bot ({budget} a decision, seed {seed}); the estimate is the decider's win chance.": "{game}: nabesproken vanuit {whose} door de zoekbot ({budget} per beslissing, seed {seed}); de schatting is de winkans van wie beslist.",
    "entry {seq}, {name}: {played} {loss} ({before} → {after}); the bot preferred {preferred}": "regel {seq}, {name}: {played} {loss} ({before} → {after}); de bot koos liever {preferred}",
    "no decision cost much: every move was close to the bot's": "geen beslissing kostte veel: elke zet lag dicht bij die van de bot",
    "entry": "regel",
    "player": "speler",
    "played": "gespeeld",
    "before": "ervoor",
    "after": "erna",
    "loss": "verlies",
    "bot's move": "zet van de bot",
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

// The same, as the parts of a sentence to append to an element: a parameter that is a node (a
// highlighted number, a bold move) is put where its placeholder stands in the language's order.
function tParts(english, params) {
  const words = BOARDKIT_WORDS[boardkitLang()] || {};
  const pattern = words[english] || english;
  return pattern.split(/(\{\w+\})/).filter((part) => part !== "").map((part) => {
    const key = part.startsWith("{") && part.endsWith("}") ? part.slice(1, -1) : null;
    if (key === null || !params || !(key in params)) return part;
    const value = params[key];
    return value instanceof Node ? value : String(value);
  });
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
