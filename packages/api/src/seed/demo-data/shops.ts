import type { Bank } from '@caps/contracts';
import type { PaletteKey } from '../cap-images.js';
import type { CapKindKey } from './cap-kinds.js';

/** The demo shops: ten verified, two still pending verification. The first is the demo vendor's. */

export interface ShopSeed {
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

export const SHOPS: readonly ShopSeed[] = [
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

export const PRODUCTS_PER_VERIFIED_SHOP = 15;
export const PRODUCTS_PER_PENDING_SHOP = 3;
