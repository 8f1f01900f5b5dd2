/** The demo's loyalty rewards, and the voucher the demo buyer has redeemed. */
import * as s from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import { DAY } from "./calendar";
import { customerIdOf, productNamed, type Demo } from "./context";
import type { Random } from "./random";

export function writeRewards(demo: Demo) {
  const from = new Date(demo.now - 200 * DAY);
  const rewards: (typeof s.loyaltyRewards.$inferInsert)[] = [
    {
      name: "10% off your next order",
      description: "Take 10% off the goods on one order, before VAT.",
      pointsCost: 500,
      rewardType: "discount_percentage",
      rewardValue: 1000,
    },
    {
      name: "£5.00 off your next order",
      description: "£5.00 off the goods on one order, before VAT.",
      pointsCost: 250,
      rewardType: "discount_fixed",
      rewardValue: 500,
    },
    {
      name: "Free delivery",
      description: "Free delivery on one order, whatever its size.",
      pointsCost: 150,
      rewardType: "free_shipping",
    },
    {
      name: "Free box of catering tea bags",
      description: "A box of 1,100 catering tea bags added to your next order at no charge.",
      pointsCost: 1000,
      rewardType: "free_product",
      productId: productNamed(demo, "Catering Tea Bags (1,100)").id,
    },
  ];
  return demo.db
    .insert(s.loyaltyRewards)
    .values(rewards.map((r) => ({ ...r, isActive: true, validFrom: from, createdAt: from })))
    .returning()
    .all();
}

/** The demo buyer has redeemed £5 off and not used it yet. */
export function writeVoucher(demo: Demo, rewards: (typeof s.loyaltyRewards.$inferSelect)[]) {
  const buyerId = customerIdOf(demo, "buyer");
  const reward = rewards.find((r) => r.rewardType === "discount_fixed")!;
  const redeemedAt = new Date(demo.now - 20 * DAY);
  demo.rows.loyalty({
    userId: buyerId,
    type: "redeemed",
    points: -reward.pointsCost,
    rewardId: reward.id,
    description: `Redeemed: ${reward.name}`,
    createdAt: redeemedAt.getTime(),
  });
  demo.db
    .insert(s.vouchers)
    .values({
      code: `TC-${voucherCode(demo.random)}`,
      userId: buyerId,
      companyId: companyIdOfUser(buyerId),
      rewardId: reward.id,
      rewardName: reward.name,
      rewardType: reward.rewardType,
      rewardValue: reward.rewardValue,
      productId: reward.productId,
      createdAt: redeemedAt,
    })
    .run();
}

function voucherCode(random: Random) {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 8 }, () => random.pick([...alphabet])).join("");
}
