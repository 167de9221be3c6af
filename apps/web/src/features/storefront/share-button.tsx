import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';

interface ShareButtonProps {
  title: string;
  text?: string;
  /** Defaults to the current page. */
  url?: string;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Share through the device's share sheet when there is one; otherwise copy the link. */
export function ShareButton({ title, text, url }: ShareButtonProps) {
  const share = async () => {
    const link = url ?? window.location.href;
    const data: ShareData = { title, text, url: link };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Any other refusal falls through to copying the link.
      }
    }
    if (await copyToClipboard(link)) {
      toast.success('Link copied');
    } else {
      toast.error('Could not copy the link', { description: link });
    }
  };

  return (
    <Button variant="outline" size="icon" onClick={share} aria-label="Share" title="Share">
      <Share2 aria-hidden="true" />
    </Button>
  );
}
