import { Copy } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';

/** Copies `text` to the clipboard; where the browser refuses, says to copy it by hand. */
export function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      toast.error(messages.adminSecurity.copyFailed);
    }
  }
  return (
    <Button type="button" size="sm" variant="outline" onClick={onCopy}>
      <Copy className="size-4" aria-hidden />
      {label}
    </Button>
  );
}
