import { invoiceScreenAddress } from "~/components/admin/invoices/list-state";
import { INVOICES_PATH } from "./invoices-screen";

export { lineRowsOf } from "~/components/admin/invoices/list-state";

const address = invoiceScreenAddress(INVOICES_PATH);
export const { listQuery, returnList } = address;
