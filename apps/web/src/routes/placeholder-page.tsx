/** A route whose screen arrives with a later issue: its heading, so links and the router can be tested now. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <title>{`${title} | Caps Marketplace`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">Coming soon</p>
    </section>
  );
}
