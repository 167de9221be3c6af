/** Review texts, picked by rating; {cap} and {city} are filled in from the order. */

export const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
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

/** Shop reviews (no product), one per pair of a customer and a shop that delivered to them. */
export const SHOP_REVIEW_COMMENTS: readonly (readonly [1 | 2 | 3 | 4 | 5, string])[] = [
  [5, 'Very responsive seller. They helped me choose the right size and delivered on time.'],
  [5, 'Trustworthy shop. Everything I have bought here has been well made and well packed.'],
  [4, 'Good shop and fair prices. Packaging could be better, but the caps are lovely.'],
  [5, 'They made a cap to match my wedding outfit in under a week. Highly recommended.'],
  [3, 'Nice caps, but it took two days to get a reply to my message.'],
  [4, 'Friendly seller who answered all my questions about sizes before I ordered.'],
];
