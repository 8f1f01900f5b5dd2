import { createElement as h, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { columnLabels, cssString, stackedTableCss, tableMinWidth, textOf } from "./stacked-table";

describe("the stacked table's labels", () => {
  it("reads each column's heading from the table's head, hidden words included", () => {
    const head = h(
      "thead",
      null,
      h("tr", null, [
        h("th", { key: 1 }, "Order"),
        h("th", { key: 2 }, h("span", { className: "sr-only" }, "Actions")),
        h("th", { key: 3 }, h("input", { type: "checkbox", "aria-label": "Select all" })),
        h("th", { key: 4, colSpan: 2 }, "Amounts ", h("small", null, "inc VAT")),
        h("th", { key: 5 }, "Status"),
      ]),
    );
    expect(columnLabels([head, h("tbody", { key: "b" })])).toEqual(["Order", "Actions", "", "Amounts inc VAT", "", "Status"]);
  });

  it("finds a head inside a fragment and gives no labels without one", () => {
    const table = h(Fragment, null, h("thead", null, h("tr", null, h("th", null, "Name"))));
    expect(columnLabels(table)).toEqual(["Name"]);
    expect(columnLabels(h("tbody", null))).toEqual([]);
  });

  it("reads numbers and nested elements as words", () => {
    expect(textOf(["Box ", 5, h("em", null, " net")])).toBe("Box 5 net");
  });
});

describe("the stacked table's style sheet", () => {
  it("stacks the rows below the table's minimum width and labels each cell from its column", () => {
    const css = stackedTableCss(":r1:", "52rem", ["Order", "", "Total"]);
    expect(css).toContain('[data-table-scope=":r1:"]>table{min-width:52rem}');
    expect(css).toContain("@container (width < 52rem){");
    expect(css).toContain(':is(td,th):nth-child(1)::before{content:"Order"/""}');
    expect(css).toContain(':is(td,th):nth-child(3)::before{content:"Total"/""}');
    expect(css).not.toContain("nth-child(2)");
  });

  it("stacks a totals row in the foot as it does the body's rows, with the same labels", () => {
    const css = stackedTableCss(":r2:", "52rem", ["Company", "Total"]);
    expect(css).toContain('>table>:is(tbody,tfoot)>tr{display:block;');
    expect(css).toContain('>table>:is(tbody,tfoot)>tr>:is(td,th):nth-child(2)::before{content:"Total"/""}');
  });

  it("lets a cell after one that spans columns name its own label", () => {
    const css = stackedTableCss(":r3:", "36rem", ["Date", "Details", "Balance"]);
    const own = css.indexOf('[data-label]::before{content:attr(data-label)/""}');
    expect(own).toBeGreaterThan(css.indexOf(':nth-child(3)::before'));
  });

  it("cannot be broken out of by a heading's words", () => {
    expect(cssString('Say "hi" \\ </style><script>')).toBe('"Say \\"hi\\" \\\\ \\3c /style>\\3c script>"');
    expect(stackedTableCss("x", "40rem", ["</style>"])).not.toContain("</style>");
  });

  it("keeps only plain lengths as the breakpoint", () => {
    expect(tableMinWidth("56rem")).toBe("56rem");
    expect(tableMinWidth("900px")).toBe("900px");
    expect(tableMinWidth("1px;}body{display:none")).toBe("40rem");
    expect(tableMinWidth(undefined)).toBe("40rem");
  });
});
