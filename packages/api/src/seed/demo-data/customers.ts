/** The demo customers with their default addresses. The first is the demo customer, Amina Bello. */

export interface CustomerSeed {
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

export const CUSTOMERS: readonly CustomerSeed[] = [
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
