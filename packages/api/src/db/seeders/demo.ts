import { readdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  type Bank,
  type Category,
  CURRENCY,
  ORDER_STATUSES,
  type OrderStatus,
  type ReportReason,
  type ReportStatus,
  SHIPPING_FEE_KOBO,
} from '@caps/contracts';
import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import type { Services } from '../../context.js';
import { AddressSchema } from '../../modules/addresses/addresses.entities.js';
import { type User, UserSchema } from '../../modules/auth/auth.entities.js';
import { hashPassword } from '../../modules/auth/password.js';
import { CartItemSchema } from '../../modules/cart/cart.entities.js';
import { type Product, ProductSchema } from '../../modules/catalogue/catalogue.entities.js';
import { refreshSearchText } from '../../modules/catalogue/catalogue.search.js';
import { ContactMessageSchema } from '../../modules/contact/contact.entities.js';
import { type Coupon, CouponSchema } from '../../modules/coupons/coupons.entities.js';
import {
  CheckoutSchema,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
  type ShippingDetails,
} from '../../modules/orders/orders.entities.js';
import { PaymentSchema } from '../../modules/payment/payment.entities.js';
import { ReportSchema } from '../../modules/reports/reports.entities.js';
import { ReviewSchema } from '../../modules/reviews/reviews.entities.js';
import { type Vendor, VendorSchema } from '../../modules/vendors/vendors.entities.js';
import { WishlistEntrySchema } from '../../modules/wishlist/wishlist.entities.js';
import { entities } from '../entities.js';
import type { Em } from '../orm.js';
import {
  type CapDesign,
  type CapStyle,
  type CapView,
  EMBROIDERY_NAMES,
  type Embroidery,
  PALETTES,
  type PaletteKey,
  renderCapPng,
  saveShopImages,
} from './cap-images.js';

/**
 * Demo data for a fresh install: shops, caps with pictures, customers with orders in every state,
 * reviews, coupons, reports and messages. A seeded generator makes every run build the same data
 * (only dates move with the clock, and stored image names are random as the store makes them).
 */

export const DEMO_ADMIN_PASSWORD = 'Admin123!';
export const DEMO_VENDOR_PASSWORD = 'Vendor123!';
export const DEMO_CUSTOMER_PASSWORD = 'Customer123!';

export interface DemoAccount {
  role: 'admin' | 'vendor' | 'customer';
  email: string;
  password: string;
  name: string;
}

/** The accounts shown on the console and in the README to try the app with. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'admin', email: 'admin@capsmarket.ng', password: DEMO_ADMIN_PASSWORD, name: 'Platform Admin' },
  { role: 'vendor', email: 'vendor@capsmarket.ng', password: DEMO_VENDOR_PASSWORD, name: 'Bukar Modu Kyari' },
  { role: 'vendor', email: 'pending.vendor@capsmarket.ng', password: DEMO_VENDOR_PASSWORD, name: 'Hauwa Ali Kachalla' },
  { role: 'customer', email: 'customer@capsmarket.ng', password: DEMO_CUSTOMER_PASSWORD, name: 'Amina Bello' },
  { role: 'customer', email: 'chidi@capsmarket.ng', password: DEMO_CUSTOMER_PASSWORD, name: 'Chidi Okeke' },
  { role: 'customer', email: 'funmi@capsmarket.ng', password: DEMO_CUSTOMER_PASSWORD, name: 'Funmilayo Adewale' },
];

export interface DemoSeedResult {
  accounts: typeof DEMO_ACCOUNTS;
  /** Rows made per kind, for the CLI to report. */
  counts: Record<string, number>;
}

/* ------------------------------------------------------------------------------------------------ */
/* Catalogue of cap kinds                                                                            */
/* ------------------------------------------------------------------------------------------------ */

const CM_SMALL = ['54', '55', '56', '57'];
const CM_MID = ['56', '57', '58'];
const CM_WIDE = ['55', '56', '57', '58', '59'];
const CM_LARGE = ['58', '59', '60'];
const LETTERS = ['Small', 'Medium', 'Large'];
const LETTERS_BIG = ['Medium', 'Large', 'XL'];
const LETTERS_ALL = ['Small', 'Medium', 'Large', 'XL'];

interface CapKind {
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

const CAP_KINDS = {
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

type CapKindKey = keyof typeof CAP_KINDS;

/* ------------------------------------------------------------------------------------------------ */
/* Shops and people                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

interface ShopSeed {
  owner: string;
  email: string;
  shopName: string;
  description: string;
  address: string;
  city: string;
  bank: Bank;
  palette: PaletteKey;
  kinds: readonly CapKindKey[];
  verified: boolean;
}

const SHOPS: readonly ShopSeed[] = [
  {
    owner: 'Bukar Modu Kyari',
    email: 'vendor@capsmarket.ng',
    shopName: 'Zanna Heritage Caps',
    description:
      'Family workshop in Maiduguri making Zanna Bukar caps and embroidered tagiya since 1987. Every cap is cut, stitched and finished by hand by Kanuri tailors near Monday Market.',
    address: 'Shop 14, Monday Market, Baga Road, Maiduguri, Borno State',
    city: 'Maiduguri',
    bank: 'Zenith Bank',
    palette: 'wine',
    kinds: ['zanna', 'kanuriCap', 'tagiya', 'kufiPrayer', 'hausaKufi'],
    verified: true,
  },
  {
    owner: 'Aminu Sani Garba',
    email: 'aminu.garba@example.com',
    shopName: 'Kurmi Tagiya House',
    description:
      'Hand-embroidered hula and tagiya from the heart of Kurmi Market. We work with over thirty women embroiderers in Dala and Gwale who stitch each cap by hand.',
    address: 'No. 22 Kurmi Market Road, Jakara, Kano, Kano State',
    city: 'Kano',
    bank: 'Guaranty Trust Bank',
    palette: 'ivory',
    kinds: ['hula', 'tagiya', 'dara', 'sokotoTagiya'],
    verified: true,
  },
  {
    owner: 'Adebayo Ogunleye',
    email: 'adebayo.ogunleye@example.com',
    shopName: 'Balogun Fila Gallery',
    description:
      'Aso-oke fila, abeti aja and modern caps for owambe, weddings and everyday wear. Custom colours to match your agbada on request.',
    address: '27 Balogun Street, Lagos Island, Lagos State',
    city: 'Lagos',
    bank: 'Access Bank',
    palette: 'purple',
    kinds: ['filaGobi', 'abetiAja', 'asoOkeFila', 'asoOkeSnapback', 'velvetKufi'],
    verified: true,
  },
  {
    owner: 'Olumide Adeyemi',
    email: 'olumide.adeyemi@example.com',
    shopName: 'Dugbe Aso Oke Caps',
    description:
      'Caps woven from Iseyin aso-oke and sewn in Ibadan: fila gobi, abeti aja and ikori in the classic sanyan, alaari and etu colours.',
    address: 'Block C, Dugbe Market, Ibadan, Oyo State',
    city: 'Ibadan',
    bank: 'First Bank Nigeria',
    palette: 'emerald',
    kinds: ['asoOkeFila', 'filaGobi', 'abetiAja', 'filaIkori'],
    verified: true,
  },
  {
    owner: 'Chukwuemeka Nwosu',
    email: 'emeka.nwosu@example.com',
    shopName: 'Ogbete Okpu Agu Palace',
    description:
      'Okpu agu, okpu ozo and royal caps for chiefs, titled men and celebrants. Trusted by traditional rulers across Enugu and Anambra.',
    address: 'Line 7, Ogbete Main Market, Enugu, Enugu State',
    city: 'Enugu',
    bank: 'Fidelity Bank',
    palette: 'coral',
    kinds: ['okpuAgu', 'okpuOzo', 'okpuEze', 'chieftaincyKufi'],
    verified: true,
  },
  {
    owner: 'Abubakar Shehu Bodinga',
    email: 'abubakar.shehu@example.com',
    shopName: 'Sokoto Hula Works',
    description:
      'Caps in the Sokoto style: tall tagiya with fine geometric stitching, kufi for daily prayers and Fulani straw hats for the farm and the road.',
    address: 'Sokoto Central Market, Sultan Abubakar Road, Sokoto, Sokoto State',
    city: 'Sokoto',
    bank: 'United Bank for Africa',
    palette: 'royalBlue',
    kinds: ['sokotoTagiya', 'hula', 'hausaKufi', 'fulaHula'],
    verified: true,
  },
  {
    owner: 'Fatima Abdullahi',
    email: 'fatima.abdullahi@example.com',
    shopName: 'Barci Cap Emporium',
    description:
      'A little of everything from the north: Zanna caps, tagiya, kufi and modern snapbacks. Good prices for weddings and group orders.',
    address: '9 Ahmadu Bello Way, near Kasuwan Barci, Kaduna, Kaduna State',
    city: 'Kaduna',
    bank: 'Sterling Bank',
    palette: 'forest',
    kinds: ['zanna', 'tagiya', 'kufiPrayer', 'ankaraSnapback', 'dara'],
    verified: true,
  },
  {
    owner: 'Ngozi Okafor',
    email: 'ngozi.okafor@example.com',
    shopName: 'Onitsha Royal Caps',
    description:
      'Red caps, okpu agu and royal okpu eze for igwe, chiefs and title-taking ceremonies, with matching eagle feathers on request.',
    address: 'Shop 112, Main Market Line 4, Onitsha, Anambra State',
    city: 'Onitsha',
    bank: 'Ecobank',
    palette: 'scarlet',
    kinds: ['okpuEze', 'okpuAgu', 'okpuOzo', 'chieftaincyKufi'],
    verified: true,
  },
  {
    owner: 'Yakubu Bello Jada',
    email: 'yakubu.jada@example.com',
    shopName: 'Adamawa Fulani Hats',
    description:
      'Fula hula woven from palm and grass by Fulbe craftsmen in Adamawa and finished with hand-dyed leather. Also prayer caps and Nupe and Tiv caps.',
    address: 'Jimeta Modern Market, Yola, Adamawa State',
    city: 'Yola',
    bank: 'First Bank Nigeria',
    palette: 'cream',
    kinds: ['fulaHula', 'nupeCap', 'tivCap', 'kufiPrayer'],
    verified: true,
  },
  {
    owner: 'Zainab Yusuf',
    email: 'zainab.yusuf@example.com',
    shopName: 'Wuse Modern Caps',
    description:
      'Modern caps with a Nigerian soul: ankara snapbacks, adire baseball caps and velvet kufi, made in Abuja for everyday style.',
    address: 'Shop B22, Wuse Market, Zone 5, Abuja, FCT',
    city: 'Abuja',
    bank: 'Guaranty Trust Bank',
    palette: 'teal',
    kinds: ['ankaraSnapback', 'adireCap', 'asoOkeSnapback', 'velvetKufi', 'modernFila'],
    verified: true,
  },
  {
    owner: 'Hauwa Ali Kachalla',
    email: 'pending.vendor@capsmarket.ng',
    shopName: 'Bama Craft Caps',
    description:
      'A new workshop run by women in Maiduguri, making Zanna Bukar caps and tagiya to support families who came from Bama.',
    address: 'House 5, Bama Road, Gwange, Maiduguri, Borno State',
    city: 'Maiduguri',
    bank: 'Zenith Bank',
    palette: 'sky',
    kinds: ['zanna', 'tagiya'],
    verified: false,
  },
  {
    owner: 'Tunde Oyelaran',
    email: 'tunde.oyelaran@example.com',
    shopName: 'Oja Oba Beads and Caps',
    description: 'Abeti aja and fila from Osogbo with bead and adire accents, inspired by the Osun festival.',
    address: 'Oja Oba Market, Osogbo, Osun State',
    city: 'Osogbo',
    bank: 'Access Bank',
    palette: 'indigo',
    kinds: ['abetiAja', 'filaGobi'],
    verified: false,
  },
];

interface CustomerSeed {
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

const CUSTOMERS: readonly CustomerSeed[] = [
  {
    name: 'Amina Bello',
    email: 'customer@capsmarket.ng',
    address: '12 Sir Kashim Ibrahim Road, GRA',
    city: 'Maiduguri',
    state: 'Borno',
    postalCode: '600231',
  },
  {
    name: 'Chidi Okeke',
    email: 'chidi@capsmarket.ng',
    address: '45 Zik Avenue, Uwani',
    city: 'Enugu',
    state: 'Enugu',
    postalCode: '400102',
  },
  {
    name: 'Funmilayo Adewale',
    email: 'funmi@capsmarket.ng',
    address: '8 Adeola Odeku Street, Victoria Island',
    city: 'Lagos',
    state: 'Lagos',
    postalCode: '101241',
  },
  {
    name: 'Ibrahim Musa',
    email: 'ibrahim.musa@example.com',
    address: '23 Zoo Road, Gyadi Gyadi',
    city: 'Kano',
    state: 'Kano',
    postalCode: '700233',
  },
  {
    name: 'Halima Umar',
    email: 'halima.umar@example.com',
    address: '7 Constitution Road, Kaduna North',
    city: 'Kaduna',
    state: 'Kaduna',
    postalCode: '800283',
  },
  {
    name: 'Emeka Eze',
    email: 'emeka.eze@example.com',
    address: '16 Aba Road, Rumuola',
    city: 'Port Harcourt',
    state: 'Rivers',
    postalCode: '500102',
  },
  {
    name: 'Folake Adeyemi',
    email: 'folake.adeyemi@example.com',
    address: '31 Ring Road, Challenge',
    city: 'Ibadan',
    state: 'Oyo',
    postalCode: '200113',
  },
  {
    name: 'Usman Danjuma',
    email: 'usman.danjuma@example.com',
    address: '4 Ahmadu Bello Way, Jos North',
    city: 'Jos',
    state: 'Plateau',
    postalCode: '930101',
  },
  {
    name: 'Kemi Olatunji',
    email: 'kemi.olatunji@example.com',
    address: '19 Aminu Kano Crescent, Wuse 2',
    city: 'Abuja',
    state: 'FCT',
    postalCode: '900288',
  },
  {
    name: 'Grace Effiong',
    email: 'grace.effiong@example.com',
    address: '52 Calabar Road, Calabar South',
    city: 'Calabar',
    state: 'Cross River',
    postalCode: '540281',
  },
];

interface VendorCouponSeed {
  shop: number;
  code: string;
  description: string;
  discountPercent: number;
  usageLimit: number;
  /** Days from now; negative means already expired. */
  expiresInDays: number;
}

const VENDOR_COUPONS: readonly VendorCouponSeed[] = [
  {
    shop: 0,
    code: 'ZANNA15',
    description: '15% off Zanna caps',
    discountPercent: 15,
    usageLimit: 100,
    expiresInDays: 60,
  },
  { shop: 0, code: 'SALLAH25', description: 'Sallah special', discountPercent: 25, usageLimit: 50, expiresInDays: -10 },
  {
    shop: 1,
    code: 'KURMI10',
    description: 'Kurmi market week',
    discountPercent: 10,
    usageLimit: 200,
    expiresInDays: 45,
  },
  { shop: 2, code: 'OWAMBE20', description: 'Owambe season', discountPercent: 20, usageLimit: 80, expiresInDays: 30 },
  {
    shop: 4,
    code: 'IGWE5',
    description: 'Small thanks to loyal chiefs',
    discountPercent: 5,
    usageLimit: 500,
    expiresInDays: 90,
  },
  {
    shop: 9,
    code: 'ABUJA12',
    description: 'New collection launch',
    discountPercent: 12,
    usageLimit: 150,
    expiresInDays: 21,
  },
];

const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Beautiful {cap}. The stitching is neat and it fits perfectly. I wore it to a wedding and got many compliments.',
    'Excellent quality, even better than the pictures. Delivery to {city} took only four days.',
    'My father loved this cap. Very well made and the colours are rich.',
    'Top quality. You can see it was made by hand with care. I will buy again.',
    'Exactly as described. It fits well and looks very elegant with my agbada.',
    'Bought it for Sallah and it was the finest cap in the mosque. Thank you!',
  ],
  4: [
    'Good {cap} with nice finishing. The size runs a little tight, so order one size up.',
    'Very nice, but delivery to {city} took longer than expected. Still happy with it.',
    'Lovely colours and good stitching. The box was a bit squashed on arrival.',
    'Solid cap for the price. The lining is soft and it holds its shape.',
  ],
  3: [
    'It is okay. The cap is fine but the colour is slightly different from the photo.',
    'Average quality for the price. The lining could be better.',
  ],
  2: [
    'The stitching started coming loose after two weeks. I expected better.',
    'The size was wrong even though I followed the guide. The seller was polite about it.',
  ],
  1: [
    'Not what I ordered. The pattern is different and the seller took days to reply.',
    'Poor quality: the cap lost its shape after one wear.',
  ],
};

const SHOP_REVIEW_COMMENTS: readonly (readonly [1 | 2 | 3 | 4 | 5, string])[] = [
  [5, 'Very responsive seller. They helped me choose the right size and delivered on time.'],
  [5, 'Trustworthy shop. Everything I have bought here has been well made and well packed.'],
  [4, 'Good shop and fair prices. Packaging could be better, but the caps are lovely.'],
  [5, 'They made a cap to match my wedding outfit in under a week. Highly recommended.'],
  [3, 'Nice caps, but it took two days to get a reply to my message.'],
  [4, 'Friendly seller who answered all my questions about sizes before I ordered.'],
];

const REPORTS: readonly { reporter: number; shop: number; reason: ReportReason; status: ReportStatus; text: string }[] =
  [
    {
      reporter: 3,
      shop: 6,
      reason: 'Misleading information',
      status: 'pending',
      text: 'The colour in the photos is much brighter than the cap I received, and the listing says hand-embroidered but it is machine-stitched.',
    },
    {
      reporter: 4,
      shop: 1,
      reason: 'Poor customer service',
      status: 'reviewed',
      text: 'My order has shown confirmed for three weeks and the seller does not answer calls or messages.',
    },
    {
      reporter: 5,
      shop: 3,
      reason: 'Fake products',
      status: 'resolved',
      text: 'The listing claims genuine Iseyin aso-oke, but the fabric I received is printed polyester.',
    },
    {
      reporter: 0,
      shop: 5,
      reason: 'Poor quality',
      status: 'pending',
      text: 'Two caps from this shop had loose threads around the rim when they arrived.',
    },
    {
      reporter: 7,
      shop: 2,
      reason: 'Scam/Fraud',
      status: 'reviewed',
      text: 'Someone using this shop name on WhatsApp asked me to pay by bank transfer outside the site. Please check.',
    },
    {
      reporter: 1,
      shop: 4,
      reason: 'Other',
      status: 'resolved',
      text: 'The shop address on the profile looks outdated; the delivery rider could not find it.',
    },
  ];

const CONTACT_MESSAGES: readonly { name: string; email: string; subject: string; message: string; handled: boolean }[] =
  [
    {
      name: 'Ibrahim Musa',
      email: 'ibrahim.musa@example.com',
      subject: 'Delivery to Maiduguri',
      message:
        'How long does delivery to Maiduguri take for orders from Lagos shops? I need a cap for a wedding on Saturday.',
      handled: false,
    },
    {
      name: 'Blessing Okon',
      email: 'blessing.okon@example.com',
      subject: 'Becoming a vendor',
      message: 'I make okpu agu in Calabar. What do I need to open a shop on the marketplace?',
      handled: false,
    },
    {
      name: 'Musa Garba',
      email: 'musa.garba@example.com',
      subject: 'Bulk order for a wedding',
      message: 'We need forty matching caps for a wedding in Kano in March. Can several shops send a quote?',
      handled: false,
    },
    {
      name: 'Funmilayo Adewale',
      email: 'funmi@capsmarket.ng',
      subject: 'Charged twice?',
      message: 'My card was debited twice for one order. Please check and refund the duplicate.',
      handled: true,
    },
    {
      name: 'Aisha Lawan',
      email: 'aisha.lawan@example.com',
      subject: 'Size guide',
      message: 'How do I measure my head for the sizes in centimetres? My son is between 56 and 57.',
      handled: true,
    },
  ];

const PRODUCTS_PER_VERIFIED_SHOP = 15;
const PRODUCTS_PER_PENDING_SHOP = 3;
const PHONE_PREFIXES = ['803', '806', '813', '816', '703', '706', '805', '807', '815', '905', '802', '808', '812'];

/* ------------------------------------------------------------------------------------------------ */
/* Deterministic randomness and time                                                                 */
/* ------------------------------------------------------------------------------------------------ */

/** mulberry32: small and fast, and the same seed gives the same sequence on every run and machine. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return {
    next,
    int,
    pick,
    chance: (probability: number): boolean => next() < probability,
    between: (min: number, max: number): number => min + next() * (max - min),
    weighted<T>(choices: readonly (readonly [T, number])[]): T {
      let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}
type Random = ReturnType<typeof seededRandom>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/* ------------------------------------------------------------------------------------------------ */
/* Seeding                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Empties every table of ours and restarts the ids. MikroORM's clearDatabase() switches off foreign keys
 * with session_replication_role on PostgreSQL, which only a superuser may set; these statements need
 * no more than owning the tables.
 */
async function emptyDatabase(services: Services): Promise<void> {
  const tables = entities.map((entity) => `"${entity.meta.tableName}"`);
  const em = services.orm.em.fork() as Em;
  if (em.getPlatform() instanceof PostgreSqlPlatform) {
    await em.execute(`TRUNCATE TABLE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    return;
  }
  await em.transactional(async (tx) => {
    // Checked at commit instead of per row, when nothing is left to point at anything.
    await tx.execute('PRAGMA defer_foreign_keys = ON');
    for (const table of tables) await tx.execute(`DELETE FROM ${table}`);
    await tx.execute(
      `DELETE FROM sqlite_sequence WHERE name IN (${tables.map((t) => `'${t.slice(1, -1)}'`).join(', ')})`,
    );
  });
}

/** Stored image names the ImageStore makes; anything else in the folder is not ours to delete. */
const STORED_IMAGE = /^[a-f0-9]{32}(-thumb)?\.webp$/;

async function removeStoredImages(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return; // No folder yet, nothing stored.
  }
  await Promise.all(names.filter((n) => STORED_IMAGE.test(n)).map((n) => rm(join(dir, n), { force: true })));
}

/**
 * Runs jobs with a bounded number in flight, keeping results in input order. After a failure no new
 * job starts, and it throws only once the running ones have settled, so the caller can clean up after all.
 */
async function inParallel<T, R>(items: readonly T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let nextIndex = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (failures.length === 0 && nextIndex < items.length) {
      const index = nextIndex;
      nextIndex += 1;
      try {
        results[index] = await job(items[index]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}

function phoneNumber(rand: Random): string {
  return `+234${rand.pick(PHONE_PREFIXES)}${String(rand.int(0, 9_999_999)).padStart(7, '0')}`;
}

function priceKobo(rand: Random, [min, max]: readonly [number, number]): number {
  return rand.int(min / 500, max / 500) * 500 * 100;
}

function sizesFor(rand: Random, kind: CapKind): string[] {
  const set = rand.pick(kind.sizes);
  if (set.length <= 2) return [...set];
  // A contiguous run of the set, so a shop offers e.g. 56-58 rather than 55 and 59 only.
  const count = rand.int(Math.min(2, set.length), Math.min(5, set.length));
  const start = rand.int(0, set.length - count);
  return set.slice(start, start + count);
}

function describe(rand: Random, kind: CapKind, design: CapDesign, material: string, city: string): string {
  const { palette, embroidery } = design;
  const look =
    kind.style === 'fula'
      ? `Woven ${material} in ${palette.name.toLowerCase()} with ${palette.threadName} leather on the crown, band and brim.`
      : embroidery === 'ankara'
        ? `Cut from ${palette.name.toLowerCase()} ${material} with a bold print that no two caps share exactly.`
        : embroidery === 'stripes'
          ? `${palette.name} ${material} with a ${EMBROIDERY_NAMES[embroidery]} in ${palette.threadName}.`
          : `${palette.name} ${material} with ${EMBROIDERY_NAMES[embroidery]} embroidery in ${palette.threadName} thread.`;
  const craft = rand.pick([
    `Made by hand in ${city}.`,
    `Stitched in our ${city} workshop and checked before dispatch.`,
    `Finished by hand in ${city}; small differences in the stitching are part of its character.`,
  ]);
  const fit = rand.pick([
    'Sizes are head circumference in centimetres or the usual letters; between sizes, choose the larger.',
    'Fits true to size and softens a little with wear.',
    'Lined with soft cotton for all-day comfort.',
  ]);
  const care = rand.pick([
    'Spot clean only and store on a round form to keep its shape.',
    'Hand wash in cold water; do not wring.',
    'Keep out of strong sun to protect the colours.',
  ]);
  return `${kind.intro} ${look} ${craft} ${fit} ${care}`;
}

interface PlannedProduct {
  shop: number;
  kind: CapKind;
  design: CapDesign;
  name: string;
  description: string;
  priceKobo: number;
  stock: number;
  sizes: string[];
  views: CapView[];
  createdAt: Date;
}

/** Decides every product (and its pictures) before any image is drawn, so the random sequence is fixed. */
function planProducts(rand: Random, now: number, shopAges: readonly number[]): PlannedProduct[] {
  const planned: PlannedProduct[] = [];
  SHOPS.forEach((shop, shopIndex) => {
    const count = shop.verified ? PRODUCTS_PER_VERIFIED_SHOP : PRODUCTS_PER_PENDING_SHOP;
    const names = new Set<string>();
    for (let i = 0; i < count; i += 1) {
      const kind: CapKind = CAP_KINDS[shop.kinds[i % shop.kinds.length]!];
      let paletteKey = rand.pick(kind.palettes);
      let name = `${kind.name} - ${PALETTES[paletteKey].name}`;
      for (let attempt = 0; names.has(name) && attempt < 10; attempt += 1) {
        paletteKey = rand.pick(kind.palettes);
        name = `${kind.name} - ${PALETTES[paletteKey].name}`;
      }
      if (names.has(name))
        name = `${kind.name} - ${PALETTES[paletteKey].name} (${rand.pick(['Classic', 'Deluxe', 'Festive'])})`;
      names.add(name);
      const design: CapDesign = {
        style: kind.style,
        palette: PALETTES[paletteKey],
        embroidery: rand.pick(kind.embroideries),
      };
      const material = rand.pick(kind.materials);
      // Verified shops list caps only after verification (at most 4 days after sign-up).
      const shopAge = shopAges[shopIndex]!;
      const ageDays = rand.between(0.5, shop.verified ? shopAge - 5 : shopAge - 0.5);
      const imageCount = rand.weighted([
        [1, 7],
        [2, 2],
        [3, 1],
      ] as const);
      planned.push({
        shop: shopIndex,
        kind,
        design,
        name,
        description: describe(rand, kind, design, material, shop.city),
        priceKobo: priceKobo(rand, kind.priceNaira),
        // Every fourteenth cap is sold out, so the catalogue always shows some "Out of Stock" badges.
        stock: planned.length % 14 === 5 ? 0 : rand.int(1, 60),
        sizes: sizesFor(rand, kind),
        views: (['front', 'detail', 'tilted'] as const).slice(0, imageCount),
        createdAt: new Date(now - ageDays * DAY),
      });
    }
  });
  return planned;
}

interface OrderLine {
  product: Product;
  kind: CapKind;
  size: string;
  quantity: number;
}

type CheckoutKind = 'paid' | 'unpaid' | 'failed';

interface CheckoutPlan {
  ageDays: number;
  kind: CheckoutKind;
  /** Shops to buy from; the first one is fixed when given. */
  firstShop?: number;
  shops: number;
  /** How far paid orders advance, as time allows; 'delivered' lets the order's age decide. */
  target?: OrderStatus;
}

/** Amina's orders cover every status for the demo customer and the demo vendor alike. */
const DEMO_CUSTOMER_PLANS: readonly CheckoutPlan[] = [
  { ageDays: 75, kind: 'paid', firstShop: 0, shops: 2, target: 'delivered' },
  { ageDays: 40, kind: 'paid', firstShop: 0, shops: 1, target: 'delivered' },
  { ageDays: 22, kind: 'failed', firstShop: 0, shops: 1 },
  { ageDays: 9, kind: 'paid', firstShop: 0, shops: 1, target: 'shipped' },
  { ageDays: 3, kind: 'paid', firstShop: 0, shops: 2, target: 'confirmed' },
  { ageDays: 0.6, kind: 'paid', firstShop: 0, shops: 1, target: 'pending' },
  { ageDays: 0.05, kind: 'unpaid', firstShop: 0, shops: 1 },
];

function randomCheckoutPlan(rand: Random): CheckoutPlan {
  const kind = rand.weighted<CheckoutKind>([
    ['paid', 78],
    ['failed', 12],
    ['unpaid', 10],
  ]);
  const ageDays =
    kind === 'unpaid'
      ? rand.between(0.02, 0.4)
      : rand.weighted([
          [rand.between(20, 120), 5],
          [rand.between(3, 20), 4],
          [rand.between(0.3, 3), 2],
        ] as const);
  return { ageDays, kind, shops: rand.chance(0.3) ? 2 : 1, target: 'delivered' };
}

/** The furthest status a paid order placed `ageDays` ago has reached, given how fast shops work. */
function statusForAge(rand: Random, ageDays: number): OrderStatus {
  if (ageDays > 14) return 'delivered';
  if (ageDays > 7) return rand.chance(0.55) ? 'delivered' : 'shipped';
  if (ageDays > 3) return rand.chance(0.65) ? 'shipped' : 'confirmed';
  return rand.chance(0.6) ? 'confirmed' : 'pending';
}

const STATUS_STEPS: readonly OrderStatus[] = ['pending', 'confirmed', 'shipped', 'delivered'];

function reviewComment(rand: Random, rating: 1 | 2 | 3 | 4 | 5, capName: string, city: string): string {
  return rand.pick(REVIEW_COMMENTS[rating]).replace('{cap}', capName).replace('{city}', city);
}

async function insertDemoData(
  em: Em,
  pictures: { shops: { profileImage: string; coverImage: string }[]; products: string[][] },
  plan: { rand: Random; now: number; shopAges: number[]; products: PlannedProduct[] },
  hashes: { admin: string; vendor: string; customer: string },
): Promise<Record<string, number>> {
  const { rand, now } = plan;
  const at = (msAgo: number) => new Date(now - msAgo);
  // Wishlists and carts cannot hold a cap from before it was listed.
  const notBefore = (floor: Date, date: Date) => (date < floor ? new Date(floor.getTime() + HOUR) : date);
  // Listed up front so the CLI prints them in a sensible order.
  const counts: Record<string, number> = Object.fromEntries(
    ['orders', ...ORDER_STATUSES.map((status) => `orders.${status}`)].map((kind) => [kind, 0]),
  );
  const count = (kind: string, n = 1) => {
    counts[kind] = (counts[kind] ?? 0) + n;
  };

  /* People and shops */
  const admin = em.create(UserSchema, {
    email: 'admin@capsmarket.ng',
    passwordHash: hashes.admin,
    fullName: 'Platform Admin',
    phone: '+2348030000000',
    role: 'admin',
    status: 'active',
    createdAt: at(400 * DAY),
    updatedAt: at(400 * DAY),
  });
  count('admins');

  const vendors: Vendor[] = SHOPS.map((shop, index) => {
    const createdAt = at(plan.shopAges[index]! * DAY);
    const phone = phoneNumber(rand);
    const user = em.create(UserSchema, {
      email: shop.email,
      passwordHash: hashes.vendor,
      fullName: shop.owner,
      phone,
      address: shop.address,
      role: 'vendor',
      status: 'active',
      createdAt,
      updatedAt: createdAt,
    });
    const images = pictures.shops[index]!;
    count('vendors');
    return em.create(VendorSchema, {
      user,
      shopName: shop.shopName,
      shopDescription: shop.description,
      address: shop.address,
      phone,
      accountHolderName: shop.owner,
      accountNumber: String(rand.int(0, 9_999_999_999)).padStart(10, '0'),
      bankName: shop.bank,
      profileImage: images.profileImage,
      coverImage: images.coverImage,
      verifiedAt: shop.verified ? new Date(createdAt.getTime() + rand.between(1, 4) * DAY) : null,
      createdAt,
      updatedAt: createdAt,
    });
  });

  const customers: { user: User; seed: CustomerSeed; details: ShippingDetails }[] = CUSTOMERS.map((seed, index) => {
    // Every customer joined before the oldest order the plans can place (120 days).
    const createdAt = at((300 - index * 15) * DAY);
    const phone = phoneNumber(rand);
    const user = em.create(UserSchema, {
      email: seed.email,
      passwordHash: hashes.customer,
      fullName: seed.name,
      phone,
      address: `${seed.address}, ${seed.city}, ${seed.state === 'FCT' ? 'FCT' : `${seed.state} State`}`,
      role: 'customer',
      status: 'active',
      createdAt,
      updatedAt: createdAt,
    });
    em.create(AddressSchema, {
      user,
      fullName: seed.name,
      address: seed.address,
      city: seed.city,
      state: seed.state,
      postalCode: seed.postalCode,
      phone,
      isDefault: true,
      createdAt,
    });
    count('customers');
    count('addresses');
    return {
      user,
      seed,
      details: {
        fullName: seed.name,
        email: seed.email,
        phone,
        address: seed.address,
        city: seed.city,
        state: seed.state,
        postalCode: seed.postalCode,
      },
    };
  });

  /* Catalogue */
  const products = plan.products.map((planned, index) => {
    count('products');
    return {
      planned,
      entity: em.create(ProductSchema, {
        vendor: vendors[planned.shop]!,
        name: planned.name,
        description: planned.description,
        priceKobo: planned.priceKobo,
        stock: planned.stock,
        category: planned.kind.category,
        sizes: planned.sizes,
        images: pictures.products[index]!,
        ratingAverage: 0,
        ratingCount: 0,
        archivedAt: null,
        createdAt: planned.createdAt,
        updatedAt: planned.createdAt,
      }),
    };
  });

  const save10 = em.create(CouponSchema, {
    vendor: null,
    code: 'SAVE10',
    description: '10% off every order on the marketplace',
    discountPercent: 10,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
    createdAt: at(365 * DAY),
    updatedAt: at(365 * DAY),
  });
  const vendorCoupons = VENDOR_COUPONS.map((seed) => {
    const createdAt = at((seed.expiresInDays < 0 ? 100 : 90) * DAY);
    return {
      shop: seed.shop,
      entity: em.create(CouponSchema, {
        vendor: vendors[seed.shop]!,
        code: seed.code,
        description: seed.description,
        discountPercent: seed.discountPercent,
        usageLimit: seed.usageLimit,
        usedCount: 0,
        expiresAt: new Date(now + seed.expiresInDays * DAY),
        createdAt,
        updatedAt: createdAt,
      }),
    };
  });
  count('coupons', 1 + vendorCoupons.length);
  await em.flush();

  /* Orders */
  const verifiedShops = SHOPS.flatMap((shop, index) => (shop.verified ? [index] : []));
  const productsOf = (shop: number, before: Date) =>
    products.filter((p) => p.planned.shop === shop && p.planned.createdAt < before);
  const delivered: { customer: number; line: OrderLine; deliveredAt: Date; shop: number }[] = [];
  let paymentCounter = 0;

  const placeCheckout = (customerIndex: number, checkoutPlan: CheckoutPlan) => {
    const customer = customers[customerIndex]!;
    const placedAt = at(checkoutPlan.ageDays * DAY);
    const shops = [...(checkoutPlan.firstShop === undefined ? [] : [checkoutPlan.firstShop])];
    while (shops.length < checkoutPlan.shops) {
      const shop = rand.pick(verifiedShops);
      if (!shops.includes(shop)) shops.push(shop);
    }
    const groups = shops
      .map((shop) => {
        const available = productsOf(shop, placedAt);
        const lines: OrderLine[] = rand
          .sample(
            available,
            rand.weighted([
              [1, 6],
              [2, 3],
              [3, 1],
            ] as const),
          )
          .map((p) => ({
            product: p.entity,
            kind: p.planned.kind,
            size: rand.pick(p.planned.sizes),
            quantity: rand.weighted([
              [1, 15],
              [2, 4],
              [3, 1],
            ] as const),
          }));
        return { shop, lines };
      })
      .filter((group) => group.lines.length > 0);
    if (groups.length === 0) return;

    // One coupon per checkout: the platform's SAVE10 on everything, or a shop's own on its order.
    let coupon: { entity: Coupon; shop: number | null } | null = null;
    if (checkoutPlan.kind === 'paid' && rand.chance(0.2)) coupon = { entity: save10, shop: null };
    else if (checkoutPlan.kind === 'paid' && groups.length === 1 && rand.chance(0.3)) {
      const usable = vendorCoupons.find(
        (c) =>
          c.shop === groups[0]!.shop &&
          c.entity.createdAt < placedAt &&
          (c.entity.expiresAt == null || c.entity.expiresAt > placedAt),
      );
      if (usable) coupon = { entity: usable.entity, shop: usable.shop };
    }
    if (coupon) coupon.entity.usedCount += 1;

    const paid = checkoutPlan.kind === 'paid';
    const paidAt = paid ? new Date(placedAt.getTime() + rand.int(2, 10) * MINUTE) : null;
    const orders = groups.map((group, index) => {
      const subtotalKobo = group.lines.reduce((sum, line) => sum + line.product.priceKobo * line.quantity, 0);
      const applies = coupon !== null && (coupon.shop === null || coupon.shop === group.shop);
      const discountKobo = applies ? Math.round((subtotalKobo * coupon!.entity.discountPercent) / 100) : 0;
      const shippingKobo = index === 0 ? SHIPPING_FEE_KOBO : 0;
      return { group, subtotalKobo, discountKobo, shippingKobo, totalKobo: subtotalKobo + shippingKobo - discountKobo };
    });
    const sum = (pick: (o: (typeof orders)[number]) => number) => orders.reduce((total, o) => total + pick(o), 0);

    const checkout = em.create(CheckoutSchema, {
      user: customer.user,
      idempotencyKey: null,
      subtotalKobo: sum((o) => o.subtotalKobo),
      discountKobo: sum((o) => o.discountKobo),
      shippingKobo: sum((o) => o.shippingKobo),
      totalKobo: sum((o) => o.totalKobo),
      couponCode: coupon?.entity.code ?? null,
      // The checkout holds the coupon's use, as checkout does: per-customer limits count it.
      coupon: coupon?.entity ?? null,
      paymentStatus: paid ? 'paid' : checkoutPlan.kind === 'failed' ? 'failed' : 'pending',
      // An unpaid demo checkout stays payable for a day, so it is still pending when someone looks.
      expiresAt: checkoutPlan.kind === 'unpaid' ? new Date(now + DAY) : new Date(placedAt.getTime() + 30 * MINUTE),
      paidAt,
      createdAt: placedAt,
    });
    count('checkouts');

    if (checkoutPlan.kind !== 'unpaid') {
      paymentCounter += 1;
      em.create(PaymentSchema, {
        checkout,
        reference: `CAPS-DEMO-${String(paymentCounter).padStart(5, '0')}-${rand.int(0, 0xffffff).toString(16).padStart(6, '0')}`,
        provider: 'sandbox',
        amountKobo: checkout.totalKobo,
        currency: CURRENCY,
        status: paid ? 'success' : 'failed',
        gatewayResponse: paid ? 'Approved' : 'Declined',
        paidAt,
        createdAt: new Date(placedAt.getTime() + MINUTE),
        updatedAt: paidAt ?? new Date(placedAt.getTime() + 3 * MINUTE),
      });
      count('payments');
    }

    for (const order of orders) {
      const vendorUser = vendors[order.group.shop]!.user;
      // Walk the order forward step by step; each step takes shop-like time and must be in the past.
      const changes: { from: OrderStatus | null; to: OrderStatus; at: Date; actor: User | null }[] = [
        { from: null, to: 'pending', at: placedAt, actor: customer.user },
      ];
      if (checkoutPlan.kind === 'failed') {
        changes.push({ from: 'pending', to: 'cancelled', at: new Date(placedAt.getTime() + 31 * MINUTE), actor: null });
      } else if (paid) {
        const target =
          checkoutPlan.target === 'delivered' ? statusForAge(rand, checkoutPlan.ageDays) : checkoutPlan.target;
        const stepDelays = [rand.between(2, 20) * HOUR, rand.between(1, 2) * DAY, rand.between(2, 5) * DAY];
        let time = paidAt!.getTime();
        for (let step = 1; step <= STATUS_STEPS.indexOf(target ?? 'pending'); step += 1) {
          time += stepDelays[step - 1]!;
          if (time > now - 10 * MINUTE) break;
          changes.push({
            from: STATUS_STEPS[step - 1]!,
            to: STATUS_STEPS[step]!,
            at: new Date(time),
            actor: vendorUser,
          });
        }
      }
      const last = changes[changes.length - 1]!;
      const entity = em.create(OrderSchema, {
        checkout,
        user: customer.user,
        vendor: vendors[order.group.shop]!,
        status: last.to,
        paymentStatus: checkout.paymentStatus,
        subtotalKobo: order.subtotalKobo,
        shippingKobo: order.shippingKobo,
        discountKobo: order.discountKobo,
        totalKobo: order.totalKobo,
        coupon: order.discountKobo > 0 ? coupon!.entity : null,
        couponCode: order.discountKobo > 0 ? coupon!.entity.code : null,
        shippingAddress: [
          customer.details.address,
          customer.details.city,
          customer.details.state,
          customer.details.postalCode,
        ].join(', '),
        shippingDetails: customer.details,
        paidAt,
        createdAt: placedAt,
        updatedAt: last.at,
      });
      count('orders');
      count(`orders.${last.to}`);
      for (const change of changes) {
        em.create(OrderStatusChangeSchema, {
          order: entity,
          fromStatus: change.from,
          toStatus: change.to,
          actor: change.actor,
          createdAt: change.at,
        });
      }
      for (const line of order.group.lines) {
        em.create(OrderItemSchema, {
          order: entity,
          product: line.product,
          productName: line.product.name,
          size: line.size,
          quantity: line.quantity,
          unitPriceKobo: line.product.priceKobo,
        });
        count('orderItems');
        if (last.to === 'delivered')
          delivered.push({ customer: customerIndex, line, deliveredAt: last.at, shop: order.group.shop });
      }
    }
  };

  for (const checkoutPlan of DEMO_CUSTOMER_PLANS) placeCheckout(0, checkoutPlan);
  for (let customerIndex = 1; customerIndex < customers.length; customerIndex += 1) {
    const checkouts = rand.int(2, 5);
    for (let i = 0; i < checkouts; i += 1) placeCheckout(customerIndex, randomCheckoutPlan(rand));
  }

  /* Reviews: only of caps bought and delivered, at most one per customer and cap */
  const ratings = new Map<Product, number[]>();
  const reviewed = new Set<string>();
  // Amina's latest delivered caps stay unreviewed, so the demo can write a review.
  const latestDemoDelivery = Math.max(...delivered.filter((d) => d.customer === 0).map((d) => d.deliveredAt.getTime()));
  for (const item of delivered) {
    const key = `${item.customer}:${item.line.product.id}`;
    if (reviewed.has(key)) continue;
    if (item.customer === 0 && item.deliveredAt.getTime() === latestDemoDelivery) continue;
    if (!rand.chance(0.75)) continue;
    reviewed.add(key);
    const rating = rand.weighted<1 | 2 | 3 | 4 | 5>([
      [5, 50],
      [4, 30],
      [3, 11],
      [2, 5],
      [1, 4],
    ]);
    const createdAt = new Date(Math.min(item.deliveredAt.getTime() + rand.between(0.5, 7) * DAY, now - HOUR));
    em.create(ReviewSchema, {
      user: customers[item.customer]!.user,
      product: item.line.product,
      vendor: vendors[item.shop]!,
      rating,
      comment: reviewComment(rand, rating, item.line.kind.name, customers[item.customer]!.seed.city),
      verifiedPurchase: true,
      createdAt,
    });
    ratings.set(item.line.product, [...(ratings.get(item.line.product) ?? []), rating]);
    count('reviews');
  }
  for (const [product, list] of ratings) {
    product.ratingCount = list.length;
    product.ratingAverage = list.reduce((a, b) => a + b, 0) / list.length;
  }

  // A few shop reviews (no product) from customers who received something from that shop.
  const shopReviewPairs = new Map<string, (typeof delivered)[number]>();
  for (const item of delivered) shopReviewPairs.set(`${item.customer}:${item.shop}`, item);
  const pairs = rand.sample([...shopReviewPairs.values()], SHOP_REVIEW_COMMENTS.length);
  pairs.forEach((item, index) => {
    const [rating, comment] = SHOP_REVIEW_COMMENTS[index]!;
    em.create(ReviewSchema, {
      user: customers[item.customer]!.user,
      product: null,
      vendor: vendors[item.shop]!,
      rating,
      comment,
      verifiedPurchase: true,
      createdAt: new Date(Math.min(item.deliveredAt.getTime() + 2 * DAY, now - HOUR)),
    });
    count('shopReviews');
  });

  /* Reports, contact messages, wishlists and carts */
  for (const report of REPORTS) {
    const createdAt = at(rand.between(2, 60) * DAY);
    em.create(ReportSchema, {
      reporter: customers[report.reporter]!.user,
      vendor: vendors[report.shop]!,
      reason: report.reason,
      description: report.text,
      status: report.status,
      createdAt,
      updatedAt: report.status === 'pending' ? createdAt : new Date(createdAt.getTime() + DAY),
    });
    count('reports');
  }
  for (const message of CONTACT_MESSAGES) {
    const createdAt = at(rand.between(1, 30) * DAY);
    em.create(ContactMessageSchema, {
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      handledAt: message.handled ? new Date(createdAt.getTime() + 5 * HOUR) : null,
      handledBy: message.handled ? admin : null,
      createdAt,
    });
    count('contactMessages');
  }

  const listed = products.filter((p) => SHOPS[p.planned.shop]!.verified);
  customers.forEach((customer, index) => {
    const wished = rand.sample(listed, index === 0 ? 5 : rand.int(0, 3));
    for (const p of wished) {
      em.create(WishlistEntrySchema, {
        user: customer.user,
        product: p.entity,
        createdAt: notBefore(p.entity.createdAt, at(rand.between(0.5, 30) * DAY)),
      });
      count('wishlistEntries');
    }
  });
  const inStock = listed.filter((p) => p.planned.stock > 0);
  for (const [customerIndex, lines] of [
    [0, 2],
    [1, 1],
  ] as const) {
    for (const p of rand.sample(inStock, lines)) {
      const addedAt = notBefore(p.entity.createdAt, at(rand.between(1, 48) * HOUR));
      em.create(CartItemSchema, {
        user: customers[customerIndex]!.user,
        product: p.entity,
        size: rand.pick(p.planned.sizes),
        quantity: rand.int(1, 2),
        createdAt: addedAt,
        updatedAt: addedAt,
      });
      count('cartItems');
    }
  }

  await em.flush();
  return counts;
}

/** Fills the database with the demo data. With reset, empties every table and our stored images first. */
export async function seedDemo(services: Services, options: { reset?: boolean } = {}): Promise<DemoSeedResult> {
  if (options.reset) {
    await emptyDatabase(services);
    await removeStoredImages(services.images.dir);
  }

  const now = Date.now();
  const rand = seededRandom(20_240_601);
  const shopAges = SHOPS.map((shop) => (shop.verified ? rand.between(180, 330) : rand.between(6, 20)));
  const products = planProducts(rand, now, shopAges);

  // Three distinct passwords, hashed once each (argon2id is deliberately slow).
  const [admin, vendor, customer] = await Promise.all([
    hashPassword(DEMO_ADMIN_PASSWORD),
    hashPassword(DEMO_VENDOR_PASSWORD),
    hashPassword(DEMO_CUSTOMER_PASSWORD),
  ]);

  const stored: string[] = [];
  const keep = (name: string): string => {
    stored.push(name);
    return name;
  };
  try {
    const limit = Math.max(2, availableParallelism());
    const shopPictures = await inParallel(SHOPS, limit, async (shop) => {
      const saved = await saveShopImages(
        services.images,
        shop.shopName,
        PALETTES[shop.palette],
        shop.kinds.map((k) => CAP_KINDS[k].style),
      );
      return { profileImage: keep(saved.profileImage), coverImage: keep(saved.coverImage) };
    });
    const jobs = products.flatMap((p, productIndex) =>
      p.views.map((view) => ({ productIndex, design: p.design, view })),
    );
    // Caps of the same kind and colour look alike, so each distinct picture is drawn once and stored per cap.
    const drawn = new Map<string, Promise<Buffer>>();
    const names = await inParallel(jobs, limit, async ({ design, view }) => {
      const key = `${design.style}|${design.palette.name}|${design.embroidery}|${view}`;
      let png = drawn.get(key);
      if (!png) {
        png = renderCapPng(design, view);
        drawn.set(key, png);
      }
      return keep(
        await services.images.save({ field: 'images', filename: `${design.style}-${view}.png`, data: await png }),
      );
    });
    const productPictures: string[][] = products.map(() => []);
    jobs.forEach((job, index) => {
      productPictures[job.productIndex]!.push(names[index]!);
    });

    const em = services.orm.em.fork() as Em;
    const counts = await em.transactional(async (tx) => {
      const made = await insertDemoData(
        tx as Em,
        { shops: shopPictures, products: productPictures },
        { rand, now, shopAges, products },
        { admin, vendor, customer },
      );
      await refreshSearchText(tx as Em);
      return made;
    });
    counts.images = stored.length;
    services.catalogueTotals.clear();
    return { accounts: DEMO_ACCOUNTS, counts };
  } catch (error) {
    await Promise.all(stored.map((name) => services.images.remove(name)));
    throw error;
  }
}

/** Seeds the demo data only into an empty database (no users yet); returns null when there was data. */
export async function seedDemoIfEmpty(services: Services): Promise<DemoSeedResult | null> {
  const users = await services.orm.em.fork().count(UserSchema, {});
  if (users > 0) return null;
  return seedDemo(services);
}
