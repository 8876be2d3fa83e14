import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The current location's key: moving on (back, forward) retries the screens. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  locationKey: string;
}

/**
 * Catches an error thrown while rendering a screen (e.g. a page chunk that failed to load), which
 * the declarative router leaves to the app: without it the page goes blank.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(JSON.stringify(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey
      ? null
      : { error: null, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <ScreenError />;
  }
}

/** What the person sees instead of a blank page; the details went to the console. */
function ScreenError() {
  const { t } = useTranslation('common');
  return (
    <main className="page page-narrow" role="alert" data-testid="screen-error">
      <h1 className="page-title">{t('screenError.title')}</h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('screenError.reload')}
      </button>
    </main>
  );
}
