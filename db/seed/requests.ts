/** The demo buyer's order template, and product requests from several customers. */
import * as s from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import { DAY } from "./calendar";
import { customerIdOf, productNamed, type Demo } from "./context";

/** A saved template for the demo buyer, and four product requests: two new, one approved, one rejected. */
export function writeTemplateAndRequests(demo: Demo) {
  const { db, now } = demo;
  const buyerId = customerIdOf(demo, "buyer");
  const templateLines: [string, number, Record<string, string>][] = [
    ["Catering Tea Bags (1,100)", 2, {}],
    ["UHT Semi-Skimmed Milk Portions (120)", 4, {}],
    ["Ripple Wall Coffee Cups (500)", 2, { Size: "12oz" }],
    ["Sip-Through Cup Lids (1,000)", 1, { Size: "12/16oz" }],
    ["Washing-Up Liquid 5L", 2, {}],
    ["Centrefeed Blue Roll 2-Ply (6 rolls)", 2, {}],
  ];
  db.insert(s.orderTemplates)
    .values({
      userId: buyerId,
      companyId: companyIdOfUser(buyerId),
      name: "Weekly café restock",
      description: "Tea, milk, cups and cleaning for a normal week.",
      items: templateLines.map(([name, quantity, selectedVariants]) => ({
        productId: productNamed(demo, name).id,
        productName: name,
        quantity,
        selectedVariants,
      })),
      createdAt: new Date(now - 60 * DAY),
      updatedAt: new Date(now - 60 * DAY),
    })
    .run();

  db.insert(s.productRequests)
    .values([
      {
        userId: buyerId,
        requestText:
          "Could you stock oat milk portions (UHT, around 120 per case) for coffee? Customers ask for a plant-based option every day.",
        status: "pending",
        createdAt: new Date(now - 3 * DAY),
      },
      {
        userId: customerIdOf(demo, "corner-plot"),
        requestText: "Compostable 12oz soup containers with vented lids, ideally in cases of 250 or 500.",
        status: "pending",
        createdAt: new Date(now - 9 * DAY),
      },
      {
        userId: customerIdOf(demo, "buyer2"),
        requestText:
          "Anti-slip floor treatment for wet areas in commercial kitchens and washrooms, 5L, something that meets the HSE slip guidance.",
        status: "approved",
        feasibilityScore: 8,
        clarityScore: 9,
        relevanceScore: 8,
        aiReasoning:
          "Feasibility 8/10: anti-slip treatments are stocked by our hygiene supplier and fit the 5L range. " +
          "Clarity 9/10: the request names the use, the pack size and the standard to meet. " +
          "Relevance 8/10: kitchen and washroom customers already buy our floor cleaners and mop heads.",
        createdAt: new Date(now - 45 * DAY),
      },
      {
        userId: customerIdOf(demo, "kirkgate"),
        requestText: "Branded smartphones at trade prices for our staff.",
        status: "rejected",
        feasibilityScore: 2,
        clarityScore: 6,
        relevanceScore: 1,
        aiReasoning:
          "Feasibility 2/10: none of our suppliers offer phones, and they would need warranty and returns handling we do not have. " +
          "Clarity 6/10: the product is clear but no model, quantity or budget is given. " +
          "Relevance 1/10: consumer electronics are outside a catering, cleaning and workplace supplies range.",
        createdAt: new Date(now - 60 * DAY),
      },
    ])
    .run();
}
