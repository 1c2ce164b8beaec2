import { BroadcastComposer } from './broadcast-composer';
import { BroadcastHistory } from './broadcast-history';
import { SuppressionList } from './suppression-list';

/** The owner's Broadcasts tab: write and send one, the ones so far, and who unsubscribed. */
export function BroadcastsTab() {
  return (
    <div className="space-y-8">
      <BroadcastComposer />
      <BroadcastHistory />
      <SuppressionList />
    </div>
  );
}
