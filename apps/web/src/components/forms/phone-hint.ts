/** Spec 5 allows no leading 0, so local numbers (0803...) need the country code; say so before the error does. */
export const PHONE_HINT = 'Start with the country code, e.g. +2348012345678.';
