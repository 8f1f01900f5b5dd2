import { describe, expect, it } from "vitest";
import { adminReturnListQuerySchema, completeRefusedMessage, returnStatusUpdateSchema } from "./return-processing.schema";

describe("returnStatusUpdateSchema", () => {
  it("accepts requested, approved and rejected, trimming the notes and turning blank notes into null", () => {
    expect(returnStatusUpdateSchema.parse({ status: "approved", adminNotes: "  Checked  " })).toEqual({ status: "approved", adminNotes: "Checked" });
    expect(returnStatusUpdateSchema.parse({ status: "rejected", adminNotes: "   " })).toEqual({ status: "rejected", adminNotes: null });
    expect(returnStatusUpdateSchema.parse({ status: "requested" })).toEqual({ status: "requested" });
  });

  it("refuses completed (reached only through Complete) and anything else, on the status field", () => {
    for (const status of ["completed", "shipped", "", undefined]) {
      const result = returnStatusUpdateSchema.safeParse({ status });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ["status"],
        message: "Status must be requested, approved or rejected (use Complete to complete an approved return)",
      });
    }
  });

  it("limits the notes to 2000 characters", () => {
    expect(returnStatusUpdateSchema.safeParse({ status: "approved", adminNotes: "x".repeat(2001) }).success).toBe(false);
    expect(returnStatusUpdateSchema.safeParse({ status: "approved", adminNotes: 12 }).success).toBe(false);
  });
});

describe("adminReturnListQuerySchema", () => {
  it("keeps a known status and a page, and ignores anything else", () => {
    expect(adminReturnListQuerySchema.parse({ status: "approved", page: "3" })).toEqual({ status: "approved", page: 3 });
    expect(adminReturnListQuerySchema.parse({ status: "lost", page: "-1" })).toEqual({ status: undefined, page: 1 });
  });
});

describe("completeRefusedMessage", () => {
  it("says why a return cannot be completed", () => {
    expect(completeRefusedMessage("requested")).toBe("Only approved returns can be completed; this return is requested");
    expect(completeRefusedMessage("completed")).toBe("This return has already been completed");
  });
});
