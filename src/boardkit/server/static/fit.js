// Fitting a game's picture to a narrow screen (a phone). Nothing here knows a game: it reads
// one convention of the pictures, that a game marks parts of its picture with data-part:
// - data-part="side": the panel it draws beside its board (Khan's status, players and tile
//   stock, Shangrila's legend and supply);
// - data-part="hand": the pieces a player taps to pick one of their own (Khan's hand cards),
//   which may lie inside the side panel.
//
// On a screen at most NARROW pixels wide the picture is split into parts, one under the other,
// each cropped to what it paints (a transparent hit area widens no part):
// - the board (everything not marked), at the full width of the page, zoomed (and scrolling
//   sideways) until its smallest clickable element is at least MIN_TAP pixels on each side,
//   when zooming is wanted (the page's "zoom" button turns it off to see the whole board at
//   once); a clickable line (a bridge) is tapped along its length, and a transparent band
//   MIN_TAP pixels wide laid under it takes its taps (targetOf says which line a band widens);
// - the hand, right below the board, at the scale that makes its targets MIN_TAP pixels high,
//   zoom or not, its right-hand side cut at the page's edge where it paints nothing more, under
//   a caption: the text of the part's own <title> ("your hand");
// - the side panel, below, fitted and zoomed as the board is; where the hand lay in it, what
//   was drawn below moves up.
// On a wider screen the picture is left as the game drew it.
"use strict";

const boardkitFit = (() => {
  const NARROW = 800;
  const MIN_TAP = 32;
  const PAD = 6;
  const KEY = "boardkit.zoom";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const drawnPictures = new WeakMap(); // board → the picture as the game drew it
  const SHAPES = new Set(["rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "image", "use"]);

  function narrow() {
    return window.matchMedia(`(max-width: ${NARROW}px)`).matches;
  }

  function zoomWanted() {
    return localStorage.getItem(KEY) !== "off";
  }

  function setZoomWanted(wanted) {
    localStorage.setItem(KEY, wanted ? "on" : "off");
  }

  // Whether `node` (a shape) paints anything: a transparent rectangle that only takes the
  // clicks does not.
  function paints(node) {
    const style = getComputedStyle(node);
    if (style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    const fills = style.fill !== "none" && Number(style.fillOpacity) > 0;
    const strokes = style.stroke !== "none" && Number(style.strokeOpacity) > 0 && parseFloat(style.strokeWidth) > 0;
    return fills || strokes;
  }

  // The box of `node` in the user units of `svg` (its own transforms and its groups' applied).
  function boxIn(svg, node) {
    const b = node.getBBox();
    const m = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
    const xs = [], ys = [];
    for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]) {
      xs.push(m.a * x + m.c * y + m.e);
      ys.push(m.b * x + m.d * y + m.f);
    }
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }

  // The box (in the units of `svg`) of what `root` paints, padded; null if it paints nothing.
  function paintedBox(svg, root) {
    let box = null;
    const shapes = SHAPES.has(root.tagName.toLowerCase()) ? [root] : root.querySelectorAll([...SHAPES].join(","));
    for (const node of shapes) {
      if (node.closest("defs") || node.classList.contains("background") || !paints(node)) continue;
      const b = boxIn(svg, node);
      if (b.x1 - b.x0 === 0 && b.y1 - b.y0 === 0) continue;
      box = box === null ? b : {
        x0: Math.min(box.x0, b.x0), y0: Math.min(box.y0, b.y0), x1: Math.max(box.x1, b.x1), y1: Math.max(box.y1, b.y1),
      };
    }
    return box && { x: box.x0 - PAD, y: box.y0 - PAD, width: box.x1 - box.x0 + 2 * PAD, height: box.y1 - box.y0 + 2 * PAD };
  }

  // The drawn children of `parent`: neither definitions nor the picture's background.
  function drawn(parent) {
    return [...parent.children].filter((node) => node instanceof SVGGraphicsElement
      && node.tagName.toLowerCase() !== "defs" && !node.classList.contains("background"));
  }

  // Keep only `part` of its picture (and the groups around it, whose styles it inherits).
  function keepOnly(svg, part) {
    for (let node = part; node !== svg; node = node.parentNode) {
      for (const other of drawn(node.parentNode)) if (other !== node) other.remove();
    }
  }

  // Take `inner` out of the part it lies in, `outer`: whatever `outer` draws below it, in each
  // group from `inner` up to `outer`, moves up by the room it took.
  function liftOut(svg, inner, outer) {
    const box = boxIn(svg, inner);
    const room = box.y1 - box.y0;
    for (let node = inner; node !== outer; node = node.parentNode) {
      for (const other of drawn(node.parentNode)) {
        if (other === node || boxIn(svg, other).y0 < box.y1 - 0.5) continue;
        const moved = other.getAttribute("transform");
        other.setAttribute("transform", `translate(0 ${-room})${moved ? " " + moved : ""}`);
      }
    }
    inner.remove();
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

  // Draw the hand `svg` (cropped to `box`) at the scale that makes its smallest target MIN_TAP
  // pixels, as wide as its frame: cut on the right where it paints nothing more, scrolling
  // sideways only where what it paints is wider than the frame.
  function toTapSize(svg, frame, box) {
    const least = smallestTarget(svg);
    if (!box || !Number.isFinite(least)) return;
    const scale = (svg.getBoundingClientRect().width / box.width) * (MIN_TAP / least) * 1.01;
    const fits = frame.clientWidth / scale;
    if (fits >= box.width) {
      crop(svg, { ...box, width: fits });
    } else {
      svg.style.width = `${Math.ceil(box.width * scale) + 1}px`;
      frame.classList.add("zoomed");
    }
  }

  // Lay under each clickable line of `svg` (a bridge, tapped along its length) a transparent
  // band MIN_TAP pixels wide on screen that takes its taps: the line itself stays as drawn.
  function widenLines(svg) {
    const perUnit = svg.getScreenCTM().a;
    for (const line of svg.querySelectorAll("line[data-target]")) {
      const band = document.createElementNS(SVG_NS, "line");
      for (const name of ["x1", "y1", "x2", "y2", "transform"]) {
        if (line.hasAttribute(name)) band.setAttribute(name, line.getAttribute(name));
      }
      band.setAttribute("class", "tap-band");
      band.setAttribute("data-widens", line.getAttribute("data-target"));
      band.setAttribute("stroke", "#000");
      band.setAttribute("stroke-opacity", "0");
      band.setAttribute("stroke-width", String(MIN_TAP / perUnit));
      line.before(band);
    }
  }

  // The element a click on `node` is meant for: the nearest one with a data-target around it,
  // or the line a tap band widens; null if none.
  function targetOf(node) {
    const band = node.closest("[data-widens]");
    if (band && band.ownerSVGElement) {
      const id = CSS.escape(band.getAttribute("data-widens"));
      return band.ownerSVGElement.querySelector(`[data-target="${id}"]`);
    }
    return node.closest("[data-target]");
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
    // the board, then each marked part the picture has, in the order they go down the page
    const parts = [{ name: "board", svg }];
    for (const name of ["hand", "side"]) {
      if (svg.querySelector(`[data-part="${name}"]`)) parts.push({ name, svg: svg.cloneNode(true) });
    }
    board.replaceChildren();
    for (const part of parts) {
      const frame = document.createElement("div");
      frame.className = `fit-frame ${part.name}-frame`;
      frame.dataset.part = part.name;
      part.svg.classList.add("fitted", `${part.name}-part`);
      frame.append(part.svg);
      board.append(frame);
      part.frame = frame;
    }
    // measured in the page (a detached picture has no boxes), then cut down
    for (const part of parts) {
      const own = part.svg.querySelector(`[data-part="${part.name}"]`);
      if (own) {
        for (const inner of own.querySelectorAll("[data-part]")) liftOut(part.svg, inner, own);
        keepOnly(part.svg, own);
      } else {
        for (const marked of part.svg.querySelectorAll("[data-part]")) marked.remove();
      }
      part.box = paintedBox(part.svg, own || part.svg);
      crop(part.svg, part.box);
      const caption = own && [...own.children].find((node) => node.tagName.toLowerCase() === "title");
      if (caption && part.name !== "side") {
        const label = document.createElement("div");
        label.className = "part-caption";
        label.textContent = caption.textContent;
        part.frame.prepend(label);
      }
    }
    for (const part of parts) {
      if (part.name === "hand") toTapSize(part.svg, part.frame, part.box);
      else if (wanted) zoom(part.svg, part.frame);
      widenLines(part.svg);
    }
    if (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", String(wanted));
      button.textContent = wanted ? "see the whole board" : "zoom in to tap";
    }
  }

  return { fit, targetOf, zoomWanted, setZoomWanted, MIN_TAP, NARROW };
})();
