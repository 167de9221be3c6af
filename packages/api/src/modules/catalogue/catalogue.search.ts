import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';

/**
 * Keeps products.search_text (name, description, category and shop name, lower-cased) in step with
 * what it is made of. Call it after writing products, or after renaming a shop. One statement, so it
 * costs the same for one product as for a whole shop.
 */
export async function refreshSearchText(
  em: Em,
  scope: { productIds?: number[]; vendorId?: number } = {},
): Promise<void> {
  const where: string[] = [];
  const params: number[] = [];
  if (scope.productIds) {
    if (scope.productIds.length === 0) return;
    where.push(`id in (${scope.productIds.map(() => '?').join(', ')})`);
    params.push(...scope.productIds);
  }
  if (scope.vendorId !== undefined) {
    where.push('vendor_id = ?');
    params.push(scope.vendorId);
  }
  // em.execute runs inside the caller's transaction, when there is one (the seed calls this in one).
  await em.execute(
    `update products set search_text = lower(name || ' ' || description || ' ' || category || ' ' ||
       coalesce((select shop_name from vendors where vendors.id = products.vendor_id), ''))
     ${where.length ? `where ${where.join(' and ')}` : ''}`,
    params,
  );
}

/** `like` pattern for a search term, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a search box: trimmed, extra spaces ignored, at most 8 words. */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * Every change to what the public catalogue lists goes through here: product writes (search text),
 * shop renames, verification and suspension of shops and users. It refreshes the search text of the
 * products concerned and forgets the remembered catalogue totals, in every server process when they
 * share Redis. Call it after the change is committed.
 */
export async function catalogueChanged(
  ctx: Pick<Context, 'em' | 'services'>,
  scope: { productIds?: number[]; vendorId?: number } = {},
): Promise<void> {
  await refreshSearchText(ctx.em, scope);
  await ctx.services.catalogueTotals.changed();
}
