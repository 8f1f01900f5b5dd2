/**
 * The scopes of repeat-safe writes (`runOnce`), all in one place and one naming scheme:
 * `<area>.<thing>.<operation>`, and `:<id>` appended by `scopeFor` when the operation is on one record.
 * A key is looked up by (owner, scope, key), so two operations must never share a scope name.
 */
export const REPEAT_SCOPE = {
  cartAdd: "cart.item.add",
  cartClear: "cart.cart.clear",
  templateCreate: "cart.template.create",
  templateLoad: "cart.template.load",
  templateDelete: "cart.template.delete",
  quickOrderEntry: "cart.quick-order.entry",
  quickOrderCsv: "cart.quick-order.csv",
  checkout: "orders.order.place",
  reorder: "orders.order.reorder",
  orderStatus: "orders.order.status",
  orderBulkStatus: "orders.order.bulk-status",
  orderTracking: "orders.order.tracking",
  orderApprove: "orders.order.approve",
  orderReject: "orders.order.reject",
  returnRequest: "returns.return.request",
  returnStatus: "returns.return.status",
  returnComplete: "returns.return.complete",
  rewardRedeem: "loyalty.reward.redeem",
  rewardCreate: "loyalty.reward.create",
  rewardUpdate: "loyalty.reward.update",
  rewardDelete: "loyalty.reward.delete",
  salesInvoiceCreate: "invoices.sales-invoice.create",
  salesInvoicePayment: "invoices.sales-invoice.payment",
  salesInvoiceEmail: "invoices.sales-invoice.email",
  productCreate: "catalog.product.create",
  productUpdate: "catalog.product.update",
  productDelete: "catalog.product.delete",
  productImport: "catalog.product.import",
  categoryCreate: "catalog.category.create",
  categoryRename: "catalog.category.rename",
  categoryDelete: "catalog.category.delete",
  stockAdjust: "catalog.stock.adjust",
  variantAdd: "catalog.variant.add",
  variantDelete: "catalog.variant.delete",
  priceTierCreate: "pricing.price-tier.create",
  priceTierUpdate: "pricing.price-tier.update",
  priceTierDelete: "pricing.price-tier.delete",
  volumeDiscountCreate: "pricing.volume-discount.create",
  volumeDiscountUpdate: "pricing.volume-discount.update",
  volumeDiscountDelete: "pricing.volume-discount.delete",
  customerPriceCreate: "pricing.customer-price.create",
  customerPriceUpdate: "pricing.customer-price.update",
  customerPriceDelete: "pricing.customer-price.delete",
  userCreate: "users.user.create",
  userUpdate: "users.user.update",
  userDelete: "users.user.delete",
  userApprove: "users.user.approve",
  userReject: "users.user.reject",
  signUp: "users.account.sign-up",
  passwordChange: "users.password.change",
  productRequestSubmit: "requests.product-request.submit",
  deliveryAddressCreate: "users.delivery-address.create",
  deliveryAddressUpdate: "users.delivery-address.update",
  deliveryAddressDelete: "users.delivery-address.delete",
  deliveryAddressDefault: "users.delivery-address.default",
  productRequestDecide: "requests.product-request.decide",
  posSale: "pos.sale.complete",
  purchaseOrderCreate: "purchasing.purchase-order.create",
  purchaseOrderAutoGenerate: "purchasing.purchase-order.auto-generate",
  purchaseOrderStatus: "purchasing.purchase-order.status",
} as const;

export type RepeatScope = (typeof REPEAT_SCOPE)[keyof typeof REPEAT_SCOPE];

/** The scope of an operation on one record (or one pair of records): `orders.order.status:42`. */
export function scopeFor(scope: RepeatScope, ...ids: (string | number)[]): string {
  return ids.length === 0 ? scope : `${scope}:${ids.join(":")}`;
}
