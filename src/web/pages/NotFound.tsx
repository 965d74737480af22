import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../components/ui';

export default function NotFound() {
  return (
    <section className="container not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans id="notFound.title">This page is not in the book</Trans>
      </h1>
      <p>
        <Trans id="notFound.body">
          The address may be mistyped, or the page has moved. Search for a publication or start again from the home page.
        </Trans>
      </p>
      <ButtonLink href="/" variant="primary">
        <Trans id="notFound.home">Go to the home page</Trans>
      </ButtonLink>
    </section>
  );
}
