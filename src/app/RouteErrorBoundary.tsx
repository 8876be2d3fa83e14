import { Component, type ErrorInfo, type ReactNode } from 'react';

const STACK_STYLE = { padding: '0.5rem', backgroundColor: 'rgba(200, 200, 200, 0.5)' };

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
 * The page the data router showed for an error thrown while rendering (e.g. a page chunk that
 * failed to load), which the declarative router leaves to the app: without it the page goes blank.
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
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error.message}</h3>
        {error.stack !== undefined && <pre style={STACK_STYLE}>{error.stack}</pre>}
      </>
    );
  }
}
