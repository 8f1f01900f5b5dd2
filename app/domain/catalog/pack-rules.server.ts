/**
 * The pack rule columns of products and of variants, for the queries that read a rule (one list, so a
 * query that needs the rule cannot miss one of its four fields).
 */
import { products, productVariants } from "~db/schema";

export const productPackColumns = {
  minOrderQuantity: products.minOrderQuantity,
  orderMultiple: products.orderMultiple,
  packLabel: products.packLabel,
  unitsPerPack: products.unitsPerPack,
};

export const variantPackColumns = {
  minOrderQuantity: productVariants.minOrderQuantity,
  orderMultiple: productVariants.orderMultiple,
  packLabel: productVariants.packLabel,
  unitsPerPack: productVariants.unitsPerPack,
};
