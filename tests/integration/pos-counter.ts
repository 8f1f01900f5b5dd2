/** A cashier at /admin/pos in integration tests: one session, the sale in progress kept on the server between posts. */
import * as root from "~/root";
import * as posPage from "~/routes/admin.pos/route";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

export class Counter {
  constructor(public cookie: string) {}

  async post(form: Record<string, string | number>, url = "/admin/pos") {
    const response = await callRoute(posPage.action, buildRequest(url, { form, cookie: this.cookie }));
    if (response.headers.getSetCookie().length > 0) this.cookie = cookieFrom(response, this.cookie);
    return response;
  }

  /** Follows a post's redirect like a browser: the page it lands on and the notice flashed for it. */
  async land(response: Response) {
    const location = redirectLocation(response);
    const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: this.cookie })));
    const page = await readJson(await callRoute(posPage.loader, buildRequest(location, { cookie: this.cookie })));
    return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null, page };
  }

  async page(url = "/admin/pos") {
    return readJson(await callRoute(posPage.loader, buildRequest(url, { cookie: this.cookie })));
  }

  setQuantity(product: { id: number }, quantity: number, url?: string) {
    return this.post({ intent: "quantity", productId: product.id, quantity }, url);
  }

  /** The scan box: a code typed or scanned, then Enter (with `productId`, the answer to "which one?"). */
  scan(code: string, extra: Record<string, string | number> = {}, url?: string) {
    return this.post({ intent: "scan", code, ...extra }, url);
  }
}
