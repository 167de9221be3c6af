import { CATEGORIES } from '@caps/contracts';

/** The cap categories as the <option>s of a category <select>, in the contract's order. */
export function CategoryOptions() {
  return (
    <>
      {CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </>
  );
}
