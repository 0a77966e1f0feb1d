// Fitting a game's picture to a narrow screen (a phone). Nothing here knows a game: it reads
// one convention of the pictures, that a game marks the panel it draws beside its board with
// data-part="side" (Khan's status and hand, Shangrila's legend and supply).
//
// On a screen at most NARROW pixels wide:
// - the picture is split in two: the board alone, cropped to what it draws, at the full width
//   of the page, and below it the side panel alone, cropped the same way;
// - each part is zoomed (and scrolls sideways) until its smallest clickable element is at least
//   MIN_TAP pixels on each side (a line, a bridge, along its length),
//   when zooming is wanted (the page's "zoom" button turns it off
//   to see the whole board at once).
// On a wider screen the picture is left as the game drew it.
"use strict";

const boardkitFit = (() => {
  const NARROW = 800;
  const MIN_TAP = 32;
  const PAD = 6;
  const KEY = "boardkit.zoom";
  const drawnPictures = new WeakMap(); // board → the picture as the game drew it

  function narrow() {
    return window.matchMedia(`(max-width: ${NARROW}px)`).matches;
  }

  function zoomWanted() {
    return localStorage.getItem(KEY) !== "off";
  }

  function setZoomWanted(wanted) {
    localStorage.setItem(KEY, wanted ? "on" : "off");
  }

  // The union of the boxes (in the picture's own units) of `nodes`, padded; null if none.
  function unionBox(nodes) {
    let box = null;
    for (const node of nodes) {
      const b = node.getBBox();
      if (!b.width && !b.height) continue;
      box = box === null ? { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height } : {
        x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y),
        x1: Math.max(box.x1, b.x + b.width), y1: Math.max(box.y1, b.y + b.height),
      };
    }
    return box && { x: box.x0 - PAD, y: box.y0 - PAD, width: box.x1 - box.x0 + 2 * PAD, height: box.y1 - box.y0 + 2 * PAD };
  }

  // The drawn parts of `svg` other than its background and whatever `skip` says.
  function drawn(svg, skip) {
    return [...svg.children].filter((node) => node instanceof SVGGraphicsElement
      && node.tagName.toLowerCase() !== "defs" && !node.classList.contains("background") && !skip(node));
  }

  function crop(svg, box) {
    if (!box) return;
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
  }

  // The smallest side, on screen, of the clickable elements of `svg` (Infinity without any).
  // A line (a bridge) is tapped along its length and left out.
  function smallestTarget(svg) {
    let least = Infinity;
    for (const node of svg.querySelectorAll("[data-target]")) {
      if (node.tagName.toLowerCase() === "line") continue;
      const r = node.getBoundingClientRect();
      const short = Math.min(r.width, r.height);
      if (short > 0) least = Math.min(least, short);
    }
    return least;
  }

  // Zoom `svg` inside its scrolling frame until its smallest target is MIN_TAP pixels.
  function zoom(svg, frame) {
    const least = smallestTarget(svg);
    if (!Number.isFinite(least) || least >= MIN_TAP) return;
    const width = svg.getBoundingClientRect().width;
    svg.style.width = `${Math.ceil(width * MIN_TAP / least) + 1}px`;
    frame.classList.add("zoomed");
  }

  function fit(board, wanted) {
    const button = document.getElementById("zoom");
    document.body.classList.toggle("phone", narrow());
    let svg = board.querySelector(":scope > svg");
    if (svg) {
      drawnPictures.set(board, svg.cloneNode(true));
    } else if (board.querySelector(":scope > .fit-frame") && drawnPictures.has(board)) {
      // fitted before (a zoom switch, a turned phone): start again from the game's picture
      svg = drawnPictures.get(board).cloneNode(true);
      board.replaceChildren(svg);
    }
    if (!svg || !narrow()) {
      if (button) button.hidden = true;
      return;
    }
    const parts = [svg];
    if (svg.querySelector('[data-part="side"]')) parts.push(svg.cloneNode(true));
    board.replaceChildren();
    for (const part of parts) {
      const frame = document.createElement("div");
      frame.className = "fit-frame";
      part.classList.add("fitted");
      frame.append(part);
      board.append(frame);
    }
    if (parts.length === 2) {
      // measured in the page (a detached picture has no boxes), then cut down
      const [main, copy] = parts;
      const side = main.querySelector('[data-part="side"]');
      const mainBox = unionBox(drawn(main, (node) => node === side));
      const sideBox = unionBox([copy.querySelector('[data-part="side"]')]);
      side.remove();
      for (const node of drawn(copy, (node) => node.getAttribute("data-part") === "side")) node.remove();
      crop(main, mainBox);
      crop(copy, sideBox);
      copy.classList.add("side-part");
    }
    if (wanted) for (const part of parts) zoom(part, part.parentElement);
    if (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", String(wanted));
      button.textContent = wanted ? "see the whole board" : "zoom in to tap";
    }
  }

  return { fit, zoomWanted, setZoomWanted, MIN_TAP, NARROW };
})();
