/**
 * A part of the frame loaded on demand (a dialog) that the page does without if its code cannot
 * load, say when a deploy has removed the files an open tab was built with: nothing shows, and
 * the page around it stays.
 */
import { Component, Suspense, type ReactNode } from 'react';

export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded; the page goes on without it.', error);
  }

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
