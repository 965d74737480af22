import { Trans } from '@lingui/react/macro';
import type { PageProps } from './routes';

/** Search results (SPEC §2: /search#search-{term}/books). Results arrive with the publishing issue. */
export default function Search({ params }: PageProps) {
  const term = params.search ?? '';
  return (
    <section className="container page">
      <h1>
        <Trans id="search.title">Search</Trans>
      </h1>
      {term ? (
        <p data-testid="search-term">
          <Trans id="search.noResults">No public publication matches “{term}” yet.</Trans>
        </p>
      ) : (
        <p>
          <Trans id="list.empty">Nothing here yet.</Trans>
        </p>
      )}
    </section>
  );
}
