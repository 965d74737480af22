import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A section whose view broke (an actor that failed): says so in its place instead of blanking the page. */
export class SectionBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Account section failed', error, info.componentStack);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="account-card">
        <p className="callout callout--danger" role="alert">
          <Trans id="account.sections.broken">This part of the page stopped working. Reload the page to try again.</Trans>
        </p>
      </section>
    );
  }
}
