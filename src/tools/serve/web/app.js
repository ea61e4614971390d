// The web board's controls: it asks the server for everything (legal moves, notation, engine
// moves, analysis) and draws the answers. No rule is judged here: a move is offered only if
// the server listed it as legal, and every change goes through the server.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const board = new LJ.Board($("board"), onSquare);
  let view = null;          // the server's view of the game
  let selected = null;      // {from} or {drop} chosen by the player
  let events = null;        // the analysis stream
  let analysis = null;      // the latest analysis report
  let busy = false;
  let graphAsked = -1;
  // The one score scale (crates/engine/src/search/value.rs; a test in serve/web.rs compares):
  const MATE = 30000, MATE_IN_MAX_PLY = 29872;

  function say(text, error) {
    const m = $("message");
    m.textContent = text || "";
    m.className = error ? "error" : "";
  }

  async function api(path, body) {
    const opts = body === undefined ? {} :
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    const r = await fetch(path, opts);
    let data = null;
    try { data = await r.json(); } catch (_) { data = { error: `the server answered ${r.status}` }; }
    if (!r.ok) throw new Error(data && data.error ? data.error : `the server answered ${r.status}`);
    return data;
  }

  const game = (p) => `/api/games/${view.id}${p || ""}`;

  // Runs one request that answers a view, shows its error on the page if it fails (the
  // board stays as it was), and lets the engine move when it is its turn.
  async function act(path, body, okText) {
    if (busy) return false;
    busy = true;
    try {
      show(await api(path, body));
      say(okText || "");
    } catch (e) {
      say(e.message, true);
      return false;
    } finally {
      busy = false;
    }
    return true;
  }

  async function maybeEngine() {
    if (!view || view.outcome || view.engine_side !== view.side || view.thinking) return;
    if (view.cursor !== view.line.length) return;   // stepping through the line: no reply
    busy = true;
    $("status").textContent = "the engine is thinking…";
    try {
      show(await api(game("/engine"), {}));
    } catch (e) {
      say(e.message, true);
    } finally {
      busy = false;
    }
    render();
  }

  function youPlay(side) { return view && view.engine_side !== side; }

  function onSquare(sq, how) {
    if (!view || busy) return;
    const legal = view.legal;
    if (selected) {
      const fits = legal.filter((m) => m.to === sq &&
        (selected.drop ? m.drop === selected.drop : m.from === selected.from));
      let chosen = fits;
      if (!fits.length && selected.from) {
        // A click on one's own rook after choosing the king castles toward it.
        const rook = view.board.find((p) => p.sq === sq && p.k === "R" && p.c === view.side);
        if (rook) {
          const dir = Math.sign(sq.charCodeAt(0) - selected.from.charCodeAt(0));
          chosen = legal.filter((m) => m.castle && m.from === selected.from &&
            Math.sign(m.to.charCodeAt(0) - m.from.charCodeAt(0)) === dir);
        }
      }
      if (chosen.length) {
        selected = null;
        choose(chosen);
        return;
      }
      if (how === "drop") { selected = null; mark(); return; }
    }
    if (how === "drop") return;
    const p = view.board.find((x) => x.sq === sq);
    if (p && p.c === view.side && youPlay(view.side) && legal.some((m) => m.from === sq)) {
      selected = selected && selected.from === sq ? null : { from: sq };
    } else {
      selected = null;
    }
    mark();
  }

  function mark() {
    const targets = !selected ? [] : view.legal
      .filter((m) => selected.drop ? m.drop === selected.drop : m.from === selected.from)
      .map((m) => m.to);
    board.marks = { selected: selected && selected.from, targets: [...new Set(targets)] };
    board.draw(view);
    drawHands();
  }

  // Plays one of the legal moves that fit the player's gesture; several (a promotion or
  // not, or the no-drop game's five pieces) are offered in a dialog.
  function choose(moves) {
    if (moves.length === 1) { play(moves[0].m); return; }
    const box = $("promo-choices");
    box.innerHTML = "";
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.promo = m.promo || "";
      b.textContent = m.promo ? `${promoName(m.promo)} (${m.zh})` : `不成 (${m.zh})`;
      b.onclick = () => { $("promo").hidden = true; play(m.m); };
      box.appendChild(b);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.textContent = "✕";
    cancel.onclick = () => { $("promo").hidden = true; mark(); };
    box.appendChild(cancel);
    $("promo").hidden = false;
  }

  function promoName(k) {
    return { "+P": "成 枪兵", R: "成 戟兵", N: "成 骑兵", B: "成 僧兵", G: "成 近卫", Q: "成 副将" }[k] || k;
  }

  // The player's move; then the engine's reply when it plays the other side.
  async function play(m) {
    board.marks = { selected: null, targets: [] };
    if (await act(game("/move"), { move: m })) await maybeEngine();
  }

  function show(v) {
    view = v;
    selected = null;
    board.marks = { selected: null, targets: [] };
    render();
  }

  function sideName(c) { return c === "b" ? "∧ 主帅方" : "∨ 大帅方"; }

  function render() {
    if (!view) return;
    board.draw(view);
    drawHands();
    const st = view.outcome ? `对局结束：${view.outcome.text}` :
      `行棋：${sideName(view.side)}　第 ${view.move_number} 手` + (view.in_check ? "　被将军" : "");
    $("status").textContent = st + (view.thinking ? "　(engine thinking)" : "");
    drawMoves();
    $("sfen").textContent = "SFEN: " + view.sfen;
    $("analyse").textContent = view.analysing ? "Stop analysis" : "Start analysis";
    if (!view.analysing) evalFromScores();
    drawGraph();
    if (view.outcome && graphAsked !== view.line.length && !busy) {
      graphAsked = view.line.length;
      setTimeout(() => computeGraph(), 0);
    }
  }

  // The two side panels: who, the hand with counts, the drop cooldown, castling rights.
  function drawHands() {
    const top = board.flipped ? "b" : "w", bottom = board.flipped ? "w" : "b";
    sidePanel($("info-top"), top);
    sidePanel($("info-bottom"), bottom);
  }

  function sidePanel(div, c) {
    div.innerHTML = "";
    div.className = "side-info" + (view.side === c && !view.outcome ? " to-move" : "");
    div.dataset.color = c;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = sideName(c) + (view.engine_side === c ? " (engine)" : "");
    div.appendChild(who);
    const hand = document.createElement("span");
    hand.className = "hand";
    hand.dataset.color = c;
    for (const h of view.hands[c]) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hand-piece" + (selected && selected.drop === h.k && view.side === c ? " selected" : "");
      b.dataset.drop = h.k;
      b.dataset.color = c;
      b.title = `${h.name} ×${h.n}`;
      b.appendChild(LJ.handPiece({ k: h.k, c, name: h.name }, board.letters, board.flipped));
      const n = document.createElement("span");
      n.className = "count";
      n.textContent = "×" + h.n;
      b.appendChild(n);
      b.onclick = () => pickDrop(c, h.k);
      hand.appendChild(b);
    }
    if (!view.hands[c].length && view.drops) hand.textContent = "持驹：无";
    div.appendChild(hand);
    if (view.drops) {
      const cd = document.createElement("span");
      cd.className = "cooldown";
      cd.dataset.cooldown = view.cooldowns[c];
      cd.title = "drop cooldown (禁援牌): own turns left without drops";
      cd.textContent = `禁援 ${view.cooldowns[c]}`;
      for (let i = 0; i < 2; i++) {
        const card = document.createElement("span");
        card.className = "card" + (i < view.cooldowns[c] ? " up" : "");
        cd.appendChild(card);
      }
      div.appendChild(cd);
    }
    const cr = view.castling[c];
    const cs = document.createElement("span");
    cs.className = "castling";
    cs.dataset.castling = (cr.k ? "K" : "") + (cr.q ? "Q" : "");
    cs.textContent = `戟兵保帅：${cr.k ? "戟帅 ✓" : "戟帅 ✗"} ${cr.q ? "戟一帅 ✓" : "戟一帅 ✗"}`;
    div.appendChild(cs);
  }

  function pickDrop(c, k) {
    if (!view || busy || c !== view.side || !youPlay(c)) return;
    if (!view.legal.some((m) => m.drop === k)) {
      say(view.cooldowns[c] > 0 ? `no drop now: cooldown ${view.cooldowns[c]}` :
        view.in_check ? "no drop while in check" : "no legal drop of that piece", true);
      return;
    }
    selected = selected && selected.drop === k ? null : { drop: k };
    say("");
    mark();
  }

  function drawMoves() {
    const ol = $("movelist");
    ol.innerHTML = "";
    const ascii = $("ascii").checked;
    let li = null;
    let number = Math.ceil(view.start_number / 2);
    view.line.forEach((m, i) => {
      if (!li || m.side === "b") {
        li = document.createElement("li");
        li.value = number;
        if (m.side === "w") { const gap = document.createElement("span"); gap.className = "mv"; gap.textContent = "…"; li.appendChild(gap); }
        ol.appendChild(li);
      }
      if (m.side === "w") number++;
      const s = document.createElement("span");
      s.className = "mv" + (i + 1 === view.cursor ? " current" : "");
      s.dataset.ply = i + 1;
      s.dataset.zh = m.zh;
      s.dataset.ascii = m.m;
      s.textContent = ascii ? m.m : m.zh;
      s.onclick = () => act(game("/goto"), { ply: i + 1 });
      li.appendChild(s);
    });
    const cur = ol.querySelector(".current");
    // Keep the current move in sight by scrolling the list only (not the page).
    if (cur) ol.scrollTop = Math.max(0, cur.offsetTop - ol.offsetTop - ol.clientHeight / 2);
    $("result").textContent = view.outcome ? view.outcome.text : "";
  }

  // ---- analysis -------------------------------------------------------------------------
  function listen() {
    if (events) events.close();
    events = new EventSource(game("/events"));
    events.onmessage = (e) => {
      try { analysis = JSON.parse(e.data); } catch (_) { return; }
      drawLines();
    };
  }

  function drawLines() {
    const div = $("lines");
    div.innerHTML = "";
    if (!analysis || !analysis.lines) return;
    for (const l of analysis.lines) {
      const d = document.createElement("div");
      d.className = "pv-line";
      d.dataset.multipv = l.multipv;
      const pv = $("ascii").checked ? l.pv_ascii : l.pv;
      d.innerHTML = `<span class="score"></span><span class="meta"></span><span class="pv"></span>`;
      d.querySelector(".score").textContent = l.score;
      d.querySelector(".meta").textContent =
        `d${l.depth}/${l.seldepth} ${(l.nps / 1000).toFixed(0)} kN/s`;
      d.querySelector(".pv").textContent = pv.join(" ");
      div.appendChild(d);
    }
    if (analysis.lines.length && analysis.ply === (view && view.cursor)) evalBar(analysis.lines[0].cp, analysis.lines[0].score);
  }

  function evalBar(cp, text) {
    // The light part is the first player's share, on its side of the board.
    const share = 0.5 + 0.5 * Math.tanh(cp / 500);
    const fill = $("evalfill");
    fill.style.top = board.flipped ? "0" : "auto";
    fill.style.bottom = board.flipped ? "auto" : "0";
    fill.style.height = (share * 100).toFixed(1) + "%";
    $("evaltext").textContent = text;
  }

  function evalFromScores() {
    const s = view.scores[view.cursor];
    if (s === null || s === undefined) return;
    // Mates are ±MATE less their distance in plies (the server's scale, search::value).
    const mate = Math.abs(s) >= MATE_IN_MAX_PLY ? Math.ceil((MATE - Math.abs(s)) / 2) : null;
    evalBar(s, mate === null ? (s / 100).toFixed(2) : (s > 0 ? "#" : "#-") + mate);
  }

  async function toggleAnalysis() {
    if (!view) return;
    const on = !view.analysing;
    await act(game("/analysis"), { on, multipv: parseInt($("multipv").value, 10) });
  }

  async function computeGraph() {
    if (!view || busy) return;
    say("computing the evaluation graph…");
    await act(game("/graph"), { nodes: 3000 }, "evaluation graph: every position searched 3000 nodes");
  }

  function drawGraph() {
    const g = $("graph");
    g.innerHTML = "";
    const n = view.scores.length;
    const W = 320, H = 110, y = (cp) => H / 2 - (H / 2 - 4) * Math.tanh(cp / 600);
    const x = (i) => (n <= 1 ? 0 : (i * W) / (n - 1));
    const ns = "http://www.w3.org/2000/svg";
    const line = (x1, y1, x2, y2, cls) => {
      const l = document.createElementNS(ns, "line");
      Object.entries({ x1, y1, x2, y2, class: cls }).forEach(([k, v]) => l.setAttribute(k, v));
      g.appendChild(l);
    };
    line(0, H / 2, W, H / 2, "zero");
    const pts = [];
    view.scores.forEach((s, i) => { if (s !== null) pts.push(`${x(i).toFixed(1)},${y(s).toFixed(1)}`); });
    if (pts.length > 1) {
      const area = document.createElementNS(ns, "polygon");
      const first = pts[0].split(",")[0], last = pts[pts.length - 1].split(",")[0];
      area.setAttribute("points", `${first},${H / 2} ${pts.join(" ")} ${last},${H / 2}`);
      area.setAttribute("class", "area");
      g.appendChild(area);
      const pl = document.createElementNS(ns, "polyline");
      pl.setAttribute("points", pts.join(" "));
      pl.setAttribute("class", "curve");
      g.appendChild(pl);
    }
    g.dataset.points = pts.length;
    line(x(view.cursor), 0, x(view.cursor), H, "now");
  }

  $("graph").addEventListener("click", (e) => {
    if (!view || view.scores.length < 2) return;
    const r = $("graph").getBoundingClientRect();
    const ply = Math.round(((e.clientX - r.left) / r.width) * (view.scores.length - 1));
    act(game("/goto"), { ply });
  });

  // ---- controls -------------------------------------------------------------------------
  async function newGame() {
    const you = $("you").value;
    const engine_side = you === "both" ? "none" : you === "b" ? "w" : "b";
    const body = { variant: $("variant").value, engine_side,
      strength: { kind: $("strength-kind").value, value: parseInt($("strength-value").value, 10) || 0,
        level: parseInt($("level").value, 10) } };
    try {
      show(await api("/api/games", body));
    } catch (e) { say(e.message, true); return; }
    localStorage.setItem("longjiang-game", view.id);
    board.flipped = you === "w";
    analysis = null;
    graphAsked = -1;
    $("lines").innerHTML = "";
    listen();
    render();
    say("new game");
    await maybeEngine();
  }

  function takeBack() {
    if (!view || view.cursor === 0) return;
    const engineReplied = view.engine_side && view.engine_side !== view.side && view.cursor >= 2;
    const plies = view.engine_side === view.side || !engineReplied ? 1 : 2;
    act(game("/undo"), { plies });
  }

  const step = (ply) => view && act(game("/goto"), { ply: Math.max(0, Math.min(view.line.length, ply)) });

  $("flip").onclick = () => { board.flipped = !board.flipped; render(); };
  $("takeback").onclick = takeBack;
  $("enginemove").onclick = async () => {
    if (!view || busy) return;
    busy = true;
    try { show(await api(game("/engine"), {})); say(""); } catch (e) { say(e.message, true); }
    busy = false;
    render();
  };
  $("letters").onchange = () => { board.letters = $("letters").checked; render(); };
  $("ascii").onchange = () => { render(); drawLines(); };
  $("new").onclick = newGame;
  $("analyse").onclick = toggleAnalysis;
  $("graphbtn").onclick = computeGraph;
  $("first").onclick = () => step(0);
  $("prev").onclick = () => step(view.cursor - 1);
  $("next").onclick = () => step(view.cursor + 1);
  $("last").onclick = () => step(view.line.length);
  for (let l = 20; l >= 0; l--) {
    const o = document.createElement("option");
    o.value = String(l);
    o.textContent = l === 20 ? "20 (full strength)" : String(l);
    $("level").appendChild(o);
  }
  $("strength-kind").onchange = () => {
    $("strength-value").value = { movetime: 1000, nodes: 100000, depth: 8 }[$("strength-kind").value];
  };
  $("loadpos").onclick = () => act(game("/position"), { text: $("text").value }, "position set");
  $("loadrec").onclick = () => act(game("/record"), { text: $("text").value },
    "record loaded: step through it with ▶");
  $("saverec").onclick = async () => {
    try {
      const r = await api(game("/record"));
      $("text").value = r.text;
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([r.text], { type: "text/plain" }));
      a.download = "longjiang-game.txt";
      a.click();
      say("record saved (and shown in the text box)");
    } catch (e) { say(e.message, true); }
  };
  $("file").onchange = async () => {
    const f = $("file").files[0];
    if (!f) return;
    if (f.size > 200000) { say("that file is too large for a record", true); return; }
    $("text").value = await f.text();
    act(game("/record"), { text: $("text").value }, `record ${f.name} loaded`);
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT" || !view) return;
    if (e.key === "ArrowLeft") step(view.cursor - 1);
    if (e.key === "ArrowRight") step(view.cursor + 1);
  });

  async function resume() {
    const id = localStorage.getItem("longjiang-game");
    if (id && /^[0-9a-f]{16}$/.test(id)) {
      try {
        show(await api(`/api/games/${id}`));
        board.flipped = view.engine_side === "b";
        listen();
        render();
        return;
      } catch (_) { /* dropped: start a new one */ }
    }
    await newGame();
  }
  window.ljView = () => view;
  window.ljBusy = () => busy;
  resume();
})();
