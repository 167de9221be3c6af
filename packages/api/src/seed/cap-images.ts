import sharp from 'sharp';
import type { ImageStore } from '../images/image-store.js';

/**
 * Pictures for the demo data, drawn as SVG and stored through the ImageStore exactly as uploads are,
 * so the demo exercises the same files, names and thumbnails as real shops do.
 */

export type CapStyle = 'kufi' | 'tagiya' | 'zanna' | 'fula' | 'fila' | 'abeti-aja' | 'okpu-agu' | 'snapback';
export type Embroidery = 'diamonds' | 'stars' | 'chevrons' | 'knots' | 'stripes' | 'lions' | 'ankara';
export type CapView = 'front' | 'detail' | 'tilted';

export interface Palette {
  name: string;
  body: string;
  thread: string;
  /** The thread colour in words, for descriptions. */
  threadName: string;
  accent: string;
  background: readonly [string, string];
}

function pal(
  name: string,
  body: string,
  thread: string,
  threadName: string,
  accent: string,
  light: string,
  deep: string,
): Palette {
  return { name, body, thread, threadName, accent, background: [light, deep] };
}

export interface CapDesign {
  style: CapStyle;
  palette: Palette;
  embroidery: Embroidery;
}

export const PALETTES = {
  ivory: pal('Ivory & Gold', '#f3ecdc', '#c8962e', 'gold', '#8a5a17', '#fdf8ee', '#efdfc2'),
  royalBlue: pal('Royal Blue', '#22438f', '#ecd9a2', 'cream', '#f5f5f5', '#eef2fc', '#c9d5f0'),
  wine: pal('Wine & Gold', '#6d1a2c', '#e2b450', 'gold', '#f3e3c0', '#fbf0f2', '#ebc8cf'),
  emerald: pal('Emerald', '#0f6b4f', '#f1e6b8', 'cream', '#d4a73c', '#edf8f3', '#c2e4d5'),
  onyx: pal('Onyx & Silver', '#1f1f25', '#c9ccd4', 'silver', '#b08d57', '#f4f4f6', '#d3d5dc'),
  sky: pal('Sky Blue', '#7db4e3', '#ffffff', 'white', '#1f4e79', '#f0f7fd', '#cde2f4'),
  purple: pal('Royal Purple', '#4b2a73', '#e7c663', 'gold', '#efe3ff', '#f6f1fb', '#dacbed'),
  cream: pal('Cream & Brown', '#eadcc2', '#6b4226', 'brown', '#a0522d', '#fbf7f0', '#e8d8bd'),
  forest: pal('Forest Green', '#2f4a2a', '#f29f3d', 'orange', '#f7e7c6', '#f2f6ef', '#cfdcc8'),
  coral: pal('Coral Red', '#b3202a', '#f2c230', 'yellow', '#141414', '#fdf1ef', '#f0cbc5'),
  scarlet: pal('Scarlet & Black', '#c0272d', '#1a1a1a', 'black', '#f6d35b', '#fdf3ee', '#efcdbf'),
  monochrome: pal('Black & White', '#161616', '#f4f4f4', 'white', '#f4f4f4', '#f6f6f6', '#d6d6d6'),
  straw: pal('Natural Straw', '#d9b26f', '#6e3f1c', 'brown', '#b22222', '#fbf6ea', '#ead9b3'),
  goldenStraw: pal('Golden Straw', '#e2bf78', '#2b2b2b', 'black', '#1d6b45', '#f7f6ee', '#dfe3cc'),
  sunset: pal('Ankara Sunset', '#f08a24', '#1b4f9c', 'blue', '#7ac143', '#fff6ec', '#f6d9b8'),
  teal: pal('Ankara Teal', '#138a8a', '#f7c948', 'yellow', '#d64550', '#eefaf9', '#c3e7e4'),
  indigo: pal('Adire Indigo', '#253a7a', '#dfe7ff', 'pale blue', '#8fb3ff', '#f1f3fb', '#cfd6ee'),
} satisfies Record<string, Palette>;

export type PaletteKey = keyof typeof PALETTES;

/** How each embroidery reads in a product description. */
export const EMBROIDERY_NAMES: Record<Embroidery, string> = {
  diamonds: 'diamond lattice',
  stars: 'eight-point star (tauraro)',
  chevrons: 'zigzag chevron',
  knots: 'Arewa knot',
  stripes: 'woven aso-oke stripe',
  lions: 'lion-head (agu)',
  ankara: 'bold ankara print',
};

/** Drawings use an 800-unit square; pictures come out at 640 px, plenty for a product page and cheaper to store. */
const SIZE = 800;
const OUTPUT_PX = 640;
const CX = SIZE / 2;

/**
 * A repeating tile for the body of the cap, in the design's thread and accent colours. Tile sizes are
 * multiples of 5 so they land on whole pixels at the 0.8 output scale: librsvg renders fractional
 * pattern tiles several times slower.
 */
function embroideryTile(id: string, kind: Embroidery, p: Palette): string {
  const t = p.thread;
  const a = p.accent;
  switch (kind) {
    case 'diamonds':
      return `<pattern id="${id}" width="45" height="45" patternUnits="userSpaceOnUse">
        <path d="M22.5 2.5 L42.5 22.5 L22.5 42.5 L2.5 22.5 Z" fill="none" stroke="${t}" stroke-width="3"/>
        <path d="M22.5 12.5 L32.5 22.5 L22.5 32.5 L12.5 22.5 Z" fill="none" stroke="${a}" stroke-width="2"/>
        <circle cx="22.5" cy="22.5" r="3" fill="${t}"/></pattern>`;
    case 'stars':
      return `<pattern id="${id}" width="65" height="65" patternUnits="userSpaceOnUse">
        <rect x="17.5" y="17.5" width="30" height="30" fill="none" stroke="${t}" stroke-width="3"/>
        <rect x="17.5" y="17.5" width="30" height="30" fill="none" stroke="${t}" stroke-width="3" transform="rotate(45 32.5 32.5)"/>
        <circle cx="32.5" cy="32.5" r="5" fill="${a}"/>
        <circle cx="0" cy="0" r="3" fill="${a}"/><circle cx="65" cy="0" r="3" fill="${a}"/>
        <circle cx="0" cy="65" r="3" fill="${a}"/><circle cx="65" cy="65" r="3" fill="${a}"/></pattern>`;
    case 'chevrons':
      return `<pattern id="${id}" width="40" height="30" patternUnits="userSpaceOnUse">
        <polyline points="0,22 10,8 20,22 30,8 40,22" fill="none" stroke="${t}" stroke-width="3" stroke-linejoin="round"/>
        <circle cx="10" cy="26" r="2" fill="${a}"/><circle cx="30" cy="26" r="2" fill="${a}"/></pattern>`;
    case 'knots':
      return `<pattern id="${id}" width="60" height="60" patternUnits="userSpaceOnUse">
        <circle cx="30" cy="30" r="15" fill="none" stroke="${t}" stroke-width="3"/>
        <path d="M30 9 V51 M9 30 H51" stroke="${t}" stroke-width="2.5"/>
        <path d="M19 19 L41 41 M41 19 L19 41" stroke="${a}" stroke-width="2"/>
        <circle cx="0" cy="0" r="6" fill="none" stroke="${a}" stroke-width="2"/>
        <circle cx="60" cy="0" r="6" fill="none" stroke="${a}" stroke-width="2"/>
        <circle cx="0" cy="60" r="6" fill="none" stroke="${a}" stroke-width="2"/>
        <circle cx="60" cy="60" r="6" fill="none" stroke="${a}" stroke-width="2"/></pattern>`;
    case 'stripes':
      return `<pattern id="${id}" width="35" height="35" patternUnits="userSpaceOnUse">
        <rect x="0" y="0" width="6" height="35" fill="${t}" opacity="0.9"/>
        <rect x="11" y="0" width="2" height="35" fill="${a}"/>
        <rect x="17" y="0" width="3" height="35" fill="${t}" opacity="0.55"/>
        <rect x="26" y="0" width="2" height="35" fill="${a}"/></pattern>`;
    case 'lions':
      // A stylised lion (agu) face, the motif that gives okpu agu its name.
      return `<pattern id="${id}" width="70" height="70" patternUnits="userSpaceOnUse">
        <circle cx="35" cy="35" r="17" fill="${t}" stroke="${a}" stroke-width="3"/>
        <circle cx="22" cy="21" r="6" fill="${t}" stroke="${a}" stroke-width="2.5"/>
        <circle cx="48" cy="21" r="6" fill="${t}" stroke="${a}" stroke-width="2.5"/>
        <circle cx="29" cy="32" r="2.6" fill="${a}"/><circle cx="41" cy="32" r="2.6" fill="${a}"/>
        <path d="M31 39 L39 39 L35 44 Z" fill="${a}"/>
        <path d="M27 46 Q35 52 43 46" fill="none" stroke="${a}" stroke-width="2"/>
        <path d="M0 0 L6 6 M70 0 L64 6 M0 70 L6 64 M70 70 L64 64" stroke="${t}" stroke-width="3"/></pattern>`;
    case 'ankara':
      return `<pattern id="${id}" width="90" height="90" patternUnits="userSpaceOnUse">
        <circle cx="22" cy="22" r="18" fill="${t}"/><circle cx="22" cy="22" r="11" fill="${a}"/>
        <circle cx="22" cy="22" r="5" fill="#ffffff"/>
        <circle cx="67" cy="67" r="18" fill="${a}"/><circle cx="67" cy="67" r="11" fill="${t}"/>
        <circle cx="67" cy="67" r="4" fill="#ffffff"/>
        <path d="M52 10 L80 10 L66 34 Z" fill="#ffffff" opacity="0.75"/>
        <path d="M8 58 L36 58 L22 82 Z" fill="#ffffff" opacity="0.75"/></pattern>`;
  }
}

/** Shared definitions: background, shading that makes flat shapes read as round cloth, shadow, tiles. */
function defs(design: CapDesign): string {
  const p = design.palette;
  return `<defs>
    <radialGradient id="bg" cx="50%" cy="42%" r="75%">
      <stop offset="0" stop-color="${p.background[0]}"/><stop offset="1" stop-color="${p.background[1]}"/>
    </radialGradient>
    <linearGradient id="round" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.45"/>
      <stop offset="0.2" stop-color="#000" stop-opacity="0.1"/>
      <stop offset="0.42" stop-color="#fff" stop-opacity="0.2"/>
      <stop offset="0.58" stop-color="#fff" stop-opacity="0"/>
      <stop offset="0.85" stop-color="#000" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.5"/>
    </linearGradient>
    <linearGradient id="top" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/>
    </linearGradient>
    <radialGradient id="shadow"><stop offset="0.3" stop-color="#000" stop-opacity="0.32"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    ${embroideryTile('emb', design.embroidery, p)}
    ${embroideryTile('band', design.embroidery === 'chevrons' ? 'diamonds' : 'chevrons', p)}
  </defs>`;
}

/** Fills a shape with cloth colour, embroidery and round shading, in that order. */
function cloth(d: string, p: Palette, embroideryOpacity = 1): string {
  return `<path d="${d}" fill="${p.body}"/>
    <path d="${d}" fill="url(#emb)" opacity="${embroideryOpacity}"/>
    <path d="${d}" fill="url(#round)"/>
    <path d="${d}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`;
}

/** A decorated band around the rim of a cylindrical cap, between two ellipse arcs. */
function rimBand(rx: number, y: number, ry: number, height: number, p: Palette): string {
  const d = `M${CX - rx} ${y - height} A${rx} ${ry} 0 0 0 ${CX + rx} ${y - height} L${CX + rx} ${y} A${rx} ${ry} 0 0 1 ${CX - rx} ${y} Z`;
  return `<path d="${d}" fill="${p.accent}" opacity="0.9"/><path d="${d}" fill="url(#band)"/>
    <path d="${d}" fill="url(#round)"/>
    <path d="M${CX - rx} ${y - height} A${rx} ${ry} 0 0 0 ${CX + rx} ${y - height}" fill="none" stroke="${p.thread}" stroke-width="3" stroke-dasharray="8 5"/>`;
}

/** The side of a cylinder from its bottom rim up to the top rim (front half only). */
function cylinder(rx: number, bottom: number, top: number, ry: number, taper = 0): string {
  const trx = rx - taper;
  return `M${CX - rx} ${bottom} L${CX - trx} ${top} A${trx} ${ry} 0 0 0 ${CX + trx} ${top} L${CX + rx} ${bottom} A${rx} ${ry} 0 0 1 ${CX - rx} ${bottom} Z`;
}

/** Hausa tagiya and Igbo red caps: a straight embroidered cylinder with a flat, rosette-stitched top. */
function drawTagiya(p: Palette): string {
  const rx = 220;
  const bottom = 590;
  const top = 360;
  const ry = 58;
  const trx = rx - 12;
  return `${cloth(cylinder(rx, bottom, top, ry, 12), p)}
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="${p.body}"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="url(#top)"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx - 30}" ry="${ry - 10}" fill="none" stroke="${p.thread}" stroke-width="4"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx - 70}" ry="${ry - 22}" fill="none" stroke="${p.accent}" stroke-width="3" stroke-dasharray="10 6"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx - 115}" ry="${ry - 34}" fill="none" stroke="${p.thread}" stroke-width="3"/>
    <ellipse cx="${CX}" cy="${top}" rx="16" ry="7" fill="${p.thread}"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>
    ${rimBand(rx, bottom, ry, 44, p)}`;
}

/** Kufi: a short cap with a rounded crown and a seam band where the crown meets the side. */
function drawKufi(p: Palette): string {
  const rx = 230;
  const bottom = 585;
  const seam = 455;
  const ry = 60;
  const crown = `M${CX - rx} ${bottom} L${CX - rx + 6} ${seam} C${CX - rx + 20} ${seam - 200} ${CX + rx - 20} ${seam - 200} ${CX + rx - 6} ${seam} L${CX + rx} ${bottom} A${rx} ${ry} 0 0 1 ${CX - rx} ${bottom} Z`;
  const seamLine = `M${CX - rx + 6} ${seam} A${rx - 6} ${ry} 0 0 0 ${CX + rx - 6} ${seam}`;
  const ribs = [-0.55, -0.2, 0.2, 0.55]
    .map((k) => {
      const x = CX + k * (rx - 10);
      return `<path d="M${CX} ${seam - 148} Q${CX + k * 150} ${seam - 120} ${x} ${seam + ry * Math.sqrt(1 - k * k) - 4}" fill="none" stroke="${p.thread}" stroke-width="3" stroke-opacity="0.8"/>`;
    })
    .join('');
  return `${cloth(crown, p, 0.85)}${ribs}
    <path d="${seamLine}" fill="none" stroke="${p.thread}" stroke-width="6"/>
    <path d="${seamLine}" fill="none" stroke="${p.accent}" stroke-width="2" stroke-dasharray="6 6" transform="translate(0 10)"/>
    <circle cx="${CX}" cy="${seam - 150}" r="10" fill="${p.thread}"/>
    ${rimBand(rx, bottom, ry, 34, p)}`;
}

/** Zanna Bukar: a tall Kanuri cap whose front is cut in a deep crescent, leaving a raised point either side. */
function drawZanna(p: Palette): string {
  const rx = 215;
  const bottom = 595;
  const top = 335;
  const ry = 55;
  const left = CX - rx + 8;
  const right = CX + rx - 8;
  const dip = top + 165;
  const inside = `M${left} ${top - 18} A${rx - 8} ${ry + 10} 0 0 1 ${right} ${top - 18} C${right - 60} ${dip - 10} ${CX + 60} ${dip + 8} ${CX} ${dip + 8} C${CX - 60} ${dip + 8} ${left + 60} ${dip - 10} ${left} ${top - 18} Z`;
  const front = `M${CX - rx} ${bottom} L${left} ${top - 18} C${left + 60} ${dip - 10} ${CX - 60} ${dip + 8} ${CX} ${dip + 8} C${CX + 60} ${dip + 8} ${right - 60} ${dip - 10} ${right} ${top - 18} L${CX + rx} ${bottom} A${rx} ${ry} 0 0 1 ${CX - rx} ${bottom} Z`;
  const edge = `M${left} ${top - 18} C${left + 60} ${dip - 10} ${CX - 60} ${dip + 8} ${CX} ${dip + 8} C${CX + 60} ${dip + 8} ${right - 60} ${dip - 10} ${right} ${top - 18}`;
  return `<path d="${inside}" fill="${p.body}"/><path d="${inside}" fill="#000" opacity="0.35"/>
    <path d="${inside}" fill="url(#emb)" opacity="0.25"/>
    ${cloth(front, p)}
    <path d="${edge}" fill="none" stroke="${p.thread}" stroke-width="10"/>
    <path d="${edge}" fill="none" stroke="${p.accent}" stroke-width="3" stroke-dasharray="9 6"/>
    <circle cx="${left}" cy="${top - 18}" r="9" fill="${p.thread}"/><circle cx="${right}" cy="${top - 18}" r="9" fill="${p.thread}"/>
    ${rimBand(rx, bottom, ry, 40, p)}`;
}

/** Fula hula: the Fulani straw sun hat, a tall cone on a wide brim with leather trims. */
function drawFula(p: Palette): string {
  const brimY = 545;
  const apexY = 175;
  const radial = Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return `<line x1="${CX}" y1="${brimY}" x2="${CX + Math.cos(a) * 340}" y2="${brimY + Math.sin(a) * 92}" stroke="${p.thread}" stroke-opacity="0.22" stroke-width="2"/>`;
  }).join('');
  const rings = [110, 170, 230, 290]
    .map(
      (r) =>
        `<ellipse cx="${CX}" cy="${brimY}" rx="${r}" ry="${r * 0.27}" fill="none" stroke="${p.thread}" stroke-opacity="0.25" stroke-width="3"/>`,
    )
    .join('');
  const cone = `M${CX - 150} ${brimY - 8} L${CX - 14} ${apexY + 20} Q${CX} ${apexY} ${CX + 14} ${apexY + 20} L${CX + 150} ${brimY - 8} A150 40 0 0 1 ${CX - 150} ${brimY - 8} Z`;
  const coneLines = Array.from({ length: 13 }, (_, i) => {
    const x = CX - 140 + i * (280 / 12);
    return `<line x1="${CX}" y1="${apexY + 14}" x2="${x}" y2="${brimY + 22 - Math.abs(x - CX) * 0.18}" stroke="${p.thread}" stroke-opacity="0.3" stroke-width="2"/>`;
  }).join('');
  const leatherStrips = [0.18, 0.5, 0.82]
    .map((k) => {
      const a = Math.PI * (0.05 + k * 0.9);
      const x1 = CX + Math.cos(a) * 160;
      const y1 = brimY + Math.sin(a) * 44;
      const x2 = CX + Math.cos(a) * 335;
      const y2 = brimY + Math.sin(a) * 90;
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${p.thread}" stroke-width="12" stroke-linecap="round"/>
        <line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${p.accent}" stroke-width="4" stroke-dasharray="8 8"/>`;
    })
    .join('');
  const apexCap = `M${CX - 40} ${apexY + 92} L${CX - 10} ${apexY + 6} Q${CX} ${apexY - 6} ${CX + 10} ${apexY + 6} L${CX + 40} ${apexY + 92} A40 11 0 0 1 ${CX - 40} ${apexY + 92} Z`;
  return `<ellipse cx="${CX}" cy="${brimY}" rx="345" ry="95" fill="${p.body}"/>
    <ellipse cx="${CX}" cy="${brimY}" rx="345" ry="95" fill="url(#top)"/>
    ${rings}${radial}${leatherStrips}
    <ellipse cx="${CX}" cy="${brimY}" rx="345" ry="95" fill="none" stroke="${p.thread}" stroke-width="8"/>
    <path d="${cone}" fill="${p.body}"/>${coneLines}<path d="${cone}" fill="url(#round)"/>
    <path d="M${CX - 150} ${brimY - 8} A150 40 0 0 0 ${CX + 150} ${brimY - 8} L${CX + 138} ${brimY - 48} A138 36 0 0 1 ${CX - 138} ${brimY - 48} Z" fill="${p.thread}"/>
    <path d="M${CX - 146} ${brimY - 28} A146 38 0 0 0 ${CX + 146} ${brimY - 28}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-dasharray="14 8"/>
    <path d="${apexCap}" fill="${p.thread}"/><path d="${apexCap}" fill="url(#round)"/>
    <path d="M${CX - 32} ${apexY + 70} A32 9 0 0 0 ${CX + 32} ${apexY + 70}" fill="none" stroke="${p.accent}" stroke-width="4"/>
    <circle cx="${CX}" cy="${apexY}" r="8" fill="${p.accent}"/>`;
}

/** Fila gobi: a soft Yoruba cap, tall enough to fold over to one side. */
function drawFila(p: Palette): string {
  const rx = 205;
  const bottom = 600;
  const ry = 54;
  const body = `M${CX - rx} ${bottom} L${CX - rx + 14} 360 C${CX - rx + 30} 210 ${CX + 40} 170 ${CX + rx + 60} 300 C${CX + rx + 40} 330 ${CX + rx + 6} 380 ${CX + rx} 440 L${CX + rx} ${bottom} A${rx} ${ry} 0 0 1 ${CX - rx} ${bottom} Z`;
  return `${cloth(body, p)}
    <path d="M${CX - 60} 252 C${CX + 40} 270 ${CX + 150} 300 ${CX + rx} 440" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="5"/>
    <path d="M${CX - 60} 256 C${CX + 40} 275 ${CX + 150} 306 ${CX + rx - 4} 442" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3"/>
    ${rimBand(rx, bottom, ry, 30, p)}`;
}

/** Abeti aja ("dog ears"): a peaked Yoruba cap whose side flaps are turned up like ears. */
function drawAbetiAja(p: Palette): string {
  const rx = 215;
  const bottom = 595;
  const ry = 55;
  const bandTop = 505;
  const crown = `M${CX - rx} ${bottom} L${CX - rx + 4} ${bandTop} Q${CX - 120} 330 ${CX} 225 Q${CX + 120} 330 ${CX + rx - 4} ${bandTop} L${CX + rx} ${bottom} A${rx} ${ry} 0 0 1 ${CX - rx} ${bottom} Z`;
  const ear = (side: 1 | -1) => {
    const base = CX + side * (rx - 10);
    const d = `M${base} ${bottom - 6} L${base + side * 95} 395 Q${base + side * 40} 420 ${base - side * 70} ${bandTop - 40} Z`;
    return `<path d="${d}" fill="${p.accent}"/><path d="${d}" fill="url(#band)" opacity="0.6"/>
      <path d="${d}" fill="none" stroke="${p.thread}" stroke-width="6" stroke-linejoin="round"/>`;
  };
  return `${cloth(crown, p)}
    <path d="M${CX} 228 Q${CX + 10} 400 ${CX} ${bottom + ry - 6}" fill="none" stroke="${p.thread}" stroke-width="4" stroke-opacity="0.8"/>
    ${ear(-1)}${ear(1)}
    <circle cx="${CX}" cy="226" r="9" fill="${p.thread}"/>`;
}

/** The eagle feather (abuba ugo) a titled Igbo man wears tucked into his cap. */
function eagleFeather(x: number, y: number): string {
  const vane = `M${x} ${y} C${x + 10} ${y - 150} ${x + 60} ${y - 280} ${x + 120} ${y - 360} C${x + 120} ${y - 260} ${x + 60} ${y - 130} ${x} ${y} Z`;
  return `<path d="${vane}" fill="#fbfaf5" stroke="#6b6b6b" stroke-width="2"/>
    <path d="M${x + 120} ${y - 360} C${x + 112} ${y - 320} ${x + 100} ${y - 300} ${x + 86} ${y - 290} C${x + 96} ${y - 316} ${x + 108} ${y - 338} ${x + 120} ${y - 360} Z" fill="#2a2a2a"/>
    <path d="M${x} ${y} C${x + 30} ${y - 140} ${x + 70} ${y - 260} ${x + 120} ${y - 360}" fill="none" stroke="#8a8a8a" stroke-width="2.5"/>`;
}

/** Okpu agu: the Igbo titled man's cap, a cylinder covered in lion heads. */
function drawOkpuAgu(p: Palette): string {
  const rx = 215;
  const bottom = 590;
  const top = 350;
  const ry = 56;
  const trx = rx - 6;
  return `${cloth(cylinder(rx, bottom, top, ry, 6), p)}
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="${p.body}"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="url(#emb)" opacity="0.6"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="url(#top)"/>
    <ellipse cx="${CX}" cy="${top}" rx="${trx}" ry="${ry}" fill="none" stroke="${p.thread}" stroke-width="6"/>
    ${eagleFeather(CX + 150, bottom - 40)}
    ${rimBand(rx, bottom, ry, 26, p)}`;
}

/** A modern six-panel cap in ankara or adire cloth, seen three-quarter with its visor to the left. */
function drawSnapback(p: Palette): string {
  const base = 520;
  const crown = `M${CX - 230} ${base} C${CX - 240} 300 ${CX - 110} 225 ${CX + 10} 225 C${CX + 130} 225 ${CX + 250} 300 ${CX + 235} ${base} Q${CX} ${base + 45} ${CX - 230} ${base} Z`;
  const seams = [-0.45, 0.05, 0.55]
    .map(
      (k) =>
        `<path d="M${CX + 10} 228 Q${CX + k * 220} 300 ${CX + k * 235} ${base + 20 - Math.abs(k) * 10}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="3"/>`,
    )
    .join('');
  const visor = `M${CX + 90} ${base + 32} Q${CX - 80} ${base + 48} ${CX - 230} ${base} C${CX - 320} ${base + 6} ${CX - 370} ${base + 60} ${CX - 310} ${base + 100} C${CX - 230} ${base + 150} ${CX - 20} ${base + 130} ${CX + 90} ${base + 32} Z`;
  const stitch = `M${CX + 50} ${base + 60} C${CX - 40} ${base + 112} ${CX - 220} ${base + 120} ${CX - 300} ${base + 80}`;
  return `<path d="${visor}" fill="${p.thread}"/><path d="${visor}" fill="#000" opacity="0.15"/>
    <path d="${stitch}" fill="none" stroke="${p.accent}" stroke-width="3" stroke-dasharray="6 6"/>
    ${cloth(crown, p)}${seams}
    <ellipse cx="${CX + 10}" cy="226" rx="16" ry="9" fill="${p.thread}"/>
    <path d="M${CX + 150} ${base + 2} q22 -6 40 -16" fill="none" stroke="${p.thread}" stroke-width="6" stroke-linecap="round"/>`;
}

const DRAW: Record<CapStyle, (p: Palette) => string> = {
  tagiya: drawTagiya,
  kufi: drawKufi,
  zanna: drawZanna,
  fula: drawFula,
  fila: drawFila,
  'abeti-aja': drawAbetiAja,
  'okpu-agu': drawOkpuAgu,
  snapback: drawSnapback,
};

/** One picture of a cap: front view, a close-up of the embroidery, or a tilted view on a deeper background. */
export function capSvg(design: CapDesign, view: CapView = 'front'): string {
  const viewBox = view === 'detail' ? '200 310 400 400' : `0 0 ${SIZE} ${SIZE}`;
  const transform = view === 'tilted' ? `rotate(-8 ${CX} 450)` : '';
  const backdrop =
    view === 'tilted'
      ? `<rect width="${SIZE}" height="${SIZE}" fill="${design.palette.background[1]}"/><rect width="${SIZE}" height="${SIZE}" fill="#000" opacity="0.12"/>`
      : `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT_PX}" height="${OUTPUT_PX}" viewBox="${viewBox}">
    ${defs(design)}${backdrop}
    <circle cx="${CX}" cy="400" r="330" fill="#fff" opacity="0.25"/>
    <ellipse cx="${CX}" cy="688" rx="330" ry="58" fill="url(#shadow)"/>
    <g transform="${transform}">${DRAW[design.style](design.palette)}</g>
  </svg>`;
}

// Fast PNG compression: the store re-encodes to WebP anyway, so a smaller PNG buys nothing.
function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** A cap picture as a PNG upload would bring it, ready for ImageStore.save. */
export function renderCapPng(design: CapDesign, view: CapView): Promise<Buffer> {
  return renderPng(capSvg(design, view));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Up to two initials of a shop name, for its round profile badge. */
function initialsOf(shopName: string): string {
  const words = shopName.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A round badge with the shop's initials inside an embroidered ring. */
export function shopProfileSvg(shopName: string, palette: Palette): string {
  const ticks = Array.from({ length: 36 }, (_, i) => {
    const a = (i / 36) * Math.PI * 2;
    const r1 = 150;
    const r2 = i % 2 ? 162 : 172;
    return `<line x1="${200 + Math.cos(a) * r1}" y1="${200 + Math.sin(a) * r1}" x2="${200 + Math.cos(a) * r2}" y2="${200 + Math.sin(a) * r2}" stroke="${palette.thread}" stroke-width="4"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <defs>
      <radialGradient id="g" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="${palette.body}"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></radialGradient>
      ${embroideryTile('emb', 'stars', palette)}
    </defs>
    <rect width="400" height="400" fill="${palette.background[1]}"/>
    <rect width="400" height="400" fill="url(#emb)" opacity="0.35"/>
    <circle cx="200" cy="200" r="185" fill="${palette.body}"/>
    <circle cx="200" cy="200" r="185" fill="url(#g)" opacity="0.45"/>
    ${ticks}
    <circle cx="200" cy="200" r="142" fill="none" stroke="${palette.accent}" stroke-width="3" stroke-dasharray="10 7"/>
    <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, serif" font-weight="bold" font-size="118" fill="${palette.thread}">${escapeXml(initialsOf(shopName))}</text>
  </svg>`;
}

/** A wide banner of embroidery with a row of cap silhouettes, in the shop's colours. */
export function shopCoverSvg(palette: Palette, styles: readonly CapStyle[]): string {
  const caps = styles
    .slice(0, 3)
    .map((style, i) => {
      // Drawings are 800 wide with the cap's foot near y 650; at 0.45 they stand on the lower band.
      const x = 580 + i * 230;
      return `<g transform="translate(${x - 180} 38) scale(0.45)">${DRAW[style](palette)}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
    <defs>
      <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="${palette.body}"/><stop offset="0.55" stop-color="${palette.body}" stop-opacity="0.85"/>
        <stop offset="1" stop-color="${palette.body}" stop-opacity="0.2"/>
      </linearGradient>
      <linearGradient id="round" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.15"/>
        <stop offset="1" stop-color="#000" stop-opacity="0.4"/>
      </linearGradient>
      <linearGradient id="top" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/>
      </linearGradient>
      ${embroideryTile('emb', 'knots', palette)}
      ${embroideryTile('band', 'chevrons', palette)}
    </defs>
    <rect width="1200" height="400" fill="${palette.background[1]}"/>
    <rect width="1200" height="400" fill="url(#emb)" opacity="0.55"/>
    <rect width="1200" height="400" fill="url(#fade)"/>
    <rect y="330" width="1200" height="40" fill="${palette.accent}"/>
    <rect y="330" width="1200" height="40" fill="url(#band)"/>
    <rect y="20" width="1200" height="6" fill="${palette.thread}"/>
    <g opacity="0.95">${caps}</g>
  </svg>`;
}

export async function saveShopImages(
  images: ImageStore,
  shopName: string,
  palette: Palette,
  styles: readonly CapStyle[],
): Promise<{ profileImage: string; coverImage: string }> {
  const [profile, cover] = await Promise.all([
    renderPng(shopProfileSvg(shopName, palette)),
    renderPng(shopCoverSvg(palette, styles)),
  ]);
  const [profileImage, coverImage] = await Promise.all([
    images.save({ field: 'profile_image', filename: 'profile.png', data: profile }),
    images.save({ field: 'cover_image', filename: 'cover.png', data: cover }),
  ]);
  return { profileImage, coverImage };
}
