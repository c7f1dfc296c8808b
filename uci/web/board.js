// Vorpal GUI: drawing one board as SVG. Knows no chess rules: it is handed
// what to draw (pieces, marks, arrows) square by square.

import { pieceSvg } from "./pieces.js";

export const S = 45; // one square in SVG units (the glyphs' 45x45 box)

// "Ae4" -> { board: 0, file: 4, rank: 3 }; "e4" -> { board: 0, ... }.
export function parseSquare(name, boards) {
  if (typeof name !== "string" || name.length < 2) return null;
  let board = 0;
  let rest = name;
  if (boards > 1 || /^[A-Z]/.test(name)) {
    board = name.charCodeAt(0) - 65;
    rest = name.slice(1);
  }
  const file = rest.charCodeAt(0) - 97;
  const rank = parseInt(rest.slice(1), 10) - 1;
  if (!(file >= 0) || !(rank >= 0)) return null;
  return { board, file, rank };
}

export function squareName(boards, board, file, rank) {
  return (boards > 1 ? String.fromCharCode(65 + board) : "") + String.fromCharCode(97 + file) + (rank + 1);
}

export const fileRank = (file, rank) => String.fromCharCode(97 + file) + (rank + 1);

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Top-left corner of a square in the drawn orientation.
export function squareXY(model, file, rank) {
  return model.flip
    ? { x: (model.files - 1 - file) * S, y: rank * S }
    : { x: file * S, y: (model.ranks - 1 - rank) * S };
}

// An arrow as a polygon from the centre of one square to the centre of another.
function arrowPolygon(x1, y1, x2, y2, width, head) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  if (len < 1) return "";
  const ux = dx / len;
  const uy = dy / len;
  const px = -uy;
  const py = ux;
  const start = S * 0.18;
  const bx = x1 + ux * start;
  const by = y1 + uy * start;
  const hx = x2 - ux * head;
  const hy = y2 - uy * head;
  const w = width / 2;
  const hw = head * 0.62;
  const pts = [
    [bx + px * w, by + py * w],
    [hx + px * w, hy + py * w],
    [hx + px * hw, hy + py * hw],
    [x2, y2],
    [hx - px * hw, hy - py * hw],
    [hx - px * w, hy - py * w],
    [bx - px * w, by - py * w],
  ];
  return pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

// model: {
//   id, files, ranks, flip,
//   name(file, rank) -> data-square, label(file, rank) -> aria-label,
//   removed: Set("f,r"), teleporters: Set, last: Set, checks: Set,
//   selected: "f,r" | null, dests: Map("f,r" -> { capture }), lands: Set,
//   pieces: [{ file, rank, color, kind, badge, faded, at }],
//   arrows: [{ from: {file, rank}, to: {file, rank}, cls, width }],
// }
export function boardSvg(model) {
  const W = model.files * S;
  const H = model.ranks * S;
  const key = (f, r) => `${f},${r}`;
  const squares = [];
  const marks = [];
  const coords = [];
  const pieces = [];
  const hints = [];
  const bottomRank = model.flip ? model.ranks - 1 : 0;
  const leftFile = model.flip ? model.files - 1 : 0;

  for (let r = 0; r < model.ranks; r++) {
    for (let f = 0; f < model.files; f++) {
      const { x, y } = squareXY(model, f, r);
      const dark = (f + r) % 2 === 0;
      const k = key(f, r);
      const removed = model.removed.has(k);
      if (!removed) {
        const cls = ["sq", dark ? "dark" : "light"];
        const dest = model.dests.get(k);
        if (dest) cls.push("dest");
        if (model.selected === k) cls.push("selected");
        if (model.lands.has(k)) cls.push("land-target");
        squares.push(
          `<rect class="${cls.join(" ")}" x="${x}" y="${y}" width="${S}" height="${S}" data-square="${esc(
            model.name(f, r),
          )}" aria-label="${esc(model.label(f, r))}" role="button"/>`,
        );
        if (model.last.has(k)) marks.push(`<rect class="last" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
        if (model.selected === k) marks.push(`<rect class="sel" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
        if (model.teleporters.has(k)) {
          marks.push(
            `<g class="teleporter"><circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.4}"/><circle cx="${x + S / 2}" cy="${
              y + S / 2
            }" r="${S * 0.27}"/><circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.14}"/></g>`,
          );
        }
        if (model.checks.has(k)) {
          marks.push(`<rect class="check" x="${x}" y="${y}" width="${S}" height="${S}" fill="url(#check-${model.id})"/>`);
        }
        if (dest) {
          if (dest.capture) {
            hints.push(`<circle class="dest-ring" cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.44}"/>`);
          } else {
            hints.push(`<circle class="dest-dot" cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.16}"/>`);
          }
        }
        if (model.lands.has(k)) {
          hints.push(
            `<rect class="lands" x="${x + 3}" y="${y + 3}" width="${S - 6}" height="${S - 6}" rx="4"/>`,
          );
        }
      }
      const ink = dark ? "coord on-dark" : "coord on-light";
      if (r === bottomRank) {
        coords.push(
          `<text class="${ink}${removed ? " off" : ""}" x="${x + S - 2.5}" y="${y + S - 2.5}" text-anchor="end">${String.fromCharCode(
            97 + f,
          )}</text>`,
        );
      }
      if (f === leftFile) {
        coords.push(
          `<text class="${ink}${removed ? " off" : ""}" x="${x + 2}" y="${y + 10}">${r + 1}</text>`,
        );
      }
    }
  }

  for (const p of model.pieces) {
    const { x, y } = squareXY(model, p.file, p.rank);
    let g = `<g class="piece${p.faded ? " faded" : ""}" data-at="${esc(p.at)}" transform="translate(${x} ${y})">${pieceSvg(
      p.kind,
      p.color,
    )}`;
    if (p.badge !== undefined && p.badge !== null && p.badge !== "") {
      g += `<g class="badge"><circle cx="37" cy="8" r="7"/><text x="37" y="11.2" text-anchor="middle">${esc(p.badge)}</text></g>`;
    }
    pieces.push(g + "</g>");
  }

  return `<svg class="board-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="${esc(
    model.title || "board",
  )}">
<defs><radialGradient id="check-${model.id}"><stop offset="0%" stop-color="#ff0000" stop-opacity="1"/><stop offset="25%" stop-color="#e70000" stop-opacity="1"/><stop offset="89%" stop-color="#a90000" stop-opacity="0"/><stop offset="100%" stop-color="#9e0000" stop-opacity="0"/></radialGradient></defs>
<g class="squares">${squares.join("")}</g>
<g class="marks">${marks.join("")}</g>
<g class="coords">${coords.join("")}</g>
<g class="pieces">${pieces.join("")}</g>
<g class="hints">${hints.join("")}</g>
<g class="arrows">${arrowsSvg(model)}</g>
</svg>`;
}

// The markup of the arrows group alone, so that arrows can be redrawn without the board.
export function arrowsSvg(model) {
  const arrows = [];
  for (const a of model.arrows) {
    const A = squareXY(model, a.from.file, a.from.rank);
    const B = squareXY(model, a.to.file, a.to.rank);
    const x1 = A.x + S / 2;
    const y1 = A.y + S / 2;
    const x2 = B.x + S / 2;
    const y2 = B.y + S / 2;
    const cls = `arrow ${a.cls || ""}`.trim();
    const title = a.title ? `<title>${esc(a.title)}</title>` : "";
    if (a.from.file === a.to.file && a.from.rank === a.to.rank) {
      arrows.push(`<circle class="${cls} ring" cx="${x1}" cy="${y1}" r="${S * 0.42}">${title}</circle>`);
    } else {
      const width = (a.width || 1) * S * 0.16;
      arrows.push(
        `<polygon class="${cls}" points="${arrowPolygon(x1, y1, x2, y2, width, S * 0.36 * Math.sqrt(a.width || 1))}">${title}</polygon>`,
      );
    }
  }
  return arrows.join("");
}

export function pieceIcon(kind, color, cls = "") {
  return `<svg class="glyph ${cls}" viewBox="0 0 45 45" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${pieceSvg(
    kind,
    color,
  )}</svg>`;
}
