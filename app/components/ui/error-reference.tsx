import { useRequestId } from "~/utils/request-id";

/** "Reference: 3f9a1c07b2e4" under an error: the id that finds this request in the server's log. */
export function ErrorReference({ className = "mt-3" }: { className?: string }) {
  const id = useRequestId();
  if (!id) return null;
  return (
    <p className={`${className} text-sm text-slate-500`} data-testid="error-reference">
      {/* one text node: the reference reads as one string in the page's source too */}
      {`Reference: ${id}`}
      <span className="block text-xs">Quote it if you get in touch, so we can find what happened.</span>
    </p>
  );
}
