/** Messages sent through the contact form, some already handled by the admin. */
export const CONTACT_MESSAGES: readonly {
  name: string;
  email: string;
  subject: string;
  message: string;
  handled: boolean;
}[] = [
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
