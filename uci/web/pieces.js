// Vorpal piece glyphs.
//
// Every shape in this file was drawn from scratch for Vorpal (no path data was
// taken from any existing chess piece set); see LICENSES.md next to this file.
// The glyphs use the common 45x45 user-space convention (viewBox 0 0 45 45):
// white pieces are white with a black outline, black pieces are dark with a
// black outline and light inner detail lines so they read on dark squares.
//
//   pieceSvg(kind, color) -> "<g ...>...</g>" (color: "white" | "black")
//   KINDS                 -> every kind drawn here
//
// An unknown kind (or colour) never throws: it gets a disc with the kind's
// first letter.

const PALETTE = {
  white: { fill: "#fff", line: "#000", detail: "#000", hole: "#000" },
  black: { fill: "#222", line: "#000", detail: "#e6e6e6", hole: "#000" },
};

// Drawing helpers bound to one colour. The group sets fill and outline, so
// `body` shapes only need their geometry.
function pen(color) {
  const c = PALETTE[color] || PALETTE.white;
  const dark = c === PALETTE.black;
  return {
    c,
    dark,
    // A filled, outlined part of the piece.
    body: (d) => `<path d="${d}"/>`,
    circle: (x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}"/>`,
    ellipse: (x, y, rx, ry) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}"/>`,
    // A drawn feature line (eye, slit, mane...): black on white, light on black.
    line: (d, w = 1.2) =>
      `<path d="${d}" fill="none" stroke="${c.detail}" stroke-width="${w}"/>`,
    // A highlight that only black pieces need: it separates parts whose
    // black outlines vanish against the dark fill.
    hl: (d, w = 1) =>
      dark ? `<path d="${d}" fill="none" stroke="${c.detail}" stroke-width="${w}"/>` : "",
    // A small solid feature (eye, nostril, pip) in the detail colour.
    dot: (x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.detail}" stroke="none"/>`,
    spot: (d) => `<path d="${d}" fill="${c.detail}" stroke="none"/>`,
    // An opening (visor slit...): black, ringed with the detail colour on black pieces.
    hole: (d) =>
      `<path d="${d}" fill="${c.hole}" stroke="${dark ? c.detail : c.line}" stroke-width="${dark ? 1 : 1.5}"/>`,
  };
}

// ---------------------------------------------------------------- shared parts

// The Staunton plinth every piece stands on (top at y 34).
function plinth(p, w = 12.5) {
  const l = 22.5 - w, r = 22.5 + w;
  return (
    p.body(`M ${l},39.5 H ${r} C ${r},37.4 ${r - 1.5},36.2 ${r - 3.5},36.2 H ${l + 3.5} C ${l + 1.5},36.2 ${l},37.4 ${l},39.5 Z`) +
    p.body(`M ${l + 2.5},36.2 H ${r - 2.5} C ${r - 2.5},34.9 ${r - 3.5},34 ${r - 5},34 H ${l + 5} C ${l + 3.5},34 ${l + 2.5},34.9 ${l + 2.5},36.2 Z`) +
    p.hl(`M ${l + 2},38.2 H ${r - 2}`) +
    p.hl(`M ${l + 4},36.9 H ${r - 4}`)
  );
}

// A horse head facing left, standing on y 36.5, 8.5 <= x <= 34.5.
function horse(p) {
  return (
    p.body(
      "M 13,36.5 C 13,32 15.5,28.8 19.5,25.5 C 17,25.6 14.5,27 12.8,28.6 " +
        "C 11.2,30.1 8.6,29.8 8.4,27.6 C 8.2,25.6 9.6,24.1 11,22.6 " +
        "C 13.6,19.6 15.6,16 17,12.6 L 16.8,7.2 L 20.6,10.2 " +
        "C 21.8,9.2 23,8.4 23.6,7.4 L 24.8,10.4 " +
        "C 30.6,12 34.2,16.4 34.4,23 C 34.6,28.5 33.4,33 32.6,36.5 Z"
    ) +
    // mane
    p.line("M 25,11.6 C 29.8,13.6 32.6,17.6 32.8,23.4 C 32.9,28 32.2,32 31.6,35.6", 1) +
    // eye, nostril, mouth
    p.spot("M 15.4,16.6 C 16.2,15.4 18.2,15 19,15.6 C 18.6,16.8 16.6,17.4 15.4,16.6 Z") +
    p.dot(10.4, 25.2, 0.9) +
    // cheek
    p.line("M 20.6,24.4 C 22.2,22.4 22.2,19.6 20.4,18.2", 1) +
    p.line("M 8.8,27.6 C 10,27.9 11,27.7 11.8,27.2", 1)
  );
}

// A cannon wheel with spokes: "+" for the rook-mode cannon, "x" for the canon.
function wheel(p, x, y, r, diagonal) {
  const s = r - 1.6;
  const k = diagonal ? s * Math.SQRT1_2 : 0;
  const spokes = diagonal
    ? `M ${x - k},${y - k} L ${x + k},${y + k} M ${x - k},${y + k} L ${x + k},${y - k}`
    : `M ${x - s},${y} H ${x + s} M ${x},${y - s} V ${y + s}`;
  return (
    p.circle(x, y, r) +
    p.line(spokes, 1.2) +
    `<circle cx="${x}" cy="${y}" r="${r - 1.6}" fill="none" stroke="${p.c.detail}" stroke-width="0.9"/>` +
    p.circle(x, y, 1.6)
  );
}

// A scalloped ring (a lion's mane): n bumps around a circle of radius r.
function scallop(cx, cy, r, n) {
  let d = "";
  const step = (2 * Math.PI) / n;
  const chord = 2 * r * Math.sin(step / 2);
  const br = (chord / 2) * 1.08;
  for (let i = 0; i <= n; i++) {
    const a = i * step - Math.PI / 2;
    const x = (cx + r * Math.cos(a)).toFixed(2), y = (cy + r * Math.sin(a)).toFixed(2);
    d += i === 0 ? `M ${x},${y}` : ` A ${br.toFixed(2)},${br.toFixed(2)} 0 0 1 ${x},${y}`;
  }
  return d + " Z";
}

// ---------------------------------------------------------------- the pieces

const DRAW = {
  pawn(p) {
    return (
      plinth(p, 10.5) +
      p.body("M 16.5,34.2 C 18.6,30.6 19.8,26.4 20.2,22 L 24.8,22 C 25.2,26.4 26.4,30.6 28.5,34.2 Z") +
      p.body("M 17,22.4 C 17,20.2 28,20.2 28,22.4 C 28,24 17,24 17,22.4 Z") +
      p.circle(22.5, 15.2, 5.2) +
      p.hl("M 19,31.5 C 21,31.1 24,31.1 26,31.5")
    );
  },

  rook(p) {
    return (
      plinth(p) +
      p.body("M 14.5,34 L 15.6,17.5 L 29.4,17.5 L 30.5,34 Z") +
      p.body("M 13,17.5 L 14,14 L 31,14 L 32,17.5 Z") +
      p.body("M 12.5,14 L 12.5,8.5 L 16.5,8.5 L 16.5,11 L 20.5,11 L 20.5,8.5 L 24.5,8.5 L 24.5,11 L 28.5,11 L 28.5,8.5 L 32.5,8.5 L 32.5,14 Z") +
      p.hl("M 14.2,16.5 H 30.8 M 13.6,14.9 H 31.4 M 15.8,32 H 29.2") +
      p.hl("M 16.4,19 H 28.6")
    );
  },

  bishop(p) {
    return (
      plinth(p, 11.5) +
      p.body("M 16.8,34.2 C 18.6,31.6 19.6,29.8 19.8,27.6 L 25.2,27.6 C 25.4,29.8 26.4,31.6 28.2,34.2 Z") +
      p.body("M 15.5,28.2 C 15.5,25.6 29.5,25.6 29.5,28.2 C 29.5,30 15.5,30 15.5,28.2 Z") +
      p.body("M 17.6,26.6 C 14.6,22.4 15.6,16.8 22.5,10.6 C 29.4,16.8 30.4,22.4 27.4,26.6 C 24.6,27.6 20.4,27.6 17.6,26.6 Z") +
      p.circle(22.5, 8.4, 2.3) +
      p.line("M 25.4,15.4 L 20.2,21.4", 1.6) +
      p.hl("M 18.4,25 C 21,25.8 24,25.8 26.6,25")
    );
  },

  knight(p) {
    return plinth(p) + horse(p);
  },

  queen(p) {
    const tips = [[10.5, 11.5], [16.2, 8.6], [22.5, 7.4], [28.8, 8.6], [34.5, 11.5]];
    return (
      plinth(p) +
      p.body("M 14,34.2 C 16.6,30.2 18,26 18.6,21.4 L 26.4,21.4 C 27,26 28.4,30.2 31,34.2 Z") +
      p.body("M 15,20.6 L 10.5,11.5 L 16.2,16.6 L 16.2,8.6 L 20.4,15.6 L 22.5,7.4 L 24.6,15.6 L 28.8,8.6 L 28.8,16.6 L 34.5,11.5 L 30,20.6 Z") +
      tips.map(([x, y]) => p.circle(x, y, 2)).join("") +
      p.body("M 15.6,21.2 C 15.6,18.8 29.4,18.8 29.4,21.2 C 29.4,23 15.6,23 15.6,21.2 Z") +
      p.hl("M 16.4,19.2 C 20,18.4 25,18.4 28.6,19.2") +
      p.hl("M 18,31 C 21,30.4 24,30.4 27,31")
    );
  },

  king(p) {
    return (
      plinth(p) +
      p.body("M 14,34.2 C 16.6,30.2 18,26 18.6,22 L 26.4,22 C 27,26 28.4,30.2 31,34.2 Z") +
      p.body("M 21.2,3.8 H 23.8 V 6.4 H 26.4 V 9 H 23.8 V 13.4 H 21.2 V 9 H 18.6 V 6.4 H 21.2 Z") +
      p.body("M 15,21 C 12.4,17 13.2,12.6 17.2,12 C 19.4,11.7 21.5,12.8 22.5,14.6 C 23.5,12.8 25.6,11.7 27.8,12 C 31.8,12.6 32.6,17 30,21 Z") +
      p.body("M 15.6,21.6 C 15.6,19.2 29.4,19.2 29.4,21.6 C 29.4,23.4 15.6,23.4 15.6,21.6 Z") +
      p.line("M 22.5,15 V 20", 1) +
      p.hl("M 16.4,19.8 C 20,19 25,19 28.6,19.8") +
      p.hl("M 18,31 C 21,30.4 24,30.4 27,31")
    );
  },

  lion(p) {
    return (
      plinth(p) +
      p.body("M 15,34.2 C 16,31 17.5,29 19,28 L 26,28 C 27.5,29 29,31 30,34.2 Z") +
      p.body(scallop(22.5, 18.5, 12, 14)) +
      p.hl(`M 22.5,8.2 A 10.3,10.3 0 1 1 22.49,8.2`) +
      p.circle(16.2, 11.8, 2.4) +
      p.circle(28.8, 11.8, 2.4) +
      p.ellipse(22.5, 19.2, 7.4, 8.2) +
      // eyes, nose, mouth
      p.spot("M 17.8,16.6 C 18.6,15.6 20,15.6 20.6,16.6 C 20,17.4 18.6,17.4 17.8,16.6 Z") +
      p.spot("M 24.4,16.6 C 25,15.6 26.4,15.6 27.2,16.6 C 26.4,17.4 25,17.4 24.4,16.6 Z") +
      p.spot("M 20.4,20.8 H 24.6 L 22.5,23.2 Z") +
      p.line("M 22.5,23.2 V 24.4 M 19.6,24.6 C 20.8,25.8 22,25.6 22.5,24.4 C 23,25.6 24.2,25.8 25.4,24.6", 1)
    );
  },

  cannon(p) {
    return cannonPiece(p, false);
  },

  canon(p) {
    return cannonPiece(p, true);
  },

  jack(p) {
    return (
      plinth(p) +
      // shoulders
      p.body("M 11.5,34.2 C 11.5,29.6 14.6,26.6 19.5,25.8 L 27,25.8 C 31.2,26.6 33.6,29.6 33.6,34.2 Z") +
      // hair locks falling behind the face
      p.body("M 23,12 C 29.6,11.8 32.4,16 31.8,20.4 C 32.8,22 32.4,24.8 30.6,25.6 C 29,26.4 26.8,26 25.8,24.6 Z") +
      // face in profile (one eye shows: the one-eyed Jack)
      p.body("M 17.6,12.6 C 16.4,14 15.8,15.2 15.8,16.6 L 13.6,19.2 L 15.6,19.9 C 15.1,20.6 15.3,21.3 16,21.6 C 15.6,22.5 16,23.6 17.6,24 C 19.6,24.4 21.4,25.2 22.4,26.6 L 26.4,26.6 C 25.6,22.4 25.8,16.6 26.2,12.6 Z") +
      p.line("M 27.6,16.2 C 29,18 28.8,21 27.8,23.4 M 29.8,17.4 C 30.6,19.4 30.4,21.8 29.6,23.8", 0.9) +
      // ruff collar
      p.body("M 17.6,27.6 C 18.6,25.6 20.6,25.2 22.5,25.8 C 24.6,25.2 27,25.6 28.4,27.4 C 26.6,29.6 24.4,29.6 22.5,28.8 C 20.6,29.6 18.8,29.4 17.6,27.6 Z") +
      // the cap and its feather
      p.body("M 27,9.6 C 30.4,5 35.4,3.6 38.4,5.4 C 35.4,5.8 32.6,7.6 29.6,10.8 Z") +
      p.body("M 12.6,12.6 C 12.6,9 17.4,6.4 23.2,6.4 C 29.2,6.4 32.4,8.6 32.4,11.2 C 32.4,12.8 30.6,13.6 27.6,13.6 L 14.2,13.6 C 13.2,13.6 12.6,13.2 12.6,12.6 Z") +
      p.hl("M 14.4,12.2 H 30") +
      p.spot("M 16.6,16.6 C 17.2,15.8 18.4,15.8 19,16.6 C 18.4,17.2 17.2,17.2 16.6,16.6 Z") +
      p.line("M 16.4,15 C 17.2,14.4 18.4,14.4 19.2,14.8", 0.8) +
      // a card pip on the chest
      p.spot("M 22.5,29.8 L 24.6,32 L 22.5,34.2 L 20.4,32 Z")
    );
  },

  witch(p) {
    return (
      plinth(p) +
      // cloak
      p.body("M 12.6,34.2 C 14.4,28.6 16.6,23.4 19,19.6 L 26,19.6 C 28.4,23.4 30.6,28.6 32.4,34.2 Z") +
      p.line("M 22.5,24.4 V 33", 1) +
      // face
      p.circle(22.5, 19.6, 4.4) +
      p.spot("M 19.8,19 C 20.4,18.4 21.2,18.4 21.6,19 C 21.2,19.5 20.4,19.5 19.8,19 Z") +
      p.spot("M 23.4,19 C 23.8,18.4 24.6,18.4 25.2,19 C 24.6,19.5 23.8,19.5 23.4,19 Z") +
      // hat: crooked cone over a wide brim
      p.body("M 16.4,15.6 C 18.4,11.8 20.2,8 21.8,4.2 C 23.2,2.6 26.4,2.6 28.6,4.6 C 26.4,4.6 25,6 25.2,8.2 C 25.8,10.8 27.4,13.4 28.8,15.6 Z") +
      p.body("M 10.4,16.6 C 10.4,14.6 34.6,14.6 34.6,16.6 C 34.6,18.4 10.4,18.4 10.4,16.6 Z") +
      p.hl("M 12.4,16.4 C 18,15.6 27,15.6 32.6,16.4") +
      // hat band with buckle
      p.line("M 17.4,13.6 C 20.4,14.2 24.8,14.2 27.8,13.6", 1.6) +
      `<rect x="21.2" y="12.4" width="2.8" height="2.6" fill="none" stroke="${p.c.detail}" stroke-width="0.9"/>`
    );
  },

  warrior(p) {
    return (
      plinth(p) +
      // neck and shoulders
      p.body("M 13,34.2 C 13,30.6 15.4,29 18.4,28.6 L 26.6,28.6 C 29.6,29 32,30.6 32,34.2 Z") +
      // transverse crest
      p.body("M 10.6,15.4 C 9.6,7 15.6,2.6 22.5,2.6 C 29.4,2.6 35.4,7 34.4,15.4 C 32.4,12 28.4,10.2 22.5,10.2 C 16.6,10.2 12.6,12 10.6,15.4 Z") +
      p.line("M 13.4,10.4 L 11.8,8.2 M 16.4,7.8 L 15.4,5 M 20,6.6 L 19.6,3.6 M 25,6.6 L 25.4,3.6 M 28.6,7.8 L 29.6,5 M 31.6,10.4 L 33.2,8.2", 0.9) +
      // helmet with cheek guards
      p.body("M 14,30 L 14,19.6 C 14,13.4 17.6,10 22.5,10 C 27.4,10 31,13.4 31,19.6 L 31,30 C 29.4,30.8 27.6,31 26,30.8 L 24.6,24.6 L 20.4,24.6 L 19,30.8 C 17.4,31 15.6,30.8 14,30 Z") +
      // T-shaped visor opening
      p.hole("M 16.4,18.6 C 18.6,17.8 20.6,18 21.6,19 L 23.4,19 C 24.4,18 26.4,17.8 28.6,18.6 L 28.6,20.6 C 26.8,20.4 25.2,20.8 24.2,21.6 L 24,28.6 L 21,28.6 L 20.8,21.6 C 19.8,20.8 18.2,20.4 16.4,20.6 Z") +
      p.line("M 16,15.6 C 19,13.4 26,13.4 29,15.6", 0.9)
    );
  },

  maharajah(p) {
    return (
      plinth(p) +
      p.body("M 14,34.2 C 16.6,30.2 18,26.4 18.6,23 L 26.4,23 C 27,26.4 28.4,30.2 31,34.2 Z") +
      // jewelled crown band the turban sits in
      p.body("M 14.4,23.2 L 14.2,17.4 L 17,19.2 L 19.8,17.4 L 22.5,19.2 L 25.2,17.4 L 28,19.2 L 30.8,17.4 L 30.6,23.2 C 25.4,24.2 19.6,24.2 14.4,23.2 Z") +
      p.dot(18.4, 21.4, 0.9) + p.dot(22.5, 21.8, 0.9) + p.dot(26.6, 21.4, 0.9) +
      // turban: a wide wound dome
      p.body("M 13.8,18.4 C 10,13.6 13.4,6.6 22.5,6.6 C 31.6,6.6 35,13.6 31.2,18.4 C 25.8,16.6 19.2,16.6 13.8,18.4 Z") +
      p.line("M 13.2,12.6 C 17.6,9.4 24.6,9.2 31.8,12.8 M 13,15.6 C 18.4,12.4 26.4,12.6 32,15.8", 1) +
      p.hl("M 15,17.2 C 19.6,16 25.4,16 30,17.2") +
      // sarpech: a jewel and a plume at the front of the turban
      p.body("M 21.4,10.6 C 20.6,6.2 22.8,2.8 27.4,1.8 C 25.8,3.8 24.8,6.4 24,10.4 Z") +
      p.circle(22.6, 11.8, 2.3) +
      p.dot(22.6, 11.8, 0.9) +
      p.hl("M 18,31 C 21,30.4 24,30.4 27,31")
    );
  },

  marshal(p) {
    return (
      plinth(p) +
      `<g transform="translate(6.2 -1.6) scale(0.72)">${horse(p)}</g>` +
      // tower with battlements around the horse's neck
      p.body("M 14.5,34.2 L 15.4,25.4 L 29.6,25.4 L 30.5,34.2 Z") +
      p.body("M 13,25.4 L 13,20.2 L 16.6,20.2 L 16.6,22.4 L 20.6,22.4 L 20.6,20.2 L 24.4,20.2 L 24.4,22.4 L 28.4,22.4 L 28.4,20.2 L 32,20.2 L 32,25.4 Z") +
      p.hl("M 14,24.6 H 31 M 16.4,32.4 H 28.6")
    );
  },

  cardinal(p) {
    return (
      plinth(p, 11.5) +
      `<g transform="translate(6.4 -1.4) scale(0.72)">${horse(p)}</g>` +
      // bishop stem and collar
      p.body("M 16.8,34.2 C 18.6,31.6 19.6,29.8 19.8,27.6 L 25.2,27.6 C 25.4,29.8 26.4,31.6 28.2,34.2 Z") +
      p.body("M 14.5,27.4 C 14.5,24.7 30.5,24.7 30.5,27.4 C 30.5,29.2 14.5,29.2 14.5,27.4 Z") +
      // the bishop's slit cut across the horse's neck
      p.hole("M 28.6,14.6 L 29.4,15.4 L 23.8,22.6 L 23,21.8 Z") +
      p.hl("M 16,25.6 C 20.6,24.7 24.4,24.7 29,25.6")
    );
  },
};

function cannonPiece(p, diagonal) {
  // The barrel points left; the canon (bishop mode) raises it to 45 degrees.
  const barrel =
    p.body("M 33.6,13 C 35.2,13 36,15 36,17.5 C 36,20 35.2,22 33.6,22 L 12.4,20.4 L 12.4,21.6 L 7.6,21.6 L 7.6,13.4 L 12.4,13.4 L 12.4,14.6 Z") +
    p.circle(37.6, 17.5, 1.8) +
    p.line("M 28.4,13.9 V 21.1 M 17.6,14.4 V 20.6", 1.1) +
    p.hl("M 9.2,15.2 V 19.8", 1);
  return (
    plinth(p) +
    // carriage: a cheek plate under the trunnions and a trail resting on the plinth
    p.body("M 14.6,25.4 L 16.4,19.8 L 27.6,17.6 C 31,23 34,28 36.6,32.6 C 37,33.6 36.6,34.2 35.6,34.2 L 31.4,34.2 C 29,31 26.6,28.4 24,26.6 Z") +
    p.hl("M 28.4,20.6 C 31,24.6 33.4,28.4 35.2,32") +
    (diagonal ? `<g transform="rotate(45 24 17.5)">${barrel}</g>` : barrel) +
    wheel(p, 19, 27.4, 6.8, diagonal)
  );
}

export const KINDS = Object.freeze(Object.keys(DRAW));

function escapeText(s) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function fallback(p, kind) {
  const letter = escapeText((String(kind ?? "?").trim()[0] || "?").toUpperCase());
  return (
    p.circle(22.5, 22.5, 16) +
    `<text x="22.5" y="29" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="19" fill="${p.c.detail}" stroke="none">${letter}</text>`
  );
}

export function pieceSvg(kind, color) {
  const col = color === "black" ? "black" : "white";
  const p = pen(col);
  const k = typeof kind === "string" ? kind : String(kind);
  const draw = Object.prototype.hasOwnProperty.call(DRAW, k) ? DRAW[k] : null;
  let inner;
  try {
    inner = draw ? draw(p) : fallback(p, k);
  } catch (e) {
    inner = fallback(p, k);
  }
  return (
    `<g class="piece ${col}" fill="${p.c.fill}" stroke="${p.c.line}" stroke-width="1.5" ` +
    `stroke-linecap="round" stroke-linejoin="round">${inner}</g>`
  );
}
