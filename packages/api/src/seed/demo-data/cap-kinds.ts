import type { Category } from '@caps/contracts';
import type { CapStyle, Embroidery, PaletteKey } from '../cap-images.js';

/** Every kind of cap the demo shops make: its category, look, price range, sizes and the start of its description. */

const CM_SMALL = ['54', '55', '56', '57'];
const CM_MID = ['56', '57', '58'];
const CM_WIDE = ['55', '56', '57', '58', '59'];
const CM_LARGE = ['58', '59', '60'];
const LETTERS = ['Small', 'Medium', 'Large'];
const LETTERS_BIG = ['Medium', 'Large', 'XL'];
const LETTERS_ALL = ['Small', 'Medium', 'Large', 'XL'];

export interface CapKind {
  name: string;
  category: Category;
  style: CapStyle;
  palettes: readonly PaletteKey[];
  embroideries: readonly Embroidery[];
  priceNaira: readonly [number, number];
  sizes: readonly (readonly string[])[];
  materials: readonly string[];
  /** What the cap is and where it comes from: the first sentence of every description. */
  intro: string;
}

const ROYAL = ['ivory', 'royalBlue', 'wine', 'emerald', 'onyx', 'sky', 'purple', 'cream', 'forest'] as const;
const IGBO_RED = ['coral', 'scarlet'] as const;

export const CAP_KINDS = {
  tagiya: {
    name: 'Tagiya',
    category: 'Hausa Caps',
    style: 'tagiya',
    palettes: ROYAL,
    embroideries: ['stars', 'knots', 'diamonds'],
    priceNaira: [5000, 35000],
    sizes: [CM_MID, CM_WIDE, LETTERS],
    materials: ['cotton', 'brocade', 'damask', 'guinea brocade'],
    intro: 'A classic Hausa tagiya, the upright cap worn with babban riga for Friday prayers, weddings and Sallah.',
  },
  hula: {
    name: 'Kano Embroidered Hula',
    category: 'Hausa Caps',
    style: 'tagiya',
    palettes: ROYAL,
    embroideries: ['stars', 'knots'],
    priceNaira: [15000, 60000],
    sizes: [CM_MID, CM_LARGE],
    materials: ['cotton', 'fine damask'],
    intro:
      'Hand-embroidered hula from Kano, stitched so densely that the pattern stands proud of the cloth. Each cap takes weeks of work.',
  },
  dara: {
    name: 'Dara Hula',
    category: 'Hausa Caps',
    style: 'tagiya',
    palettes: ROYAL,
    embroideries: ['diamonds'],
    priceNaira: [8000, 30000],
    sizes: [CM_MID, LETTERS],
    materials: ['cotton', 'brocade'],
    intro: 'The dara hula takes its chequered diamond design from the dara board game played in Hausa compounds.',
  },
  sokotoTagiya: {
    name: 'Sokoto Tagiya',
    category: 'Hausa Caps',
    style: 'tagiya',
    palettes: ROYAL,
    embroideries: ['chevrons', 'stars'],
    priceNaira: [6000, 28000],
    sizes: [CM_WIDE, LETTERS_BIG],
    materials: ['cotton', 'damask'],
    intro: 'A tall tagiya in the Sokoto style, with fine geometric stitching from crown to rim.',
  },
  hausaKufi: {
    name: 'Hausa Kufi',
    category: 'Hausa Caps',
    style: 'kufi',
    palettes: ROYAL,
    embroideries: ['diamonds', 'chevrons'],
    priceNaira: [3000, 12000],
    sizes: [LETTERS, LETTERS_ALL],
    materials: ['cotton', 'crochet cotton'],
    intro: 'A light, rounded kufi for everyday wear and daily prayers.',
  },
  filaGobi: {
    name: 'Fila Gobi',
    category: 'Yoruba Caps',
    style: 'fila',
    palettes: ['purple', 'royalBlue', 'wine', 'emerald', 'onyx', 'cream'],
    embroideries: ['stripes', 'diamonds'],
    priceNaira: [4000, 20000],
    sizes: [CM_MID, CM_WIDE, LETTERS],
    materials: ['aso-oke', 'damask', 'brocade'],
    intro: 'Fila gobi, the soft Yoruba cap that is worn tall or folded over to one side, as the wearer likes.',
  },
  asoOkeFila: {
    name: 'Aso Oke Fila',
    category: 'Yoruba Caps',
    style: 'fila',
    palettes: ['wine', 'purple', 'emerald', 'royalBlue', 'cream'],
    embroideries: ['stripes'],
    priceNaira: [8000, 40000],
    sizes: [CM_MID, CM_LARGE],
    materials: ['sanyan aso-oke', 'alaari aso-oke', 'etu aso-oke'],
    intro: 'Woven on narrow looms in Iseyin and sewn into a fila to match your agbada for owambe and weddings.',
  },
  abetiAja: {
    name: 'Abeti Aja',
    category: 'Yoruba Caps',
    style: 'abeti-aja',
    palettes: ['emerald', 'wine', 'royalBlue', 'purple', 'ivory', 'onyx'],
    embroideries: ['diamonds', 'stripes', 'stars'],
    priceNaira: [5000, 25000],
    sizes: [CM_MID, LETTERS, LETTERS_BIG],
    materials: ['aso-oke', 'velvet', 'brocade'],
    intro: "Abeti aja, the 'dog ears' cap: a peaked Yoruba cap whose side flaps are turned up like a dog's ears.",
  },
  filaIkori: {
    name: 'Fila Ikori',
    category: 'Yoruba Caps',
    style: 'kufi',
    palettes: ['cream', 'ivory', 'wine', 'onyx', 'purple'],
    embroideries: ['stripes', 'chevrons'],
    priceNaira: [3000, 15000],
    sizes: [LETTERS, CM_SMALL],
    materials: ['aso-oke', 'cotton'],
    intro: 'A round fila ikori that sits close to the head, smart enough for church and comfortable all day.',
  },
  okpuAgu: {
    name: 'Okpu Agu',
    category: 'Igbo Caps',
    style: 'okpu-agu',
    palettes: IGBO_RED,
    embroideries: ['lions'],
    priceNaira: [12000, 60000],
    sizes: [CM_MID, CM_LARGE, LETTERS_BIG],
    materials: ['knitted wool', 'cotton velvet'],
    intro: 'Okpu agu, the red cap covered in lion heads that marks a titled man in Igboland.',
  },
  okpuOzo: {
    name: 'Okpu Ozo Red Cap',
    category: 'Igbo Caps',
    style: 'tagiya',
    palettes: IGBO_RED,
    embroideries: ['diamonds', 'knots'],
    priceNaira: [15000, 70000],
    sizes: [CM_MID, CM_LARGE],
    materials: ['felt', 'velvet'],
    intro: 'The red cap worn by holders of the ozo title, for title-taking, burials and community meetings.',
  },
  okpuEze: {
    name: 'Okpu Eze Royal Cap',
    category: 'Igbo Caps',
    style: 'okpu-agu',
    palettes: IGBO_RED,
    embroideries: ['lions'],
    priceNaira: [40000, 120000],
    sizes: [CM_LARGE, LETTERS_BIG],
    materials: ['velvet', 'embroidered velvet'],
    intro: 'A royal cap for an igwe or a high chief, with the eagle feather that goes with the title.',
  },
  chieftaincyKufi: {
    name: 'Igbo Chieftaincy Cap',
    category: 'Igbo Caps',
    style: 'kufi',
    palettes: ['coral', 'scarlet', 'wine'],
    embroideries: ['knots', 'diamonds'],
    priceNaira: [8000, 25000],
    sizes: [CM_MID, LETTERS],
    materials: ['felt', 'velvet'],
    intro: 'A rounded red cap for chiefs and celebrants, lighter than the okpu agu for long ceremonies.',
  },
  ankaraSnapback: {
    name: 'Ankara Snapback',
    category: 'Modern Caps',
    style: 'snapback',
    palettes: ['sunset', 'teal'],
    embroideries: ['ankara'],
    priceNaira: [3000, 15000],
    sizes: [['One Size'], LETTERS],
    materials: ['ankara cotton'],
    intro: 'A six-panel snapback cut from bold ankara wax print, for everyday style with a Nigerian soul.',
  },
  adireCap: {
    name: 'Adire Baseball Cap',
    category: 'Modern Caps',
    style: 'snapback',
    palettes: ['indigo'],
    embroideries: ['diamonds', 'knots'],
    priceNaira: [4000, 15000],
    sizes: [['One Size'], LETTERS],
    materials: ['hand-dyed adire cotton'],
    intro: 'A baseball cap in adire, the indigo resist-dyed cloth of Abeokuta, with a stiff curved visor.',
  },
  asoOkeSnapback: {
    name: 'Aso Oke Snapback',
    category: 'Modern Caps',
    style: 'snapback',
    palettes: ['wine', 'purple', 'royalBlue', 'onyx'],
    embroideries: ['stripes'],
    priceNaira: [6000, 20000],
    sizes: [['One Size'], LETTERS_ALL],
    materials: ['aso-oke'],
    intro: 'Traditional aso-oke on a modern snapback: a cap that goes with both agbada and jeans.',
  },
  velvetKufi: {
    name: 'Velvet Kufi',
    category: 'Modern Caps',
    style: 'kufi',
    palettes: ['onyx', 'wine', 'purple', 'royalBlue', 'emerald'],
    embroideries: ['diamonds', 'stars'],
    priceNaira: [5000, 18000],
    sizes: [LETTERS, LETTERS_ALL],
    materials: ['velvet', 'crushed velvet'],
    intro: 'A modern cut of the kufi in soft velvet, neat enough for the office and the mosque.',
  },
  modernFila: {
    name: 'Modern Fila Gobi',
    category: 'Modern Caps',
    style: 'fila',
    palettes: ['sunset', 'teal', 'indigo'],
    embroideries: ['ankara'],
    priceNaira: [5000, 18000],
    sizes: [CM_MID, LETTERS],
    materials: ['ankara cotton', 'adire cotton'],
    intro: 'The fila gobi remade in ankara and adire prints for a younger, brighter look.',
  },
  zanna: {
    name: 'Zanna Bukar Cap',
    category: 'Traditional Caps',
    style: 'zanna',
    palettes: ROYAL,
    embroideries: ['stars', 'knots', 'diamonds', 'chevrons'],
    priceNaira: [8000, 45000],
    sizes: [CM_MID, CM_WIDE, LETTERS_BIG],
    materials: ['cotton', 'brocade', 'damask'],
    intro:
      'The Zanna Bukar cap, named after the Kanuri statesman Zanna Bukar Dipcharima of Borno, with its crescent cut at the front.',
  },
  fulaHula: {
    name: 'Fula Hula',
    category: 'Traditional Caps',
    style: 'fula',
    palettes: ['straw', 'goldenStraw'],
    embroideries: ['chevrons'],
    priceNaira: [6000, 25000],
    sizes: [['One Size'], LETTERS],
    materials: ['palm straw', 'grass straw'],
    intro: 'The conical sun hat of Fulani herders, woven by hand and built to last through dry season and rain.',
  },
  kufiPrayer: {
    name: 'Kufi Prayer Cap',
    category: 'Traditional Caps',
    style: 'kufi',
    palettes: ['ivory', 'cream', 'sky', 'onyx', 'emerald'],
    embroideries: ['chevrons', 'diamonds', 'stars'],
    priceNaira: [3000, 10000],
    sizes: [LETTERS, LETTERS_ALL, CM_SMALL],
    materials: ['cotton', 'crochet cotton'],
    intro: 'A simple kufi prayer cap, light and breathable, to keep in your pocket for every salah.',
  },
  kanuriCap: {
    name: 'Kanuri Embroidered Cap',
    category: 'Traditional Caps',
    style: 'tagiya',
    palettes: ROYAL,
    embroideries: ['stars', 'knots'],
    priceNaira: [10000, 45000],
    sizes: [CM_MID, CM_LARGE],
    materials: ['cotton', 'brocade'],
    intro: 'A richly embroidered Kanuri cap from Borno, worn by elders at durbar and on festive days.',
  },
  nupeCap: {
    name: 'Nupe Embroidered Cap',
    category: 'Traditional Caps',
    style: 'tagiya',
    palettes: ['cream', 'ivory', 'forest', 'wine'],
    embroideries: ['knots', 'chevrons'],
    priceNaira: [8000, 30000],
    sizes: [CM_MID, LETTERS],
    materials: ['cotton', 'damask'],
    intro: 'A Nupe cap from Bida, where embroiderers are known for their interlaced knot designs.',
  },
  tivCap: {
    name: 'Tiv Anger Cap',
    category: 'Traditional Caps',
    style: 'tagiya',
    palettes: ['monochrome'],
    embroideries: ['stripes'],
    priceNaira: [5000, 20000],
    sizes: [CM_MID, LETTERS],
    materials: ['woven cotton'],
    intro:
      'A cap in the black and white stripes of the Tiv anger cloth from Benue, worn with pride at every gathering.',
  },
} as const satisfies Record<string, CapKind>;

export type CapKindKey = keyof typeof CAP_KINDS;
