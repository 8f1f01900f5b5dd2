import { useCallback, useRef } from "react";

const FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A dialog opens with the keyboard on its first field: `contentRef` goes on the dialog's content, and
 * `initialFocus` to Headless UI's Dialog. A dialog without a field keeps Headless UI's own choice (its
 * first button or link).
 */
export function useFirstFieldFocus() {
  const initialFocus = useRef<HTMLElement | null>(null);
  // a ref callback runs before the dialog's focus trap looks for its initial element
  const contentRef = useCallback((node: HTMLElement | null) => {
    initialFocus.current = node?.querySelector<HTMLElement>(FIELD) ?? null;
  }, []);
  return { initialFocus, contentRef };
}
