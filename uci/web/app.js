// Vorpal GUI: the page. It knows no chess rules; it draws what the server's
// JSON says (docs/GUI.md) and offers only the moves in `state.legal`.

import { pieceSvg } from "./pieces.js";
import { S, boardSvg, arrowsSvg, parseSquare, squareName, fileRank, squareXY, pieceIcon } from "./board.js";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------------------------------------------------------------- state

let ws = null;
let connected = false;
let reconnectDelay = 500;
let hello = null;
let state = null;
let stateAt = 0; // performance.now() when `state` arrived (clocks)
let lines = null; // the last `analysis` message
let hintMove = null; // { ply, move }
let selected = null; // { from: "Ae2" } or { drop: "jack", color: "white" }
let picker = null; // { moves, anchor }
let flipped = false;
let merged = false; // classic Alice: one board with B's pieces faded
let drag = null;
let suppressClick = false;
let lastGameKey = "";
let messageTimer = 0;
// A link that names a game: until a state of that game (its `tag`) comes, the
// opening game the server started on connecting is held back, never drawn.
let linkTag = null;
let heldState = null;

// ---------------------------------------------------------------- theme

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem("vorpal-theme", theme);
  } catch (e) {
    /* storage may be unavailable */
  }
}
{
  let theme = null;
  try {
    theme = localStorage.getItem("vorpal-theme");
  } catch (e) {
    theme = null;
  }
  if (theme !== "dark" && theme !== "light") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
}

// ---------------------------------------------------------------- socket

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(msg));
    return true;
  }
  showMessage("Not connected to the server; reconnecting…", "error");
  return false;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  try {
    ws = new WebSocket(`${proto}//${location.host}/ws`);
  } catch (e) {
    scheduleReconnect();
    return;
  }
  ws.addEventListener("open", () => {
    connected = true;
    reconnectDelay = 500;
    document.body.classList.remove("offline");
    clearMessage("conn");
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch (e) {
      return;
    }
    try {
      onMessage(msg);
    } catch (e) {
      showMessage(`Display error: ${e.message}`, "error");
      setTimeout(() => {
        throw e;
      });
    }
  });
  ws.addEventListener("close", () => {
    const was = connected;
    connected = false;
    document.body.classList.add("offline");
    showMessage(was ? "Connection to the server lost; reconnecting…" : "Cannot reach the server; retrying…", "conn");
    scheduleReconnect();
  });
  ws.addEventListener("error", () => {
    /* a close event follows */
  });
}

function scheduleReconnect() {
  setTimeout(connect, reconnectDelay);
  reconnectDelay = Math.min(reconnectDelay * 2, 5000);
}

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      onHello(msg);
      break;
    case "state":
      if (linkTag !== null && msg.tag !== linkTag) {
        heldState = msg;
        break;
      }
      linkTag = null;
      heldState = null;
      onState(msg);
      break;
    case "analysis":
      lines = msg;
      renderAnalysis();
      renderBoards({ arrowsOnly: true });
      renderEvalBar();
      break;
    case "hint":
      if (state) {
        hintMove = { ply: state.ply, plies: state.plies, move: msg.move };
        renderBoards();
        showMessage(`Hint: ${msg.move && msg.move.name}`, "info");
      }
      break;
    case "pgn":
      onPgn(msg.pgn || "");
      break;
    case "engine":
      showMessage(`Engine ${msg.status || ""}: ${msg.message || ""}`, msg.status === "failed" ? "error" : "info");
      break;
    case "error":
      if (linkTag !== null) {
        // The link's game was refused: the opening game stays.
        const opening = heldState;
        linkTag = null;
        heldState = null;
        if (opening) onState(opening);
      }
      showMessage(msg.message || "error", "error");
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- messages

function showMessage(text, kind = "info") {
  const el = $("message");
  el.textContent = text;
  el.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (kind !== "conn") {
    messageTimer = setTimeout(() => clearMessage(), kind === "error" ? 12000 : 6000);
  }
}

function clearMessage(onlyKind) {
  const el = $("message");
  if (onlyKind && el.dataset.kind !== onlyKind) return;
  el.textContent = "";
  el.dataset.kind = "";
}

// ---------------------------------------------------------------- hello

function variantInfo(name) {
  return (hello && hello.variants.find((v) => v.name === name)) || null;
}

function onHello(msg) {
  hello = msg;
  const sel = $("variant");
  sel.innerHTML = msg.variants
    .map((v) => `<option value="${esc(v.name)}">${esc(v.title || v.name)}</option>`)
    .join("");
  const engines = msg.engines || [];
  for (const id of ["engine", "engine2"]) {
    $(id).innerHTML = engines.map((e, i) => `<option value="${i}">${esc(e)}</option>`).join("");
  }
  syncForm();
  // A link /?variant=NAME&fen=FEN starts that game (also after a reconnect:
  // the URL always holds the variant and the viewed position).
  const params = new URLSearchParams(location.search);
  const variant = params.get("variant");
  if (variant) {
    if (variantInfo(variant)) sel.value = variant;
    const mode = params.get("mode");
    if (mode && ["play", "watch", "analysis"].includes(mode)) $("mode").value = mode;
    const side = params.get("side");
    if (side === "white" || side === "black") $("side").value = side;
    const msgNew = { type: "new", variant, mode: $("mode").value, side: $("side").value, level: levelValue() };
    const fen = params.get("fen");
    if (fen) msgNew.fen = fen;
    const clock = clockValue();
    if (clock) msgNew.clock = clock;
    linkTag = 1; // a new socket is a new tab, whose opening game has no tag
    msgNew.tag = linkTag;
    heldState = null;
    lastGameKey = "";
    send(msgNew);
  }
}

// ---------------------------------------------------------------- state

function onState(msg) {
  const prev = state;
  state = msg;
  // The latest state, for tests and other tools (docs/GUI.md).
  window.vorpalState = msg;
  stateAt = performance.now();
  const gameKey = `${msg.variant}|${msg.mode}|${msg.start_fen}|${(msg.human || []).join(",")}`;
  const newGame = gameKey !== lastGameKey;
  if (newGame) {
    lastGameKey = gameKey;
    flipped = false;
    $("variant").value = msg.variant;
    $("mode").value = msg.mode;
    if (msg.mode === "play" && msg.human && msg.human.length === 1) $("side").value = msg.human[0];
    if (typeof msg.level === "number") $("level").value = msg.level;
    syncForm();
    const info = variantInfo(msg.variant);
    merged = false;
    document.body.classList.toggle("multi-board", !!(info ? info.boards > 1 : msg.position.boards > 1));
  }
  if (!prev || prev.fen !== msg.fen || prev.ply !== msg.ply || newGame) {
    selected = null;
    closePicker();
  } else if (selected && !movesFromSelection().length) {
    selected = null;
  }
  if (lines && (lines.ply !== msg.ply || newGame || !msg.analysis || (msg.mode === "analysis" && !msg.analysis.on))) {
    if (!(msg.mode === "watch" && lines.ply === msg.plies)) lines = null;
  }
  if (hintMove && (hintMove.ply !== msg.ply || hintMove.plies !== msg.plies)) hintMove = null;

  const b = document.body.dataset;
  b.ply = String(msg.ply);
  b.plies = String(msg.plies);
  b.turn = msg.position.side_to_move;
  b.thinking = msg.thinking ? "true" : "false";
  b.result = msg.result ? msg.result.score : "";
  b.variant = msg.variant;
  b.mode = msg.mode;
  b.paused = msg.paused ? "true" : "false";

  renderAll();
  updateUrl();
}

function renderAll() {
  if (!state) return;
  renderHeader();
  renderBoards();
  renderPlayers();
  renderMoveList();
  renderControls();
  renderAnalysis();
  renderEvalBar();
  renderEvalGraph();
  renderRecord();
  tickClocks();
}

function updateUrl() {
  if (!state) return;
  const params = new URLSearchParams();
  params.set("variant", state.variant);
  const info = variantInfo(state.variant);
  if (!info || state.fen !== info.start_fen) params.set("fen", state.fen);
  if (state.mode !== "play") params.set("mode", state.mode);
  else if (state.human && state.human[0] === "black") params.set("side", "black");
  const url = `${location.pathname}?${params.toString()}`;
  if (url !== location.pathname + location.search) {
    try {
      history.replaceState(null, "", url);
    } catch (e) {
      /* ignore */
    }
  }
}

// ---------------------------------------------------------------- helpers

function boardsOf() {
  return state ? state.position.boards : 1;
}

function orientation() {
  let base = "white";
  if (state && state.mode === "play" && state.human && state.human.length === 1) base = state.human[0];
  return flipped ? (base === "white" ? "black" : "white") : base;
}

function canMerge() {
  return !!state && state.position.boards === 2;
}

function pieceAt(name) {
  return state.position.pieces.find((p) => p.square === name) || null;
}

function movesFromSelection() {
  if (!state || !selected) return [];
  if (selected.from) return state.legal.filter((m) => m.from === selected.from);
  return state.legal.filter((m) => !m.from && m.drop === selected.drop);
}

// The selected piece's moves onto a clicked square: its `to`, or, on the other
// boards of the Alice games, the square where it lands (the highlighted hint).
function movesTo(target) {
  const moves = movesFromSelection();
  const direct = moves.filter((m) => m.to === target);
  if (direct.length || boardsOf() < 2) return direct;
  return moves.filter((m) => m.lands === target && m.to !== target);
}

function humanColor() {
  return state ? state.position.side_to_move : "white";
}

function scoreText(cp) {
  if (cp === null || cp === undefined) return "";
  if (Math.abs(cp) >= 90000) {
    const n = 100000 - Math.abs(cp);
    return `#${cp < 0 ? "-" : ""}${Math.max(n, 0)}`;
  }
  const v = cp / 100;
  return `${v > 0 ? "+" : ""}${v.toFixed(Math.abs(v) >= 10 ? 1 : 2)}`;
}

function winShare(cp) {
  // White's share of the bar, lichess' winning-chances curve.
  if (cp === null || cp === undefined) return 0.5;
  if (Math.abs(cp) >= 90000) return cp > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.00368208 * cp));
}

function lineScoreWhite(line, turn) {
  if (line.score && typeof line.score.mate === "number") {
    const m = turn === "white" ? line.score.mate : -line.score.mate;
    return { text: `#${m}`, cp: m > 0 ? 100000 - Math.abs(m) : -(100000 - Math.abs(m)) };
  }
  const cp = typeof line.white_cp === "number" ? line.white_cp : line.score && line.score.cp;
  return { text: scoreText(cp), cp };
}

function startInfo() {
  const parts = (state.start_fen || "").trim().split(/\s+/);
  const blackFirst = parts[1] === "b";
  const full = parseInt(parts[5], 10);
  return { blackFirst, full: Number.isFinite(full) && full > 0 ? full : 1 };
}

// ---------------------------------------------------------------- header

function renderHeader() {
  const info = variantInfo(state.variant);
  const modeName = { play: "vs engine", watch: "engine vs engine", analysis: "analysis" }[state.mode] || state.mode;
  $("game-title").textContent = `${info ? info.title : state.variant} · ${modeName}`;
  document.title = `${r0(state)}Vorpal · ${info ? info.title : state.variant}`;
  let status = "";
  if (state.result) status = "Game over";
  else if (state.ply < state.plies) status = `Viewing move ${state.ply} of ${state.plies}`;
  else if (state.thinking) status = "Engine is thinking…";
  else if (state.mode === "watch" && state.paused) status = "Paused";
  else if (state.legal.length) status = `${cap(state.position.side_to_move)} to move`;
  else status = `${cap(state.position.side_to_move)} to move`;
  $("status").textContent = status;
  $("status").classList.toggle("thinking", !!state.thinking && state.ply === state.plies);
  const r = state.result;
  $("result").textContent = r ? `${r.score} · ${r.reason}` : "";
  $("result").hidden = !r;
}

const r0 = (st) => (st.result ? `${st.result.score} · ` : st.thinking ? "… " : "");
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// ---------------------------------------------------------------- boards

function squareLabel(boards, board, file, rank, pieceOnIt, extra) {
  const parts = [fileRank(file, rank)];
  if (boards > 1 && board !== null) parts.push(`board ${String.fromCharCode(65 + board)}`);
  if (pieceOnIt) parts.push(`${pieceOnIt.color} ${pieceOnIt.kind}${pieceOnIt.badge ? ` (${pieceOnIt.badge})` : ""}`);
  else parts.push("empty");
  if (extra) parts.push(extra);
  return parts.join(", ");
}

// The arrows to draw: analysis lines (viewed ply) and the hint.
function arrowMoves() {
  const out = [];
  if (lines && state && lines.ply === state.ply && Array.isArray(lines.lines)) {
    const sorted = [...lines.lines].sort((a, b) => a.multipv - b.multipv);
    sorted.forEach((line, i) => {
      if (line.first) {
        out.push({
          move: line.first,
          cls: i === 0 ? "best" : "alt",
          width: i === 0 ? 1 : 0.7,
          title: `${line.first.name} ${lineScoreWhite(line, state.position.side_to_move).text}`,
        });
      }
    });
  }
  if (hintMove && hintMove.move) out.push({ move: hintMove.move, cls: "hint", width: 1, title: `hint ${hintMove.move.name}` });
  // The best line's arrow is drawn last, on top of the others.
  return out.reverse();
}

// The boards' markup last drawn, arrows aside.
let boardsMarkup = null;

// With `arrowsOnly`, boards that are otherwise unchanged keep their squares and only
// their arrows are redrawn: analysis lines arrive many times a second, and a square
// replaced between press and release would swallow the click.
function renderBoards({ arrowsOnly = false } = {}) {
  if (!state) return;
  const pos = state.position;
  const boards = pos.boards;
  const flip = orientation() === "black";
  const container = $("boards");
  const parse = (n) => parseSquare(n, boards);
  const k = (sq) => `${sq.file},${sq.rank}`;
  const useMerged = merged && canMerge();
  const drawn = useMerged ? [null] : [...Array(boards).keys()];
  $("view-switch").hidden = !canMerge();

  const selMoves = movesFromSelection();
  const selSq = selected && selected.from ? parse(selected.from) : null;
  const arrows = arrowMoves();
  const html = [];
  const arrowsMarkup = [];

  for (const b of drawn) {
    const onBoard = (sq) => sq && (b === null || sq.board === b);
    const sets = {
      removed: new Set(),
      teleporters: new Set(),
      last: new Set(),
      checks: new Set(),
      lands: new Set(),
      dests: new Map(),
    };
    for (const n of pos.removed || []) {
      const sq = parse(n);
      // A removed square name may lack the board letter; it is removed on every board then.
      if (sq && (b === null || sq.board === b || !/^[A-Z]/.test(n))) sets.removed.add(k(sq));
    }
    for (const n of pos.teleporters || []) {
      const sq = parse(n);
      if (onBoard(sq)) sets.teleporters.add(k(sq));
    }
    for (const n of pos.checks || []) {
      const sq = parse(n);
      if (onBoard(sq)) sets.checks.add(k(sq));
    }
    if (state.last) {
      const L = state.last;
      for (const n of [L.from, L.to, L.lands, ...(L.also || [])]) {
        const sq = n ? parse(n) : null;
        if (onBoard(sq)) sets.last.add(k(sq));
      }
    }
    // The pieces on this board (both boards, B's faded, in the merged view).
    const pieces = [];
    const byKey = new Map();
    for (const p of pos.pieces) {
      const sq = parse(p.square);
      if (!onBoard(sq)) continue;
      const faded = b === null && sq.board === 1;
      const entry = { file: sq.file, rank: sq.rank, color: p.color, kind: p.kind, badge: p.badge, faded, at: p.square, piece: p };
      pieces.push(entry);
      if (!byKey.has(k(sq)) || !faded) byKey.set(k(sq), entry);
    }
    // Draw faded pieces first, so a solid piece is on top.
    pieces.sort((x, y) => Number(y.faded) - Number(x.faded));

    let selectedKey = null;
    if (selSq && onBoard(selSq)) selectedKey = k(selSq);
    for (const m of selMoves) {
      const to = parse(m.to);
      if (onBoard(to)) {
        const target = pieces.some((p) => p.file === to.file && p.rank === to.rank && (b !== null || p.at[0] === selected.from?.[0]));
        sets.dests.set(k(to), { capture: target || (m.from === m.to) });
      }
      if (!useMerged && m.lands && m.lands !== m.to) {
        const lands = parse(m.lands);
        if (onBoard(lands)) sets.lands.add(k(lands));
      }
    }
    const arrowList = [];
    for (const a of arrows) {
      const m = a.move;
      const toName = boards > 1 ? m.to : m.lands || m.to;
      const from = m.from ? parse(m.from) : parse(toName);
      const to = parse(toName);
      if (from && to && onBoard(from)) {
        arrowList.push({ from, to, cls: a.cls, width: a.width, title: a.title });
      }
    }
    const letter = b === null ? null : b;
    const model = {
      id: b === null ? "m" : String(b),
      files: pos.files,
      ranks: pos.ranks,
      flip,
      title: b === null ? "Boards A and B merged" : boards > 1 ? `Board ${String.fromCharCode(65 + b)}` : "Board",
      name: (f, r) => {
        if (b !== null) return squareName(boards, b, f, r);
        // Merged view: the square is named on the board of its piece (A when empty).
        const e = byKey.get(`${f},${r}`);
        const onB = e && e.faded;
        return squareName(boards, onB ? 1 : 0, f, r);
      },
      label: (f, r) => {
        if (b !== null) return squareLabel(boards, letter, f, r, byKey.get(`${f},${r}`)?.piece);
        const e = byKey.get(`${f},${r}`);
        return squareLabel(boards, e && e.faded ? 1 : 0, f, r, e?.piece);
      },
      removed: sets.removed,
      teleporters: sets.teleporters,
      last: sets.last,
      checks: sets.checks,
      selected: selectedKey,
      dests: sets.dests,
      lands: sets.lands,
      pieces,
      arrows: [],
    };
    arrowsMarkup.push(arrowsSvg({ ...model, arrows: arrowList }));
    const heading =
      boards > 1
        ? `<div class="board-label">${
            b === null ? "Boards A + B <small>(B faded)</small>" : `Board ${String.fromCharCode(65 + b)}`
          }</div>`
        : "";
    html.push(
      `<div class="board-wrap" data-board="${b === null ? "merged" : String.fromCharCode(65 + b)}">${heading}<div class="board">${boardSvg(
        model,
      )}</div></div>`,
    );
  }
  const markup = html.join("");
  const fillArrows = () =>
    container.querySelectorAll(".board-svg > .arrows").forEach((g, i) => {
      g.innerHTML = arrowsMarkup[i];
    });
  if (arrowsOnly && markup === boardsMarkup) {
    fillArrows();
    return;
  }
  boardsMarkup = markup;
  container.innerHTML = markup;
  fillArrows();
  container.dataset.count = String(drawn.length);
  // Size: the boards fit the window's height as well as its width.
  const aspect = drawn.length * (pos.files / pos.ranks);
  $("play-area").style.setProperty("--aspect", String(aspect));
  $("play-area").style.setProperty("--count", String(drawn.length));
  container.classList.toggle("has-labels", boards > 1);
  document.body.classList.toggle("boards-3", drawn.length >= 3);
  if (drag) {
    const el = container.querySelector(`.piece[data-at="${cssEsc(drag.from)}"]`);
    if (el) el.classList.add("drag-origin");
  }
}

const cssEsc = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : s);

// ---------------------------------------------------------------- players, clocks, hands

function playerName(color) {
  const engines = state.engines || [];
  if (state.mode === "analysis") return cap(color);
  if (state.mode === "watch") {
    const name = color === "white" ? engines[0] : engines[1] || engines[0];
    return name || `Engine (${color})`;
  }
  if ((state.human || []).includes(color)) return "You";
  return engines[0] ? `${engines[0]}${typeof state.level === "number" && state.level < 20 ? ` · level ${state.level}` : ""}` : "Engine";
}

function renderPlayers() {
  const bottom = orientation();
  const top = bottom === "white" ? "black" : "white";
  // The clocks are moved, never rebuilt: take them out before the strips are redrawn.
  const store = $("clock-store");
  store.appendChild($("clock-white"));
  store.appendChild($("clock-black"));
  renderPlayer($("player-top"), top);
  renderPlayer($("player-bottom"), bottom);
}

function renderPlayer(el, color) {
  const pos = state.position;
  const turn = pos.side_to_move === color && !state.result;
  const hands = (pos.hands || []).filter((h) => h.color === color);
  const handHtml = hands.length
    ? `<div class="hand" data-hand="${color}" aria-label="${color}'s hand">${hands
        .map((h) => {
          const canDrop = state.legal.some((m) => !m.from && m.drop === h.kind) && pos.side_to_move === color;
          const sel = selected && selected.drop === h.kind && selected.color === color;
          return `<div class="hand-piece${h.count ? "" : " empty"}${canDrop ? " can-drop" : ""}${sel ? " selected" : ""}" data-kind="${esc(
            h.kind,
          )}" data-count="${h.count}" role="button" aria-label="${color} ${esc(h.kind)} in hand: ${h.count}" title="${cap(
            h.kind,
          )} × ${h.count}">${pieceIcon(h.kind, color)}<span class="count">${h.count}</span></div>`;
        })
        .join("")}</div>`
    : "";
  let points = "";
  if (Array.isArray(pos.points)) {
    points = `<span class="points" title="Captured points">${pos.points[color === "white" ? 0 : 1]} pts</span>`;
  }
  const thinking = state.thinking && turn && state.ply === state.plies ? `<span class="thinking-dots" aria-label="thinking"><i></i><i></i><i></i></span>` : "";
  el.innerHTML = `<span class="swatch ${color}"></span><span class="name">${esc(playerName(color))}</span>${thinking}${points}${handHtml}<span class="spacer"></span>`;
  el.classList.toggle("to-move", turn);
  el.dataset.color = color;
  const clock = $(`clock-${color}`);
  el.appendChild(clock);
  clock.hidden = !state.clocks;
}

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  if (ms < 10000) return `${m}:${String(s).padStart(2, "0")}.${Math.floor((ms % 1000) / 100)}`;
  return `${m}:${String(s).padStart(2, "0")}`;
}

function tickClocks() {
  if (!state) return;
  const c = state.clocks;
  for (const color of ["white", "black"]) {
    const el = $(`clock-${color}`);
    if (!c) {
      el.textContent = "–";
      el.classList.remove("running", "low");
      continue;
    }
    let ms = color === "white" ? c.white_ms : c.black_ms;
    const running = c.running === color && !state.result;
    if (running) ms -= performance.now() - stateAt;
    const text = fmtClock(ms);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("running", running);
    el.classList.toggle("low", ms < 20000);
  }
}
setInterval(tickClocks, 100);

// ---------------------------------------------------------------- move list

function renderMoveList() {
  const list = $("move-list");
  const { blackFirst, full } = startInfo();
  const out = [];
  let num = full;
  let i = 0;
  const hist = state.history || [];
  if (blackFirst && hist.length) {
    out.push(`<span class="num">${num}.</span><span class="mv skip">…</span>`);
    out.push(moveCell(hist[0], 1));
    i = 1;
    num++;
  }
  for (; i < hist.length; i += 2) {
    out.push(`<span class="num">${num}.</span>`);
    out.push(moveCell(hist[i], i + 1));
    if (i + 1 < hist.length) out.push(moveCell(hist[i + 1], i + 2));
    else out.push(`<span class="mv skip"></span>`);
    num++;
  }
  if (state.result) {
    out.push(`<div class="list-result">${esc(state.result.score)}<small>${esc(state.result.reason)}</small></div>`);
  }
  if (!hist.length && !state.result) out.push(`<div class="list-empty">No moves yet</div>`);
  list.innerHTML = out.join("");
  const cur = list.querySelector(`[data-ply="${state.ply}"]`);
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) list.scrollTop = top - list.clientHeight / 2;
  } else if (state.ply === 0) list.scrollTop = 0;
}

function moveCell(mv, ply) {
  const cur = ply === state.ply ? " current" : "";
  const ev = state.evals && typeof state.evals[ply] === "number" ? ` title="${scoreText(state.evals[ply])}"` : "";
  return `<span class="mv${cur}" data-ply="${ply}" role="button"${ev}>${esc(mv.name)}</span>`;
}

// ---------------------------------------------------------------- controls

function renderControls() {
  const m = state.mode;
  document.body.dataset.mode = m;
  const over = !!state.result;
  $("undo").disabled = state.plies === 0;
  $("hint").disabled = m !== "play" || over || !state.legal.length;
  $("resign").disabled = m !== "play" || over;
  $("pause").textContent = state.paused ? "▶ Resume" : "❚❚ Pause";
  $("pause").disabled = m !== "watch" || over;
  $("step").disabled = m !== "watch" || over || !state.paused;
  const a = state.analysis || { on: false, multipv: 1 };
  const analyse = $("analyse");
  analyse.checked = !!a.on;
  analyse.disabled = m !== "analysis";
  if (document.activeElement !== $("multipv")) $("multipv").value = String(a.multipv || 1);
  $("analysis-box").hidden = m === "play";
  $("move-input").disabled = !state.legal.length;
  $("move-input").placeholder = state.legal.length ? "Type a move (e.g. " + state.legal[0].name + "), Enter" : "Type a move — not your turn";
  for (const btn of document.querySelectorAll("#nav button")) {
    const n = btn.dataset.nav;
    btn.disabled = n === "start" || n === "prev" ? state.ply === 0 : state.ply >= state.plies;
  }
}

// ---------------------------------------------------------------- analysis

function renderAnalysis() {
  const box = $("pv-lines");
  if (!state) return;
  if (!lines || lines.ply !== state.ply || !Array.isArray(lines.lines) || !lines.lines.length) {
    const on = state.analysis && state.analysis.on;
    box.innerHTML =
      state.mode === "analysis"
        ? `<div class="pv-empty">${on ? "Analysing…" : "Engine off: tick “Engine analysis”"}</div>`
        : state.mode === "watch"
          ? `<div class="pv-empty">${state.thinking ? "Engine thinking…" : ""}</div>`
          : "";
    return;
  }
  const turn = state.position.side_to_move;
  const sorted = [...lines.lines].sort((a, b) => a.multipv - b.multipv);
  // Rows are updated in place, not rebuilt: the engine sends lines many times a second,
  // and a row replaced between press and release would swallow the click.
  box.querySelectorAll(".pv-empty").forEach((el) => el.remove());
  const rows = box.getElementsByClassName("pv-line");
  while (rows.length > sorted.length) rows[rows.length - 1].remove();
  while (rows.length < sorted.length) box.appendChild(pvRow());
  sorted.forEach((line, i) => {
    const row = rows[i];
    const sc = lineScoreWhite(line, turn);
    const nps = line.nps >= 1e6 ? `${(line.nps / 1e6).toFixed(1)} Mn/s` : `${Math.round((line.nps || 0) / 1000)} kn/s`;
    const first = (line.pv || [])[0] || "";
    row.dataset.move = line.first ? line.first.name : first;
    row.title = `Click to play ${first}`;
    const [score, moves, meta] = row.children;
    score.className = `pv-score ${sc.cp >= 0 ? "plus" : "minus"}`;
    score.textContent = sc.text;
    moves.textContent = (line.pv || []).slice(0, 14).join(" ");
    meta.textContent = `d${line.depth} · ${nps}`;
  });
}

function pvRow() {
  const row = document.createElement("div");
  row.className = "pv-line";
  row.setAttribute("role", "button");
  for (const cls of ["pv-score", "pv-moves", "pv-meta"]) {
    const span = document.createElement("span");
    span.className = cls;
    row.appendChild(span);
  }
  return row;
}

function currentEval() {
  if (lines && state && lines.ply === state.ply && lines.lines && lines.lines.length) {
    const best = lines.lines.find((l) => l.multipv === 1) || lines.lines[0];
    return lineScoreWhite(best, state.position.side_to_move).cp;
  }
  if (state && state.evals && typeof state.evals[state.ply] === "number") return state.evals[state.ply];
  return null;
}

function renderEvalBar() {
  if (!state) return;
  const bar = $("eval-bar");
  const cp = currentEval();
  const share = winShare(cp);
  const part = bar.querySelector(".white-part");
  part.style.height = `${(share * 100).toFixed(1)}%`;
  bar.classList.toggle("flipped", orientation() === "black");
  bar.classList.toggle("unknown", cp === null);
  bar.title = cp === null ? "Evaluation (White's view)" : `Evaluation: ${scoreText(cp)} (White's view)`;
  bar.dataset.cp = cp === null ? "" : String(cp);
}

function renderEvalGraph() {
  const svg = $("eval-graph");
  const evals = state.evals || [];
  const n = Math.max(evals.length, state.plies + 1, 2);
  const W = 300;
  const H = 60;
  const x = (i) => (i / (n - 1)) * W;
  const y = (cp) => H - winShare(cp) * H;
  const segs = [];
  let cur = [];
  evals.forEach((cp, i) => {
    if (typeof cp === "number") cur.push(`${x(i).toFixed(1)},${y(cp).toFixed(1)}`);
    else if (cur.length) {
      segs.push(cur);
      cur = [];
    }
  });
  if (cur.length) segs.push(cur);
  const known = evals.some((v) => typeof v === "number");
  const areas = segs
    .filter((s) => s.length > 1)
    .map((s) => {
      const first = s[0].split(",")[0];
      const last = s[s.length - 1].split(",")[0];
      return `<polygon class="area" points="${first},${H} ${s.join(" ")} ${last},${H}"/>`;
    })
    .join("");
  const polys = segs.map((s) => (s.length > 1 ? `<polyline points="${s.join(" ")}"/>` : `<circle class="dot" cx="${s[0].split(",")[0]}" cy="${s[0].split(",")[1]}" r="1.5"/>`)).join("");
  const cx = x(state.ply).toFixed(1);
  svg.innerHTML = `<rect class="bg" x="0" y="0" width="${W}" height="${H}"/>${areas}<line class="mid" x1="0" y1="${H / 2}" x2="${W}" y2="${
    H / 2
  }"/>${polys}<line class="cursor" x1="${cx}" y1="0" x2="${cx}" y2="${H}"/>`;
  svg.classList.toggle("empty", !known);
  svg.dataset.n = String(n);
}

// ---------------------------------------------------------------- record

function renderRecord() {
  const fen = $("fen-input");
  if (document.activeElement !== fen) fen.value = state.fen;
}

function onPgn(text) {
  $("pgn-text").value = text;
  $("record-box").open = true;
  const a = $("pgn-download");
  if (a.href && a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  a.download = `vorpal-${state ? state.variant : "game"}.pgn`;
  a.textContent = "Download .pgn";
  a.hidden = false;
}

// ---------------------------------------------------------------- move input

function playMove(name) {
  closePicker();
  selected = null;
  if (send({ type: "move", name })) {
    renderBoards();
    renderPlayers();
  }
}

// The square name a click on `el` means, given the selection (merged view:
// a destination is on the board of the selected piece).
function clickedSquare(el) {
  const name = el.dataset.square;
  if (!(merged && canMerge())) return name;
  if (selected && selected.from) {
    const sq = parseSquare(name, 2);
    const from = parseSquare(selected.from, 2);
    return squareName(2, from.board, sq.file, sq.rank);
  }
  return name;
}

function originsAt(el) {
  // Squares whose piece may move, for a click on `el` (merged: either board).
  const name = el.dataset.square;
  if (!(merged && canMerge())) return state.legal.some((m) => m.from === name) ? [name] : [];
  const sq = parseSquare(name, 2);
  const names = [0, 1].map((b) => squareName(2, b, sq.file, sq.rank));
  return names.filter((n) => state.legal.some((m) => m.from === n));
}

function onSquareClick(el) {
  if (!state) return;
  const target = clickedSquare(el);
  if (selected) {
    const cands = movesTo(target);
    if (cands.length) {
      chooseAmong(cands, el);
      return;
    }
    if (selected.from && selected.from === target) {
      selected = null;
      renderBoards();
      return;
    }
  }
  const origins = originsAt(el);
  if (origins.length) {
    selected = { from: origins[0] };
  } else {
    selected = null;
  }
  closePicker();
  renderBoards();
  renderPlayers();
}

function chooseAmong(cands, anchorEl) {
  if (cands.length === 1) {
    playMove(cands[0].name);
    return;
  }
  openPicker(cands, anchorEl);
}

function openPicker(moves, anchorEl) {
  closePicker();
  const color = humanColor();
  const div = document.createElement("div");
  div.className = "picker";
  div.setAttribute("role", "dialog");
  div.setAttribute("aria-label", "Choose the move");
  div.innerHTML =
    moves
      .map((m) => {
        const c = m.choice || {};
        const glyph = c.kind ? pieceIcon(c.kind, color) : "";
        const label = c.label || m.name;
        return `<button type="button" data-move="${esc(m.name)}" title="${esc(label)} (${esc(m.name)})" class="${c.kind ? "with-glyph" : "text"}">${glyph}<span>${esc(
          label,
        )}</span></button>`;
      })
      .join("") + `<button type="button" class="cancel" aria-label="Cancel" title="Cancel (Esc)">✕</button>`;
  document.body.appendChild(div);
  const r = anchorEl.getBoundingClientRect();
  const pr = div.getBoundingClientRect();
  let left = r.left + r.width / 2 - pr.width / 2 + window.scrollX;
  let top = r.bottom + 4 + window.scrollY;
  left = Math.max(4, Math.min(left, window.scrollX + document.documentElement.clientWidth - pr.width - 4));
  if (top + pr.height > window.scrollY + window.innerHeight - 4) top = r.top - pr.height - 4 + window.scrollY;
  div.style.left = `${left}px`;
  div.style.top = `${Math.max(4, top)}px`;
  picker = { el: div, moves };
  // Hovering a choice shows where that move lands.
  div.addEventListener("pointerover", (ev) => {
    for (const t of document.querySelectorAll(".sq.pick-hover")) t.classList.remove("pick-hover");
    const btn = ev.target.closest("button[data-move]");
    const m = btn && moves.find((x) => x.name === btn.dataset.move);
    if (!m) return;
    for (const n of [m.lands, ...(m.also || [])]) {
      const t = n && document.querySelector(`#boards [data-square="${cssEsc(n)}"]`);
      if (t) t.classList.add("pick-hover");
    }
  });
  const first = div.querySelector("button[data-move]");
  if (first) first.focus({ preventScroll: true });
}

function closePicker() {
  if (picker) {
    picker.el.remove();
    picker = null;
  }
}

function onHandClick(color, kind) {
  if (!state) return;
  if (state.position.side_to_move !== color || !state.legal.some((m) => !m.from && m.drop === kind)) {
    selected = null;
  } else if (selected && selected.drop === kind) {
    selected = null;
  } else {
    selected = { drop: kind, color };
  }
  closePicker();
  renderBoards();
  renderPlayers();
}

// ---------------------------------------------------------------- drag and drop

function startDrag(ev, origin, kind, color, isDrop) {
  // The dragged piece is drawn at the board's square size.
  const sqEl = document.querySelector("#boards [data-square]");
  const size = sqEl ? sqEl.getBoundingClientRect().width : 60;
  drag = {
    pointerId: ev.pointerId,
    x0: ev.clientX,
    y0: ev.clientY,
    from: origin,
    drop: isDrop ? kind : null,
    color,
    kind,
    size: Math.max(size, 32),
    ghost: null,
    moved: false,
  };
}

function dragMove(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  if (!drag.moved) {
    if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) < 5) return;
    drag.moved = true;
    if (drag.drop) selected = { drop: drag.drop, color: drag.color };
    else selected = { from: drag.from };
    closePicker();
    const g = document.createElement("div");
    g.className = "drag-ghost";
    g.style.width = g.style.height = `${drag.size}px`;
    g.innerHTML = `<svg viewBox="0 0 45 45" xmlns="http://www.w3.org/2000/svg">${pieceSvg(drag.kind, drag.color)}</svg>`;
    document.body.appendChild(g);
    drag.ghost = g;
    document.body.classList.add("dragging");
    renderBoards();
    renderPlayers();
  }
  drag.ghost.style.transform = `translate(${ev.clientX - drag.size / 2}px, ${ev.clientY - drag.size / 2}px)`;
  const over = document.elementFromPoint(ev.clientX, ev.clientY);
  const sqEl = over && over.closest ? over.closest("[data-square]") : null;
  for (const el of document.querySelectorAll(".sq.drag-over")) el.classList.remove("drag-over");
  if (sqEl) sqEl.classList.add("drag-over");
}

function dragEnd(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  const d = drag;
  drag = null;
  document.body.classList.remove("dragging");
  if (!d.moved) return; // a plain click: the click handler does it
  d.ghost.remove();
  suppressClick = true;
  setTimeout(() => (suppressClick = false), 0);
  const over = document.elementFromPoint(ev.clientX, ev.clientY);
  const sqEl = over && over.closest ? over.closest("[data-square]") : null;
  if (sqEl && state) {
    const target = clickedSquare(sqEl);
    const cands = movesTo(target);
    if (cands.length && !(d.from && target === d.from)) {
      renderBoards();
      chooseAmong(cands, sqEl);
      return;
    }
  }
  // Dropped nowhere useful: keep the piece selected (as lichess), unless off the board.
  if (!sqEl) selected = null;
  renderBoards();
  renderPlayers();
}

// ---------------------------------------------------------------- events

function boardsEvents() {
  const boards = $("boards");
  boards.addEventListener("click", (ev) => {
    if (suppressClick) return;
    const el = ev.target.closest("[data-square]");
    if (el) onSquareClick(el);
  });
  boards.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 || !state) return;
    const el = ev.target.closest("[data-square]");
    if (!el) return;
    const origins = originsAt(el);
    // Dragging a piece that may move (the selected one, or one of the mover's).
    let origin = null;
    if (selected && selected.from && origins.includes(selected.from)) origin = selected.from;
    else if (origins.length) origin = origins[0];
    if (!origin) return;
    const p = pieceAt(origin);
    if (!p) return;
    ev.preventDefault();
    startDrag(ev, origin, p.kind, p.color, false);
  });
  // Hovering a square highlights the same square on the other boards.
  boards.addEventListener("pointerover", (ev) => {
    const el = ev.target.closest && ev.target.closest("[data-square]");
    for (const t of boards.querySelectorAll(".sq.twin")) t.classList.remove("twin");
    if (!el || !state || state.position.boards < 2 || merged) return;
    const sq = parseSquare(el.dataset.square, state.position.boards);
    for (let b = 0; b < state.position.boards; b++) {
      if (b === sq.board) continue;
      const t = boards.querySelector(`[data-square="${squareName(state.position.boards, b, sq.file, sq.rank)}"]`);
      if (t) t.classList.add("twin");
    }
  });
  boards.addEventListener("pointerleave", () => {
    for (const t of boards.querySelectorAll(".sq.twin")) t.classList.remove("twin");
  });
  window.addEventListener("pointermove", dragMove);
  window.addEventListener("pointerup", dragEnd);
  window.addEventListener("pointercancel", (ev) => {
    if (drag && drag.ghost) drag.ghost.remove();
    drag = null;
    document.body.classList.remove("dragging");
  });

  // Hands (in the player strips).
  for (const id of ["player-top", "player-bottom"]) {
    const strip = $(id);
    strip.addEventListener("click", (ev) => {
      if (suppressClick) return;
      const k = ev.target.closest("[data-kind]");
      const h = ev.target.closest("[data-hand]");
      if (k && h) onHandClick(h.dataset.hand, k.dataset.kind);
    });
    strip.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0 || !state) return;
      const k = ev.target.closest("[data-kind]");
      const h = ev.target.closest("[data-hand]");
      if (!k || !h) return;
      const color = h.dataset.hand;
      const kind = k.dataset.kind;
      if (state.position.side_to_move !== color || !state.legal.some((m) => !m.from && m.drop === kind)) return;
      ev.preventDefault();
      startDrag(ev, null, kind, color, true);
    });
  }

  document.addEventListener("click", (ev) => {
    if (!picker) return;
    const btn = ev.target.closest(".picker button");
    if (btn) {
      if (btn.dataset.move) playMove(btn.dataset.move);
      else {
        closePicker();
      }
      return;
    }
    if (!ev.target.closest(".picker") && !ev.target.closest("[data-square]")) closePicker();
  });
}

function levelValue() {
  const v = parseInt($("level").value, 10);
  return Number.isFinite(v) ? Math.max(0, Math.min(20, v)) : 20;
}

function clockValue() {
  const base = parseFloat($("base").value);
  const inc = parseFloat($("inc").value);
  if (!(base > 0)) return null;
  return { base_ms: Math.round(base * 60000), inc_ms: Math.round((inc > 0 ? inc : 0) * 1000) };
}

function newGame() {
  const msg = {
    type: "new",
    variant: $("variant").value,
    mode: $("mode").value,
    side: $("side").value,
    level: levelValue(),
  };
  const clock = clockValue();
  if (clock) msg.clock = clock;
  if (hello && (hello.engines || []).length > 1) {
    msg.engine = parseInt($("engine").value, 10) || 0;
    if (msg.mode === "watch") msg.engine2 = parseInt($("engine2").value, 10) || 0;
  }
  lines = null;
  hintMove = null;
  send(msg);
}

function gotoPly(ply) {
  if (!state) return;
  ply = Math.max(0, Math.min(state.plies, ply));
  if (ply !== state.ply) send({ type: "goto", ply });
}

function flip() {
  flipped = !flipped;
  if (state) {
    renderBoards();
    renderPlayers();
    renderEvalBar();
  }
}

function switchView() {
  if (!canMerge()) return;
  merged = !merged;
  renderBoards();
  showMessage(merged ? "Merged view: board B's pieces are drawn faded (S to switch back)" : "Boards side by side", "info");
}

function syncForm() {
  const mode = $("mode").value;
  document.querySelector("label.for-play").hidden = mode !== "play";
  const many = !!hello && (hello.engines || []).length > 1;
  const picks = document.querySelectorAll(".engine-pick");
  if (picks[0]) picks[0].hidden = !many;
  if (picks[1]) picks[1].hidden = !many || mode !== "watch";
}

function controlEvents() {
  $("new-game").addEventListener("click", newGame);
  $("mode").addEventListener("change", syncForm);
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  $("resign").addEventListener("click", () => send({ type: "resign" }));
  $("flip").addEventListener("click", flip);
  $("view-switch").addEventListener("click", switchView);
  $("pause").addEventListener("click", () => send({ type: state && state.paused ? "resume" : "pause" }));
  $("step").addEventListener("click", () => send({ type: "step" }));
  $("analyse").addEventListener("change", () =>
    send({ type: "analyse", on: $("analyse").checked, multipv: parseInt($("multipv").value, 10) || 1 }),
  );
  $("multipv").addEventListener("change", () => {
    if (state && state.mode === "analysis")
      send({ type: "analyse", on: $("analyse").checked, multipv: parseInt($("multipv").value, 10) || 1 });
  });
  $("theme").addEventListener("click", () =>
    applyTheme(document.documentElement.dataset.theme === "dark" ? "light" : "dark"),
  );
  $("move-input").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      const name = $("move-input").value.trim();
      if (name) {
        send({ type: "move", name });
        $("move-input").value = "";
      }
    }
  });
  $("move-list").addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-ply]");
    if (el) send({ type: "goto", ply: parseInt(el.dataset.ply, 10) });
  });
  $("nav").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-nav]");
    if (!b || !state) return;
    const n = b.dataset.nav;
    gotoPly(n === "start" ? 0 : n === "prev" ? state.ply - 1 : n === "next" ? state.ply + 1 : state.plies);
  });
  $("pv-lines").addEventListener("click", (ev) => {
    const el = ev.target.closest(".pv-line");
    if (el && el.dataset.move) send({ type: "move", name: el.dataset.move });
  });
  $("eval-graph").addEventListener("click", (ev) => {
    if (!state) return;
    const svg = $("eval-graph");
    const r = svg.getBoundingClientRect();
    const n = parseInt(svg.dataset.n, 10) || 2;
    const ply = Math.round(((ev.clientX - r.left) / r.width) * (n - 1));
    gotoPly(ply);
  });
  $("fen-copy").addEventListener("click", async () => {
    const text = $("fen-input").value;
    try {
      await navigator.clipboard.writeText(text);
      showMessage("FEN copied", "info");
    } catch (e) {
      $("fen-input").select();
      try {
        document.execCommand("copy");
        showMessage("FEN copied", "info");
      } catch (e2) {
        showMessage("Copy failed: select the FEN and copy it", "error");
      }
    }
  });
  $("fen-apply").addEventListener("click", () => {
    const fen = $("fen-input").value.trim();
    if (fen) send({ type: "fen", fen });
  });
  $("fen-input").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") $("fen-apply").click();
  });
  $("pgn-export").addEventListener("click", () => send({ type: "pgn_export" }));
  $("pgn-import").addEventListener("click", () => {
    const pgn = $("pgn-text").value;
    if (pgn.trim()) send({ type: "pgn_import", pgn });
    else showMessage("Paste a PGN into the box first", "error");
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    const typing = t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
    if (ev.key === "Escape") {
      if (picker || selected) {
        closePicker();
        selected = null;
        renderBoards();
        renderPlayers();
      }
      return;
    }
    if (typing || !state) return;
    switch (ev.key) {
      case "ArrowLeft":
        gotoPly(state.ply - 1);
        break;
      case "ArrowRight":
        gotoPly(state.ply + 1);
        break;
      case "Home":
        gotoPly(0);
        break;
      case "End":
        gotoPly(state.plies);
        break;
      case "f":
      case "F":
        flip();
        break;
      case "s":
      case "S":
        switchView();
        break;
      default:
        return;
    }
    ev.preventDefault();
  });
}

boardsEvents();
controlEvents();
connect();
