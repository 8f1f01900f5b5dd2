/**
 * Clean product drawings for the demo catalogue, as SVG: a sack of flour, a tin, a 5 L jerrycan, a case of
 * cans, a pack of rolls, a hi-vis vest… on a light studio background with a soft shadow. What is drawn
 * follows the product's name (its kind of pack); colours, proportions and the label's words follow the
 * product, so no two pictures are alike. Pure: the same product always gets the same drawing.
 */

export const DRAWING_SIZE = 640;

export type DrawingKind =
  | "box"
  | "first-aid"
  | "tin"
  | "tub"
  | "cans"
  | "bottles"
  | "bottle"
  | "spray"
  | "pump"
  | "jerrycan"
  | "drum"
  | "sack"
  | "pouch"
  | "rolls"
  | "eggs"
  | "cloths"
  | "garment"
  | "vest"
  | "boot"
  | "seat"
  | "logs";

/** The first rule whose pattern matches the name picks the drawing; anything else is a carton. */
const KIND_RULES: [RegExp, DrawingKind][] = [
  [/boot/i, "boot"],
  [/car seat|booster/i, "seat"],
  [/hi-?vis|vest/i, "vest"],
  [/jacket|polo|apron|shirt/i, "garment"],
  [/first aid/i, "first-aid"],
  [/logs|kindling/i, "logs"],
  [/cans\b/i, "cans"],
  [/\btin\b/i, "tin"],
  [/chocolate powder|tub\b/i, "tub"],
  [/water|bottles/i, "bottles"],
  [/drum|20l\b/i, "drum"],
  [/\b5l\b/i, "jerrycan"],
  [/spray/i, "spray"],
  [/gel|pump/i, "pump"],
  [/\boil\b|juice/i, "bottle"],
  [/roll|tape|tissue/i, "rolls"],
  [/sack|flour|rice|coal|pellets/i, "sack"],
  [/pasta|coffee beans|crisps/i, "pouch"],
  [/eggs/i, "eggs"],
  [/cloth|mop/i, "cloths"],
];

export function drawingKind(name: string): DrawingKind {
  return KIND_RULES.find(([pattern]) => pattern.test(name))?.[1] ?? "box";
}

// ─── Numbers from the name ──────────────────────────────────────────────────

/** FNV-1a: a stable 32-bit number for a name. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small seeded generator (mulberry32): the product's own sequence of numbers in [0, 1). */
function generatorFor(name: string) {
  let state = hashOf(name);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)].map((x) => Math.round(x * 255).toString(16).padStart(2, "0")).join("")}`;
}

const round = (n: number) => Math.round(n * 10) / 10;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ─── Words for the label ────────────────────────────────────────────────────

/** The name without its pack size, e.g. "Catering Tea Bags (1,100)" → "Catering Tea Bags". */
export function shortName(name: string) {
  return name.replace(/\s*\(.*?\)\s*/g, " ").replace(/\s+/g, " ").trim();
}

const SIZE_PATTERN = /\b\d+(?:[.,]\d+)?\s?(?:kg|g|ml|l|oz|m|mm|dB|gsm)\b(?:\s?x\s?\d+\s?m)?/i;

/** What the label says: the product's words (two lines at most) and its size or count ("5L", "1,100"). */
export function labelWords(name: string): { lines: string[]; size: string } {
  const pack = /\(([^)]*)\)/.exec(name)?.[1] ?? "";
  const size = SIZE_PATTERN.exec(name)?.[0] ?? pack.replace(/^(case|box|pack|tray) of /i, "× ");
  const words = shortName(name)
    .replace(SIZE_PATTERN, "")
    .split(/\s+/)
    .filter((word) => word && !/^\d/.test(word));
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 13) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return { lines: lines.slice(0, 2), size: size.trim() };
}

/** Text that fits `width`: DejaVu Sans Bold's capitals are about 0.68 em wide. */
function text(x: number, y: number, content: string, { size, width, fill, weight = "bold" }: { size: number; width: number; fill: string; weight?: string }) {
  const fitted = Math.min(size, width / Math.max(1, content.length * 0.64));
  return `<text x="${round(x)}" y="${round(y)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="${weight}" font-size="${round(fitted)}" fill="${fill}">${escapeXml(content)}</text>`;
}

// ─── The product's look ─────────────────────────────────────────────────────

type Look = {
  name: string;
  kind: DrawingKind;
  random: () => number;
  /** the pack's own colour, a lighter and a darker shade of it, and the label's colours */
  body: string;
  light: string;
  dark: string;
  label: string;
  ink: string;
  accent: string;
  /** proportions: 1 is the usual shape of its kind */
  wide: number;
  tall: number;
  words: { lines: string[]; size: string };
};

/** Kinds whose colour is set by what they are: hi-vis is yellow or orange, boots are leather. */
const NATURAL_COLOURS: Partial<Record<DrawingKind, (random: () => number) => { hue: number; saturation: number; lightness: number }>> = {
  vest: (random) => ({ hue: random() < 0.5 ? 56 : 30, saturation: 95, lightness: 52 }),
  boot: (random) => ({ hue: 20 + random() * 15, saturation: 35 + random() * 15, lightness: 24 + random() * 8 }),
  // a British workplace first aid kit is green with a white cross (BS 8599-1)
  "first-aid": (random) => ({ hue: 138 + random() * 10, saturation: 70, lightness: 34 }),
};

function lookOf(name: string, productHue: number): Look {
  const random = generatorFor(name);
  const kind = drawingKind(name);
  const natural = NATURAL_COLOURS[kind]?.(random);
  const hue = natural?.hue ?? productHue;
  const saturation = natural?.saturation ?? 45 + random() * 35;
  const lightness = natural?.lightness ?? 38 + random() * 16;
  const accentHue = hue + 150 + random() * 60;
  const paleLabel = random() < 0.65;
  return {
    name,
    kind,
    random,
    body: hex(hue, saturation, lightness),
    light: hex(hue, saturation, Math.min(lightness + 18, 80)),
    dark: hex(hue, saturation, lightness - 14),
    label: paleLabel ? hex(hue, 30, 95) : hex(accentHue, 55, 30),
    ink: paleLabel ? hex(hue, 60, 22) : "#ffffff",
    accent: hex(accentHue, 70, 50),
    wide: 0.88 + random() * 0.24,
    tall: 0.88 + random() * 0.24,
    words: labelWords(name),
  };
}

/** A label panel with the product's words and size, centred on (cx, cy). */
function labelPanel(look: Look, cx: number, cy: number, width: number, height: number, radius = 10) {
  const { lines, size } = look.words;
  const top = cy - height / 2;
  const lineSize = Math.min(height / 4.2, 40);
  const parts = [
    `<rect x="${round(cx - width / 2)}" y="${round(top)}" width="${round(width)}" height="${round(height)}" rx="${radius}" fill="${look.label}"/>`,
    `<rect x="${round(cx - width / 2)}" y="${round(top + height * 0.08)}" width="${round(width)}" height="${round(Math.max(4, height * 0.05))}" fill="${look.accent}"/>`,
  ];
  lines.forEach((line, index) => {
    parts.push(text(cx, top + height * 0.42 + index * lineSize * 1.15, line.toUpperCase(), { size: lineSize, width: width * 0.86, fill: look.ink }));
  });
  if (size) {
    parts.push(text(cx, top + height * 0.88, size, { size: lineSize * 0.8, width: width * 0.7, fill: look.ink, weight: "normal" }));
  }
  return parts.join("");
}

/** A left-to-right shading for round things: dark edges, a highlight left of centre. */
function roundShade(id: string, look: Look) {
  return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="${look.dark}"/><stop offset="0.35" stop-color="${look.light}"/>
    <stop offset="0.7" stop-color="${look.body}"/><stop offset="1" stop-color="${look.dark}"/></linearGradient>`;
}

// ─── The drawings: each within about 360 × 420 around (320, 330), standing on y = 540 ─────────

type Drawing = { defs: string; body: string; footWidth: number };

const FLOOR = 540;

function box(look: Look, emblem?: "cross"): Drawing {
  const w = 300 * look.wide;
  const h = (emblem ? 250 : 330) * look.tall;
  const depth = 60 + look.random() * 30;
  const x = 320 - w / 2 - depth / 3;
  const y = FLOOR - h;
  const top = `M${round(x)} ${round(y)} l${round(depth)} ${round(-depth * 0.55)} h${round(w)} l${round(-depth)} ${round(depth * 0.55)} Z`;
  const side = `M${round(x + w)} ${round(y)} l${round(depth)} ${round(-depth * 0.55)} v${round(h)} l${round(-depth)} ${round(depth * 0.55)} Z`;
  const front = `<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" fill="${look.body}"/>`;
  const face =
    emblem === "cross"
      ? `<rect x="${round(x + w / 2 - 55)}" y="${round(y + h / 2 - 55)}" width="110" height="110" rx="12" fill="#ffffff"/>
         <path d="M${round(x + w / 2 - 14)} ${round(y + h / 2 - 40)} h28 v26 h26 v28 h-26 v26 h-28 v-26 h-26 v-28 h26 Z" fill="${look.dark}"/>
         <rect x="${round(x + w / 2 - 20)}" y="${round(y - depth * 0.3)}" width="40" height="14" rx="5" fill="${look.dark}"/>`
      : labelPanel(look, x + w / 2, y + h * 0.52, w * 0.8, h * 0.62);
  return {
    defs: "",
    body: `<path d="${top}" fill="${look.light}"/><path d="${side}" fill="${look.dark}"/>${front}${face}`,
    footWidth: w + depth,
  };
}

function cylinder(look: Look, id: string, { w, h, cx = 320, base = FLOOR, lid }: { w: number; h: number; cx?: number; base?: number; lid: string }) {
  const ry = w * 0.14;
  const x = cx - w / 2;
  const y = base - h;
  return `<path d="M${round(x)} ${round(y)} v${round(h)} a${round(w / 2)} ${round(ry)} 0 0 0 ${round(w)} 0 v${round(-h)} Z" fill="url(#${id})"/>
    <ellipse cx="${round(cx)}" cy="${round(y)}" rx="${round(w / 2)}" ry="${round(ry)}" fill="${lid}"/>
    <ellipse cx="${round(cx)}" cy="${round(y)}" rx="${round(w / 2 - 8)}" ry="${round(ry - 4)}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`;
}

function tin(look: Look, tall = 1): Drawing {
  const w = 250 * look.wide;
  const h = 300 * look.tall * tall;
  return {
    defs: roundShade("tin", look),
    body: `${cylinder(look, "tin", { w, h, lid: "#cbd5e1" })}${labelPanel(look, 320, FLOOR - h * 0.48, w * 0.96, h * 0.6, 2)}`,
    footWidth: w,
  };
}

function tub(look: Look): Drawing {
  const w = 270 * look.wide;
  const h = 250 * look.tall;
  const lidHeight = 34;
  return {
    defs: roundShade("tub", look),
    body: `${cylinder(look, "tub", { w, h, lid: look.dark })}
      <rect x="${round(320 - w / 2 - 6)}" y="${round(FLOOR - h - 4)}" width="${round(w + 12)}" height="${lidHeight}" rx="8" fill="${look.dark}"/>
      <ellipse cx="320" cy="${round(FLOOR - h - 4)}" rx="${round(w / 2 + 6)}" ry="${round(w * 0.14)}" fill="${look.light}"/>
      ${labelPanel(look, 320, FLOOR - h * 0.42, w * 0.86, h * 0.56)}`,
    footWidth: w,
  };
}

function cans(look: Look): Drawing {
  const count = 3;
  const w = 118 * look.wide;
  const h = 200 * look.tall;
  let body = "";
  for (let row = 0; row < 2; row++) {
    for (let i = 0; i < count; i++) {
      const cx = 320 + (i - 1) * w * 0.98 + (row === 0 ? w * 0.35 : 0);
      const base = FLOOR - (row === 0 ? 46 : 0);
      body += cylinder(look, "can", { w, h, cx, base, lid: "#cbd5e1" });
      body += `<rect x="${round(cx - w * 0.42)}" y="${round(base - h * 0.62)}" width="${round(w * 0.84)}" height="${round(h * 0.18)}" rx="4" fill="${look.label}"/>`;
    }
  }
  // the shrink-wrapped tray's card base, with the product's label
  body += `<rect x="${round(320 - w * 1.6)}" y="${round(FLOOR - 44)}" width="${round(w * 3.2)}" height="44" fill="${look.dark}"/>`;
  body += labelPanel(look, 320, FLOOR - h * 0.55, w * 2.2, h * 0.42);
  return { defs: roundShade("can", look), body, footWidth: w * 3.4 };
}

function bottleShape(cx: number, base: number, w: number, h: number) {
  const neck = w * 0.32;
  const shoulder = h * 0.68;
  const x = cx - w / 2;
  const y = base - h;
  return `M${round(x)} ${round(base - 12)} V${round(base - shoulder)} C${round(x)} ${round(y + h * 0.2)} ${round(cx - neck / 2)} ${round(y + h * 0.16)} ${round(cx - neck / 2)} ${round(y + h * 0.06)} V${round(y)} H${round(cx + neck / 2)} V${round(y + h * 0.06)} C${round(cx + neck / 2)} ${round(y + h * 0.16)} ${round(x + w)} ${round(y + h * 0.2)} ${round(x + w)} ${round(base - shoulder)} V${round(base - 12)} Q${round(x + w)} ${round(base)} ${round(x + w - 12)} ${round(base)} H${round(x + 12)} Q${round(x)} ${round(base)} ${round(x)} ${round(base - 12)} Z`;
}

function bottle(look: Look, cap: "screw" | "spray" | "pump" = "screw"): Drawing {
  const w = 170 * look.wide;
  const h = 400 * look.tall;
  const top = FLOOR - h;
  const neck = w * 0.32;
  let capShape = `<rect x="${round(320 - neck / 2 - 6)}" y="${round(top - 34)}" width="${round(neck + 12)}" height="40" rx="6" fill="${look.accent}"/>`;
  if (cap === "spray") {
    capShape = `<rect x="${round(320 - neck / 2 - 6)}" y="${round(top - 40)}" width="${round(neck + 12)}" height="46" rx="6" fill="${look.accent}"/>
      <path d="M${round(320 - neck / 2 - 6)} ${round(top - 40)} h-70 l-14 24 h84 Z" fill="${look.accent}"/>
      <path d="M${round(320 - neck / 2 + 4)} ${round(top + 6)} q-6 40 -30 60" stroke="${look.accent}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
  } else if (cap === "pump") {
    capShape = `<rect x="${round(320 - neck / 2 - 6)}" y="${round(top - 22)}" width="${round(neck + 12)}" height="28" rx="6" fill="${look.accent}"/>
      <rect x="314" y="${round(top - 70)}" width="12" height="50" fill="${look.accent}"/>
      <path d="M296 ${round(top - 84)} h70 v18 h-70 Z M366 ${round(top - 84)} h22 v10 h-22 Z" fill="${look.accent}"/>`;
  }
  return {
    defs: roundShade("bottle", look),
    body: `<path d="${bottleShape(320, FLOOR, w, h)}" fill="url(#bottle)"/>${capShape}${labelPanel(look, 320, FLOOR - h * 0.34, w * 0.9, h * 0.4, 6)}`,
    footWidth: w,
  };
}

function bottles(look: Look): Drawing {
  const w = 96 * look.wide;
  const h = 300 * look.tall;
  let body = "";
  for (let i = 0; i < 4; i++) {
    const cx = 320 + (i - 1.5) * w * 1.02;
    body += `<path d="${bottleShape(cx, FLOOR, w, h)}" fill="url(#bottles)" fill-opacity="0.9"/>`;
    body += `<rect x="${round(cx - w * 0.16 - 3)}" y="${round(FLOOR - h - 22)}" width="${round(w * 0.32 + 6)}" height="26" rx="4" fill="${look.accent}"/>`;
  }
  body += `<rect x="${round(320 - w * 2.1)}" y="${round(FLOOR - h * 0.55)}" width="${round(w * 4.2)}" height="${round(h * 0.55)}" rx="10" fill="#ffffff" fill-opacity="0.25" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/>`;
  body += labelPanel(look, 320, FLOOR - h * 0.3, w * 3.2, h * 0.32);
  return { defs: roundShade("bottles", look), body, footWidth: w * 4.3 };
}

function jerrycan(look: Look, large = false): Drawing {
  const w = (large ? 300 : 240) * look.wide;
  const h = (large ? 380 : 330) * look.tall;
  const x = 320 - w / 2;
  const y = FLOOR - h;
  const handle = `<path d="M${round(x + w * 0.45)} ${round(y + 4)} v-50 a16 16 0 0 1 16 -16 h${round(w * 0.3)} a16 16 0 0 1 16 16 v${round(h * 0.3)}" fill="none" stroke="${look.dark}" stroke-width="26" stroke-linejoin="round"/>`;
  const cap = `<rect x="${round(x + w * 0.12)}" y="${round(y - 40)}" width="${round(w * 0.22)}" height="44" rx="6" fill="${look.accent}"/>`;
  const tap = large ? `<rect x="${round(x + w * 0.1)}" y="${round(FLOOR - 70)}" width="34" height="30" rx="4" fill="${look.accent}"/>` : "";
  return {
    defs: `<linearGradient id="can-body" x1="0" x2="1"><stop offset="0" stop-color="${look.light}"/><stop offset="1" stop-color="${look.body}"/></linearGradient>`,
    body: `${handle}${cap}<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" rx="28" fill="url(#can-body)"/>
      <rect x="${round(x + 14)}" y="${round(y + 14)}" width="${round(w - 28)}" height="${round(h - 28)}" rx="20" fill="none" stroke="${look.dark}" stroke-opacity="0.35" stroke-width="4"/>
      ${labelPanel(look, 320, y + h * 0.55, w * 0.74, h * 0.5)}${tap}`,
    footWidth: w,
  };
}

function sack(look: Look): Drawing {
  const w = 300 * look.wide;
  const h = 380 * look.tall;
  const x = 320 - w / 2;
  const y = FLOOR - h;
  const outline = `M${round(x + 20)} ${round(y + 40)} Q${round(x)} ${round(y + h * 0.5)} ${round(x + 10)} ${round(FLOOR - 10)} Q${round(320)} ${round(FLOOR + 12)} ${round(x + w - 10)} ${round(FLOOR - 10)} Q${round(x + w)} ${round(y + h * 0.5)} ${round(x + w - 20)} ${round(y + 40)} Z`;
  const folded = `M${round(x + 20)} ${round(y + 40)} L${round(x + 34)} ${round(y)} H${round(x + w - 34)} L${round(x + w - 20)} ${round(y + 40)} Z`;
  const stitches = `<path d="M${round(x + 30)} ${round(y + 14)} H${round(x + w - 30)}" stroke="${look.dark}" stroke-width="4" stroke-dasharray="10 8"/>`;
  return {
    defs: `<linearGradient id="sack" x1="0" x2="1"><stop offset="0" stop-color="${look.dark}"/><stop offset="0.3" stop-color="${look.body}"/><stop offset="0.6" stop-color="${look.light}"/><stop offset="1" stop-color="${look.dark}"/></linearGradient>`,
    body: `<path d="${outline}" fill="url(#sack)"/><path d="${folded}" fill="${look.dark}"/>${stitches}${labelPanel(look, 320, y + h * 0.55, w * 0.72, h * 0.46, 16)}`,
    footWidth: w,
  };
}

function pouch(look: Look): Drawing {
  const w = 250 * look.wide;
  const h = 360 * look.tall;
  const x = 320 - w / 2;
  const y = FLOOR - h;
  const shape = `M${round(x + 10)} ${round(y)} H${round(x + w - 10)} L${round(x + w)} ${round(FLOOR - 30)} Q${round(320)} ${round(FLOOR + 8)} ${round(x)} ${round(FLOOR - 30)} Z`;
  return {
    defs: roundShade("pouch", look),
    body: `<path d="${shape}" fill="url(#pouch)"/>
      <rect x="${round(x + 10)}" y="${round(y)}" width="${round(w - 20)}" height="26" fill="${look.dark}"/>
      <path d="M${round(x + 14)} ${round(y + 13)} H${round(x + w - 14)}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3" stroke-dasharray="4 6"/>
      <circle cx="${round(x + w - 48)}" cy="${round(y + 70)}" r="14" fill="${look.dark}"/>
      ${labelPanel(look, 320, y + h * 0.55, w * 0.8, h * 0.48, 12)}`,
    footWidth: w,
  };
}

function rolls(look: Look): Drawing {
  const r = 78 * look.wide;
  const h = 150 * look.tall;
  let body = "";
  const positions = [
    [320 - r * 1.05, FLOOR],
    [320 + r * 1.05, FLOOR],
    [320, FLOOR - h + 10],
  ];
  for (const [cx, base] of positions) {
    body += `<rect x="${round(cx - r)}" y="${round(base - h)}" width="${round(2 * r)}" height="${round(h)}" fill="url(#roll)"/>`;
    body += `<ellipse cx="${round(cx)}" cy="${round(base - h)}" rx="${round(r)}" ry="${round(r * 0.32)}" fill="${look.light}"/>`;
    body += `<ellipse cx="${round(cx)}" cy="${round(base - h)}" rx="${round(r * 0.3)}" ry="${round(r * 0.1)}" fill="${look.dark}"/>`;
  }
  body += labelPanel(look, 320, FLOOR - h * 0.45, r * 3.2, h * 0.62);
  return { defs: roundShade("roll", look), body, footWidth: r * 4.2 };
}

function eggs(look: Look): Drawing {
  const w = 380 * look.wide;
  const x = 320 - w / 2;
  let body = `<path d="M${round(x)} ${FLOOR - 90} L${round(x + 20)} ${FLOOR} H${round(x + w - 20)} L${round(x + w)} ${FLOOR - 90} Z" fill="${look.body}"/>`;
  for (let row = 0; row < 2; row++) {
    for (let i = 0; i < 5; i++) {
      const cx = x + w * (0.14 + i * 0.18) + (row === 0 ? 8 : 0);
      const cy = FLOOR - 120 - (row === 0 ? 40 : 0);
      body += `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="30" ry="40" fill="url(#egg)"/>`;
    }
  }
  body += labelPanel(look, 320, FLOOR - 46, w * 0.7, 76);
  return {
    defs: `<radialGradient id="egg" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="#d6a77a"/></radialGradient>`,
    body,
    footWidth: w,
  };
}

function cloths(look: Look): Drawing {
  const w = 320 * look.wide;
  const layer = 46;
  let body = "";
  const shades = [look.dark, look.body, look.light, look.accent, look.body];
  shades.forEach((shade, i) => {
    const y = FLOOR - (i + 1) * layer;
    body += `<rect x="${round(320 - w / 2 + (i % 2) * 10)}" y="${round(y)}" width="${round(w)}" height="${layer + 6}" rx="18" fill="${shade}"/>`;
  });
  body += labelPanel(look, 320, FLOOR - layer * 5 - 70, w * 0.7, 110);
  return { defs: "", body, footWidth: w };
}

function garment(look: Look, vest: boolean): Drawing {
  const w = 340 * look.wide;
  const h = 400 * look.tall;
  const x = 320 - w / 2;
  const y = FLOOR - h;
  const sleeve = vest ? 0 : 70;
  const shape = `M${round(x + w * 0.32)} ${round(y)} Q320 ${round(y + 60)} ${round(x + w * 0.68)} ${round(y)} L${round(x + w + sleeve)} ${round(y + 70)} L${round(x + w + sleeve - 40)} ${round(y + 150)} L${round(x + w - 10)} ${round(y + 130)} V${round(FLOOR)} H${round(x + 10)} V${round(y + 130)} L${round(x - sleeve + 40)} ${round(y + 150)} L${round(x - sleeve)} ${round(y + 70)} Z`;
  let details = "";
  if (vest) {
    for (const at of [0.55, 0.78]) {
      details += `<rect x="${round(x + 10)}" y="${round(y + h * at)}" width="${round(w - 20)}" height="26" fill="#e2e8f0"/><rect x="${round(x + 10)}" y="${round(y + h * at + 9)}" width="${round(w - 20)}" height="8" fill="#94a3b8"/>`;
    }
    details += `<path d="M320 ${round(y + 50)} V${round(FLOOR)}" stroke="${look.dark}" stroke-width="6"/>`;
  } else {
    details = `<path d="M320 ${round(y + 50)} V${round(FLOOR)}" stroke="${look.dark}" stroke-width="4"/>`;
    for (let i = 0; i < 4; i++) details += `<circle cx="336" cy="${round(y + 90 + i * 70)}" r="8" fill="${look.light}"/>`;
    details += `<rect x="${round(x + 40)}" y="${round(y + h * 0.6)}" width="70" height="60" rx="6" fill="none" stroke="${look.dark}" stroke-width="4"/>`;
  }
  return {
    defs: "",
    body: `<path d="${shape}" fill="${look.body}" stroke="${look.dark}" stroke-width="4" stroke-linejoin="round"/>${details}`,
    footWidth: w,
  };
}

function boot(look: Look): Drawing {
  const w = 380 * look.wide;
  const h = 360 * look.tall;
  const x = 320 - w / 2;
  const y = FLOOR - h;
  const shape = `M${round(x + w * 0.12)} ${round(y)} H${round(x + w * 0.5)} L${round(x + w * 0.56)} ${round(y + h * 0.55)} Q${round(x + w)} ${round(y + h * 0.6)} ${round(x + w)} ${round(FLOOR - 50)} V${round(FLOOR - 20)} H${round(x)} V${round(y + h * 0.6)} Z`;
  return {
    defs: "",
    body: `<path d="${shape}" fill="${look.body}" stroke="${look.dark}" stroke-width="5" stroke-linejoin="round"/>
      <rect x="${round(x - 4)}" y="${round(FLOOR - 34)}" width="${round(w + 8)}" height="34" rx="10" fill="#1e293b"/>
      <path d="M${round(x + w * 0.62)} ${round(y + h * 0.6)} Q${round(x + w * 0.95)} ${round(y + h * 0.65)} ${round(x + w * 0.96)} ${round(FLOOR - 40)}" fill="none" stroke="${look.accent}" stroke-width="10"/>
      ${[0, 1, 2, 3].map((i) => `<path d="M${round(x + w * 0.2)} ${round(y + 50 + i * 42)} H${round(x + w * 0.46)}" stroke="${look.light}" stroke-width="6"/>`).join("")}`,
    footWidth: w,
  };
}

function seat(look: Look): Drawing {
  const w = 300 * look.wide;
  const h = 420 * look.tall;
  const x = 320 - w / 2;
  const y = FLOOR - h;
  return {
    defs: "",
    body: `<path d="M${round(x + 40)} ${round(y)} H${round(x + w - 40)} Q${round(x + w)} ${round(y)} ${round(x + w)} ${round(y + 60)} V${round(y + h * 0.62)} L${round(x + w - 20)} ${round(FLOOR)} H${round(x + 20)} L${round(x)} ${round(y + h * 0.62)} V${round(y + 60)} Q${round(x)} ${round(y)} ${round(x + 40)} ${round(y)} Z" fill="${look.dark}"/>
      <rect x="${round(x + 34)}" y="${round(y + 30)}" width="${round(w - 68)}" height="${round(h * 0.5)}" rx="30" fill="${look.body}"/>
      <rect x="${round(x + 24)}" y="${round(y + h * 0.62)}" width="${round(w - 48)}" height="${round(h * 0.24)}" rx="24" fill="${look.body}"/>
      <path d="M${round(x + w * 0.35)} ${round(y + 80)} V${round(y + h * 0.7)} M${round(x + w * 0.65)} ${round(y + 80)} V${round(y + h * 0.7)}" stroke="#1e293b" stroke-width="12"/>
      <rect x="${round(320 - 26)}" y="${round(y + h * 0.55)}" width="52" height="34" rx="6" fill="${look.accent}"/>`,
    footWidth: w,
  };
}

function logs(look: Look): Drawing {
  const r = 52 * look.wide;
  const length = 150 * look.tall;
  let body = "";
  const rows = [4, 3, 2];
  rows.forEach((count, row) => {
    for (let i = 0; i < count; i++) {
      const cx = 320 + (i - (count - 1) / 2) * r * 2.05;
      const cy = FLOOR - r - row * r * 1.75;
      const shade = hex(24 + look.random() * 14, 45, 28 + look.random() * 14);
      body += `<rect x="${round(cx - length * 0.35)}" y="${round(cy - r)}" width="${round(length * 0.35)}" height="${round(2 * r)}" fill="${shade}"/>`;
      body += `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="#e7c9a0" stroke="${shade}" stroke-width="8"/>`;
      body += `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 0.55)}" fill="none" stroke="#c8a276" stroke-width="3"/>`;
    }
  });
  body += labelPanel(look, 320, FLOOR - r * 2 * 3 - 30, r * 5, 90);
  return { defs: "", body, footWidth: r * 9 };
}

function drawing(look: Look): Drawing {
  switch (look.kind) {
    case "first-aid":
      return box(look, "cross");
    case "tin":
      return tin(look);
    case "tub":
      return tub(look);
    case "cans":
      return cans(look);
    case "bottles":
      return bottles(look);
    case "bottle":
      return bottle(look);
    case "spray":
      return bottle(look, "spray");
    case "pump":
      return bottle(look, "pump");
    case "jerrycan":
      return jerrycan(look);
    case "drum":
      return jerrycan(look, true);
    case "sack":
      return sack(look);
    case "pouch":
      return pouch(look);
    case "rolls":
      return rolls(look);
    case "eggs":
      return eggs(look);
    case "cloths":
      return cloths(look);
    case "garment":
      return garment(look, false);
    case "vest":
      return garment(look, true);
    case "boot":
      return boot(look);
    case "seat":
      return seat(look);
    case "logs":
      return logs(look);
    default:
      return box(look);
  }
}

/**
 * The product's drawing as SVG (DRAWING_SIZE square). `hue` is the product's colour on the colour wheel:
 * the seed spreads the products of a kind around it, so two products of one kind never share a colour.
 */
export function productDrawingSvg(name: string, hue: number): string {
  const look = lookOf(name, hue);
  const { defs, body, footWidth } = drawing(look);
  const backdrop = hex(hue, 25, 96);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAWING_SIZE}" height="${DRAWING_SIZE}" viewBox="0 0 ${DRAWING_SIZE} ${DRAWING_SIZE}">
  <defs>
    <linearGradient id="backdrop" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.75" stop-color="${backdrop}"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#0f172a" stop-opacity="0.28"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>
    ${defs}
  </defs>
  <rect width="${DRAWING_SIZE}" height="${DRAWING_SIZE}" fill="url(#backdrop)"/>
  <ellipse cx="320" cy="${FLOOR + 6}" rx="${round(footWidth * 0.62)}" ry="30" fill="url(#shadow)"/>
  ${body}
</svg>`;
}

/**
 * The hue of each product, by name: the products of one kind of drawing are spread evenly around the colour
 * wheel (offset per kind), so no two drawings of the same shape share a colour.
 */
export function productHues(names: readonly string[]): Map<string, number> {
  const byKind = new Map<DrawingKind, string[]>();
  for (const name of names) {
    const kind = drawingKind(name);
    byKind.set(kind, [...(byKind.get(kind) ?? []), name]);
  }
  const hues = new Map<string, number>();
  for (const [kind, group] of byKind) {
    const offset = hashOf(kind) % 360;
    group.forEach((name, index) => hues.set(name, Math.round(offset + (index * 360) / group.length) % 360));
  }
  return hues;
}
