import { useEffect, useId, useRef, useState } from 'react';

/**
 * A button that shows and hides a panel under it (a disclosure, not an ARIA menu): Enter and Space open it
 * (it is a real button), Tab and Shift+Tab move through the panel, and Escape, a click or focus outside
 * close it; Escape puts focus back on the button.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) => !containerRef.current?.contains(target as Node | null);
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    // Focus leaving the widget (Tab past the last item) closes the panel too.
    const closeOnOutsideFocus = (event: FocusEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('focusin', closeOnOutsideFocus);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('focusin', closeOnOutsideFocus);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    containerRef,
    panelId,
    /** Spread on the button that toggles the panel. */
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
  };
}
