import { CATEGORIES, type Category, type ProductDto, RECOMMENDED_PRODUCTS } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { useTRPC } from '@/lib/trpc';
import { CAP_GRID_SIZES_TWO_UP, CapCard, CapCardSkeleton } from './cap-card';

/** How many candidates to fetch per list: enough to skip the current cap and prefer caps in stock. */
const CANDIDATES = 12;

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** In-stock caps first, keeping the server's order otherwise. */
function inStockFirst(products: readonly ProductDto[]): ProductDto[] {
  return [...products].sort((a, b) => Number(b.in_stock) - Number(a.in_stock));
}

/**
 * Up to 4 other caps (spec 9), from the same category first and topped up from the whole catalogue
 * when the category has fewer.
 */
export function YouMightAlsoLike({ product }: { product: ProductDto }) {
  const trpc = useTRPC();
  const category = isCategory(product.category) ? product.category : null;

  const sameCategory = useQuery({
    ...trpc.catalogue.list.queryOptions({ category: category ?? 'all', per_page: CANDIDATES }),
    enabled: category !== null,
  });
  const fromCategory = inStockFirst((sameCategory.data?.data ?? []).filter((p) => p.id !== product.id)).slice(
    0,
    RECOMMENDED_PRODUCTS,
  );
  const categorySettled = category === null || sameCategory.isSuccess || sameCategory.isError;
  const needsMore = categorySettled && fromCategory.length < RECOMMENDED_PRODUCTS;

  const others = useQuery({
    ...trpc.catalogue.list.queryOptions({ per_page: CANDIDATES + RECOMMENDED_PRODUCTS }),
    enabled: needsMore,
  });
  const taken = new Set([product.id, ...fromCategory.map((p) => p.id)]);
  const fillers = inStockFirst((others.data?.data ?? []).filter((p) => !taken.has(p.id)));
  const recommended = [...fromCategory, ...fillers].slice(0, RECOMMENDED_PRODUCTS);

  const loading = !categorySettled || (needsMore && others.isPending);
  const failed = recommended.length === 0 && (sameCategory.isError || others.isError);

  return (
    <section aria-labelledby="you-might-also-like" className="flex flex-col gap-5">
      <h2 id="you-might-also-like" className="text-2xl font-bold">
        You Might Also Like
      </h2>
      {loading ? (
        <div role="status" aria-label="Loading other caps" className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {Array.from({ length: RECOMMENDED_PRODUCTS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
            <CapCardSkeleton key={index} />
          ))}
        </div>
      ) : failed ? (
        <ErrorPanel
          title="Failed to load products"
          onRetry={() => {
            if (sameCategory.isError) void sameCategory.refetch();
            if (others.isError) void others.refetch();
          }}
          retrying={sameCategory.isFetching || others.isFetching}
        />
      ) : recommended.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title="No other caps yet"
          description="New caps are added by our vendors all the time."
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {recommended.map((item) => (
            <li key={item.id}>
              <CapCard product={item} sizes={CAP_GRID_SIZES_TWO_UP} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
