// The SVG board of the web board: squares, coordinates, the seed's pointed bell-shaped pieces
// (the point shows the owner: towards the opponent), highlights, and the hands. It draws what
// the server's view says and reports clicks and drags as square names; it knows no rule.
"use strict";

const LJ = (() => {
  const S = 64;          // square size
  const M = 24;          // margin for coordinates
  const NUM = "一二三四五六七八九十";
  const SVGNS = "http://www.w3.org/2000/svg";
  const LETTER = { P: "P", "+P": "+P", N: "N", B: "B", R: "R", G: "G", Q: "Q", K: "K" };

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function sqName(f, r) { return String.fromCharCode(97 + f) + (r + 1); }
  function sqCoords(name) { return [name.charCodeAt(0) - 97, parseInt(name.slice(1), 10) - 1]; }

  // The bell outline, pointing up, centred on (0, 0), about 54 × 58.
  const BELL = "M0,-29 C6,-26 12,-23 17,-20 C21,-6 23,10 26,26 C9,29 -9,29 -26,26 " +
               "C-23,10 -21,-6 -17,-20 C-12,-23 -6,-26 0,-29 Z";

  // One piece as an SVG group: the bell (turned round for the second player, as a shogi
  // piece faces its owner's opponent) and its two-character name written down it.
  function piece(parent, p, x, y, opts) {
    const up = (p.c === "b") !== !!opts.flipped;
    const scale = (p.k === "K" ? 1.06 : 1) * (opts.scale || 1);
    const g = el("g", { class: "piece", "data-piece": p.k, "data-color": p.c,
      transform: `translate(${x},${y}) scale(${scale}) rotate(${up ? 0 : 180})` }, parent);
    if (p.sq) g.setAttribute("data-sq", p.sq);
    el("path", { d: BELL, class: "bell" }, g);
    const red = p.k === "+P";
    if (opts.letters) {
      // Letters stay upright for both sides: they are there to be read at a glance.
      const t = el("text", { x: 0, y: 9, class: "pname letter" + (red ? " promoted" : ""),
        transform: up ? "" : "rotate(180)" }, g);
      t.textContent = LETTER[p.k] || p.k;
    } else {
      const name = p.name || "";
      const a = el("text", { x: 0, y: -3, class: "pname" + (red ? " promoted" : "") }, g);
      a.textContent = name.charAt(0);
      const b = el("text", { x: 0, y: 19, class: "pname" + (red ? " promoted" : "") }, g);
      b.textContent = name.charAt(1);
    }
    return g;
  }

  class Board {
    constructor(svg, onSquare) {
      this.svg = svg;
      this.onSquare = onSquare;   // (square, how) where how is "down" or "drop"
      this.flipped = false;
      this.letters = false;
      this.view = null;
      this.marks = { selected: null, targets: [], captures: [] };
      const W = 10 * S + 2 * M;
      svg.setAttribute("viewBox", `0 0 ${W} ${W}`);
      this.drag = null;
      svg.addEventListener("pointerdown", (e) => this.pointer(e, "down"));
      svg.addEventListener("pointermove", (e) => this.move(e));
      svg.addEventListener("pointerup", (e) => this.pointer(e, "up"));
    }

    xy(name) {
      const [f, r] = sqCoords(name);
      const fx = this.flipped ? 9 - f : f, ry = this.flipped ? r : 9 - r;
      return [M + fx * S, M + ry * S];
    }

    squareAt(evt) {
      const pt = this.svg.createSVGPoint();
      pt.x = evt.clientX; pt.y = evt.clientY;
      const ctm = this.svg.getScreenCTM();
      if (!ctm) return null;
      const p = pt.matrixTransform(ctm.inverse());
      const fx = Math.floor((p.x - M) / S), ry = Math.floor((p.y - M) / S);
      if (fx < 0 || fx > 9 || ry < 0 || ry > 9) return null;
      const f = this.flipped ? 9 - fx : fx, r = this.flipped ? ry : 9 - ry;
      return sqName(f, r);
    }

    pointer(evt, kind) {
      const sq = this.squareAt(evt);
      if (kind === "down") {
        if (!sq) return;
        this.drag = { sq, x: evt.clientX, y: evt.clientY, moved: false, ghost: null };
        try { this.svg.setPointerCapture(evt.pointerId); } catch (_) { /* not a real pointer */ }
        this.onSquare(sq, "down");
      } else if (this.drag) {
        const d = this.drag;
        this.drag = null;
        if (d.ghost) { d.ghost.remove(); this.draw(); }
        if (d.moved && sq && sq !== d.sq) this.onSquare(sq, "drop");
      }
    }

    move(evt) {
      const d = this.drag;
      if (!d || this.marks.selected !== d.sq) return;
      if (!d.moved && Math.hypot(evt.clientX - d.x, evt.clientY - d.y) < 6) return;
      d.moved = true;
      if (!d.ghost) {
        const src = this.svg.querySelector(`.piece[data-sq="${d.sq}"]`);
        if (!src) return;
        d.ghost = src.cloneNode(true);
        d.ghost.classList.add("ghost");
        d.ghost.removeAttribute("data-sq");
        src.style.opacity = "0.35";
        this.svg.appendChild(d.ghost);
        d.base = src.getAttribute("transform").replace(/translate\([^)]*\)/, "");
      }
      const pt = this.svg.createSVGPoint();
      pt.x = evt.clientX; pt.y = evt.clientY;
      const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
      d.ghost.setAttribute("transform", `translate(${p.x},${p.y})` + d.base);
    }

    // Draws the view: squares, coordinates, last move, check, marks, pieces, hit areas.
    draw(view) {
      if (view) this.view = view;
      const v = this.view;
      const svg = this.svg;
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      el("rect", { x: 0, y: 0, width: 10 * S + 2 * M, height: 10 * S + 2 * M, class: "frame" }, svg);
      const grid = el("g", { class: "grid" }, svg);
      el("rect", { x: M, y: M, width: 10 * S, height: 10 * S, class: "wood" }, grid);
      for (let i = 0; i <= 10; i++) {
        el("line", { x1: M + i * S, y1: M, x2: M + i * S, y2: M + 10 * S }, grid);
        el("line", { x1: M, y1: M + i * S, x2: M + 10 * S, y2: M + i * S }, grid);
      }
      const coords = el("g", { class: "coords" }, svg);
      for (let i = 0; i < 10; i++) {
        const f = this.flipped ? 9 - i : i, r = this.flipped ? i : 9 - i;
        let t = el("text", { x: M + i * S + S / 2, y: M + 10 * S + 17 }, coords);
        t.textContent = NUM[f];
        t = el("text", { x: M + i * S + S / 2, y: 16, class: "ascii" }, coords);
        t.textContent = String.fromCharCode(97 + f);
        t = el("text", { x: M + 10 * S + 12, y: M + i * S + S / 2 + 6 }, coords);
        t.textContent = NUM[r];
        t = el("text", { x: 12, y: M + i * S + S / 2 + 5, class: "ascii" }, coords);
        t.textContent = String(r + 1);
      }
      if (!v) return;
      const marks = el("g", { class: "marks" }, svg);
      const cell = (sq, cls) => {
        const [x, y] = this.xy(sq);
        return el("rect", { x: x + 1, y: y + 1, width: S - 2, height: S - 2, class: cls, "data-mark": sq }, marks);
      };
      if (v.last) {
        if (v.last.from) cell(v.last.from, "last");
        cell(v.last.to, "last");
      }
      if (v.in_check) {
        const k = v.board.find((p) => p.k === "K" && p.c === v.side);
        if (k) cell(k.sq, "check");
      }
      if (this.marks.selected) cell(this.marks.selected, "selected");
      const pieces = el("g", { class: "pieces" }, svg);
      for (const p of v.board) {
        const [x, y] = this.xy(p.sq);
        piece(pieces, p, x + S / 2, y + S / 2 + 1, { flipped: this.flipped, letters: this.letters });
      }
      const dots = el("g", { class: "targets" }, svg);
      for (const sq of this.marks.targets) {
        const [x, y] = this.xy(sq);
        const occupied = v.board.some((p) => p.sq === sq);
        el("circle", { cx: x + S / 2, cy: y + S / 2, r: occupied ? S / 2 - 4 : 9,
          class: occupied ? "target capture" : "target", "data-target": sq }, dots);
      }
      const hits = el("g", { class: "hits" }, svg);
      for (let f = 0; f < 10; f++) {
        for (let r = 0; r < 10; r++) {
          const sq = sqName(f, r);
          const [x, y] = this.xy(sq);
          el("rect", { x, y, width: S, height: S, class: "hit", "data-sq": sq }, hits);
        }
      }
    }
  }

  // A small piece for the hands (an SVG of its own).
  function handPiece(p, letters, flipped) {
    const svg = el("svg", { viewBox: "-32 -32 64 64", class: "mini" });
    piece(svg, p, 0, 1, { letters, flipped, scale: 0.9 });
    return svg;
  }

  return { Board, handPiece, piece, NUM, sqName };
})();
