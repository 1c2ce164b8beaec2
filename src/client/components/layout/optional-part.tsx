import { Component, type ReactNode } from 'react';

/**
 * Around a part a page can do without (the toaster, the recent sign-up widget): if its code fails
 * to load (a deploy replaced the chunk, the network dropped), the part is left out and the page stays.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
