import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  CART_MIRROR_KEY,
  decideEmptyCartMirror,
  parseCartMirror,
  type CartMirror as StoredMirror,
  type CartMirrorLine,
} from "~/domain/cart/cart-mirror.schema";

function readMirror(): StoredMirror | null {
  try {
    return parseCartMirror(window.localStorage.getItem(CART_MIRROR_KEY));
  } catch {
    return null; // storage blocked (privacy settings): there is simply no copy
  }
}

function writeMirror(mirror: StoredMirror) {
  try {
    window.localStorage.setItem(CART_MIRROR_KEY, JSON.stringify(mirror));
  } catch {
    // full or blocked: the server's cart is still the real one
  }
}

function removeMirror() {
  try {
    window.localStorage.removeItem(CART_MIRROR_KEY);
  } catch {
    // blocked: nothing was stored either
  }
}

/**
 * Keeps a copy of the server's cart in localStorage (JavaScript only) and, when the server's cart comes
 * back empty while the copy still has lines of the same person (a lost session), offers to put them back.
 * The copy is discarded when the cart was emptied on this page, when it belongs to someone else, or when
 * an order was placed after it was saved (checkout emptied the cart).
 */
export function CartMirror({
  owner,
  lines,
  savedAt,
  lastOrderAt,
}: {
  /** "guest" or "user:<id>" */
  owner: string;
  /** the server's lines, as the server just showed them */
  lines: CartMirrorLine[];
  /** server time of this render */
  savedAt: number;
  /** server time of the user's last order, or null */
  lastOrderAt: number | null;
}) {
  const [offer, setOffer] = useState<CartMirrorLine[] | null>(null);
  const sawLines = useRef(false);
  const navigation = useNavigation();
  const restoring = navigation.state !== "idle" && navigation.formData?.get("intent") === "restore-mirror";
  const linesText = JSON.stringify(lines);

  useEffect(() => {
    const current = JSON.parse(linesText) as CartMirrorLine[];
    if (current.length > 0) {
      sawLines.current = true;
      writeMirror({ owner, savedAt, lines: current });
      setOffer(null);
      return;
    }
    const mirror = readMirror();
    const decision = decideEmptyCartMirror(mirror, { owner, lastOrderAt, emptiedHere: sawLines.current });
    if (decision === "discard") removeMirror();
    setOffer(decision === "offer" && mirror ? mirror.lines : null);
  }, [owner, linesText, savedAt, lastOrderAt]);

  if (!offer) return null;
  const units = offer.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section
      aria-labelledby="restore-heading"
      className="mx-auto mt-6 max-w-xl rounded-xl border border-brand-100 bg-brand-50 p-5 text-left"
    >
      <h2 id="restore-heading" className="font-semibold text-slate-900">
        We found items from your last visit
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {offer.length} {offer.length === 1 ? "line" : "lines"} ({units} {units === 1 ? "item" : "items"}) were in your
        cart on this device. We will check each one&apos;s price and stock again before adding it.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action="/cart">
          <input type="hidden" name="intent" value="restore-mirror" />
          <input type="hidden" name="lines" value={JSON.stringify(offer)} />
          <Button type="submit" disabled={restoring}>
            {restoring ? "Restoring..." : "Restore them"}
          </Button>
        </Form>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            removeMirror();
            setOffer(null);
          }}
        >
          Dismiss
        </Button>
      </div>
    </section>
  );
}
