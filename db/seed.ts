/**
 * Demo and benchmark data.
 *
 * `seedDemo` writes a small, realistic trade wholesaler: the demo accounts of the contract, a priced
 * catalogue, and six months of orders, invoices, payments, loyalty points and purchasing, all dated
 * relative to today so the insights, forecasts and reports always have recent figures. It is
 * deterministic (a seeded PRNG, not Math.random) apart from the dates and password salts.
 *
 * `seedScale` adds a large data set for benchmarks with prepared statements in one transaction.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { lineTotals, unitPriceFor, type VolumeRule } from "~/domain/pricing/pricing";
import { nextInvoiceNumber, nextOrderNumber, nextPurchaseOrderNumber } from "~/domain/shared/numbering.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { vatOn } from "~/utils/money";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";
import * as s from "~db/schema";
import type { OrderStatus } from "~db/schema";

// ─── Small helpers ──────────────────────────────────────────────────────────

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** mulberry32: a tiny, fast, seedable PRNG, so the same seed gives the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  /** k distinct items (or all of them when there are fewer) */
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  /** a version-4-shaped UUID drawn from the PRNG */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, pick, chance, sample, uuid };
}
type Random = ReturnType<typeof createRandom>;

const ukDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The UK calendar day of an instant, as YYYY-MM-DD. */
function ukDate(ms: number): string {
  return ukDay.format(ms);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Midday UTC of a calendar day: safely inside that UK day whatever the season. */
function middayOf(isoDate: string): number {
  return Date.parse(`${isoDate}T12:00:00Z`);
}

/**
 * An instant `daysAgo` days before `now`, during the working day (08:00–17:59 UTC, inside the same UK
 * day), never in the future.
 */
function workingInstant(now: number, daysAgo: number, random: Random): number {
  const midnight = Math.floor(now / DAY) * DAY;
  const at = midnight - daysAgo * DAY + random.int(8, 17) * HOUR + random.int(0, 59) * MINUTE;
  return at < now - 5 * MINUTE ? at : now - random.int(5, 90) * MINUTE;
}

/** amount × numerator / denominator in whole pence, rounded down */
function share(amount: number, numerator: number, denominator: number) {
  return Math.floor((amount * numerator) / denominator);
}

// ─── The demo catalogue and people ──────────────────────────────────────────

type TierName = "Bronze" | "Silver" | "Gold";

const PRICE_TIERS: { name: TierName; discountPercentage: number; description: string }[] = [
  {
    name: "Bronze",
    discountPercentage: 500,
    description: "Trade accounts spending around £500 a month: 5% off list prices.",
  },
  {
    name: "Silver",
    discountPercentage: 1000,
    description: "Regular accounts spending £2,000 or more a month: 10% off list prices.",
  },
  {
    name: "Gold",
    discountPercentage: 1500,
    description: "Multi-site and contract accounts spending £5,000 or more a month: 15% off list prices.",
  },
];

type SupplierKey = "northern" | "pennine" | "calder";

type CategoryKey = "food" | "drinks" | "cleaning" | "disposables" | "workwear" | "office" | "heating" | "health";

type ProductSeed = {
  name: string;
  description: string;
  cost: number;
  price: number;
  vat: 2000 | 500 | 0;
  stock: number;
  threshold?: number;
  /** the category's supplier unless given; null for none */
  supplier?: SupplierKey | null;
  variants?: [string, string[]][];
  volume?: [number, number][];
};

type CategorySeed = {
  key: CategoryKey;
  name: string;
  description: string;
  supplier: SupplierKey | null;
  products: ProductSeed[];
};

const TIERED: [number, number][] = [
  [10, 500],
  [50, 1000],
];
const CASE_DEALS: [number, number][] = [
  [24, 500],
  [96, 1250],
];
const SMALL_RUNS: [number, number][] = [
  [5, 250],
  [20, 750],
];

const CATALOGUE: CategorySeed[] = [
  {
    key: "food",
    name: "Catering Food & Ingredients",
    description:
      "Store-cupboard staples for cafés, restaurants, care homes and canteens: flour, rice, pasta, oils, tinned goods and hot drinks.",
    supplier: "northern",
    products: [
      { name: "Plain Flour 16kg Sack", description: "All-purpose plain white flour for baking, batters and sauces. Sealed paper sack.", cost: 1150, price: 1549, vat: 0, stock: 85 },
      { name: "Long Grain Rice 10kg", description: "Easy-cook long grain rice that holds well in the hot cupboard. Resealable sack.", cost: 1290, price: 1699, vat: 0, stock: 64 },
      { name: "Penne Pasta 3kg", description: "Durum wheat penne rigate, cooks in 11 minutes. Catering bag.", cost: 520, price: 749, vat: 0, stock: 120 },
      { name: "Chopped Tomatoes 2.5kg Tin (Case of 6)", description: "Italian chopped tomatoes in juice, catering-size tins with ring-pull lids.", cost: 1140, price: 1499, vat: 0, stock: 8 },
      { name: "Rapeseed Oil 20L Drum", description: "High-smoke-point cold-pressed rapeseed oil for frying and roasting. Bag-in-box drum with tap.", cost: 2650, price: 3299, vat: 0, stock: 40, threshold: 5 },
      { name: "Catering Tea Bags (1,100)", description: "Strong one-cup tea bags blended for a quick brew in hard or soft water.", cost: 1390, price: 1849, vat: 0, stock: 96 },
      { name: "Arabica Coffee Beans 1kg", description: "Medium-roast 100% Arabica espresso beans with chocolate and hazelnut notes. Valve-sealed bag.", cost: 1190, price: 1595, vat: 0, stock: 0, volume: SMALL_RUNS },
      { name: "Granulated Sugar Sticks (1,000)", description: "Individually wrapped 2.5g white sugar sticks for counters and trays.", cost: 890, price: 1199, vat: 0, stock: 75 },
      { name: "UHT Semi-Skimmed Milk Portions (120)", description: "12ml UHT milk pots for tea and coffee stations. No refrigeration needed until opened.", cost: 690, price: 925, vat: 0, stock: 140 },
      { name: "Free-Range Medium Eggs (Tray of 30)", description: "British Lion free-range medium eggs, packed on the farm and delivered within the week.", cost: 420, price: 575, vat: 0, stock: 6, threshold: 20 },
      { name: "Baked Beans 2.62kg Tin (Case of 6)", description: "Haricot beans in tomato sauce, catering tins for breakfasts and jacket potatoes.", cost: 1180, price: 1549, vat: 0, stock: 52 },
      { name: "Hot Chocolate Powder 2kg", description: "Rich instant hot chocolate made up with hot water; about 80 servings per tub.", cost: 820, price: 1099, vat: 0, stock: 33 },
    ],
  },
  {
    key: "drinks",
    name: "Soft Drinks & Snacks",
    description: "Cans, bottled water, juices, crisps and confectionery by the case for vending, tuck shops and cafés.",
    supplier: "northern",
    products: [
      { name: "Still Spring Water 500ml (24 pack)", description: "British still spring water in recyclable PET bottles with sports caps.", cost: 340, price: 499, vat: 2000, stock: 210, volume: CASE_DEALS },
      { name: "Sparkling Spring Water 500ml (24 pack)", description: "Lightly sparkling British spring water in recyclable PET bottles.", cost: 360, price: 525, vat: 2000, stock: 150 },
      { name: "Cola 330ml Cans (24 pack)", description: "Full-sugar cola in 330ml cans, shrink-wrapped tray.", cost: 690, price: 925, vat: 2000, stock: 180, volume: CASE_DEALS },
      { name: "Pure Orange Juice 1L (Case of 12)", description: "Not-from-concentrate orange juice with bits, long-life cartons.", cost: 980, price: 1299, vat: 2000, stock: 44 },
      { name: "Ready Salted Crisps 32.5g (32 pack)", description: "Classic ready salted crisps in single-serve bags, mixed case for vending.", cost: 690, price: 899, vat: 2000, stock: 90 },
      { name: "Milk Chocolate Bars 45g (48 pack)", description: "Smooth milk chocolate bars in a counter-top display outer.", cost: 1690, price: 2199, vat: 2000, stock: 0 },
      { name: "Shortbread Fingers Twin Packs (100)", description: "All-butter shortbread in individually wrapped twin packs for hotel rooms and meeting trays.", cost: 1190, price: 1549, vat: 0, stock: 58 },
      { name: "Chocolate-Coated Digestives Twin Packs (100)", description: "Milk chocolate digestive biscuits, wrapped in twos for hospitality trays.", cost: 1290, price: 1699, vat: 2000, stock: 47 },
      { name: "Energy Drink 250ml Cans (24 pack)", description: "Caffeinated energy drink with B vitamins. Not recommended for children or pregnant women.", cost: 1090, price: 1399, vat: 2000, stock: 7 },
    ],
  },
  {
    key: "cleaning",
    name: "Cleaning & Hygiene",
    description: "Chemicals, paper and janitorial supplies for kitchens, washrooms and front-of-house, with colour-coded kit.",
    supplier: "pennine",
    products: [
      { name: "Thick Bleach 5L", description: "Thick original bleach that kills 99.9% of germs on toilets, drains and hard surfaces.", cost: 199, price: 299, vat: 2000, stock: 150, volume: TIERED },
      { name: "Washing-Up Liquid 5L", description: "Concentrated lemon washing-up liquid that cuts grease at low dilution.", cost: 349, price: 499, vat: 2000, stock: 130, volume: TIERED },
      { name: "Antibacterial Hand Soap 5L", description: "Mild antibacterial liquid soap to refill dispensers, kind to hands with regular use.", cost: 649, price: 899, vat: 2000, stock: 72 },
      { name: "Centrefeed Blue Roll 2-Ply (6 rolls)", description: "Absorbent 2-ply centrefeed rolls, 150m each, for kitchens and workshops.", cost: 1190, price: 1599, vat: 2000, stock: 88, volume: SMALL_RUNS },
      { name: "Heavy Duty Black Bin Bags (200)", description: "Strong 160-gauge refuse sacks, 18 x 29 x 39 inches, on a roll.", cost: 1590, price: 2099, vat: 2000, stock: 64, volume: SMALL_RUNS },
      { name: "Microfibre Cloths (10 pack)", description: "Lint-free 40cm microfibre cloths, washable at 95°C. Colour-coded for food safety.", cost: 299, price: 449, vat: 2000, stock: 160, variants: [["Colour", ["Blue", "Red", "Green", "Yellow"]]] },
      { name: "Kentucky Mop Head 16oz", description: "Twine mop head with stitched band, fits standard Kentucky holders. Colour-coded.", cost: 249, price: 375, vat: 2000, stock: 45, variants: [["Colour", ["Blue", "Red", "Green", "Yellow"]]] },
      { name: "Food-Safe Sanitiser Spray 750ml (6 pack)", description: "BS EN 1276 and 14476 certified sanitiser, no rinse needed on food-contact surfaces.", cost: 890, price: 1199, vat: 2000, stock: 80 },
      { name: "Toilet Tissue 2-Ply (36 rolls)", description: "Soft 2-ply toilet rolls, 200 sheets each, for washrooms with standard holders.", cost: 1190, price: 1649, vat: 2000, stock: 4 },
      { name: "Floor Cleaner Concentrate 5L", description: "Low-foam neutral floor cleaner for vinyl, tiles and sealed wood; 1:100 dilution.", cost: 749, price: 999, vat: 2000, stock: 0 },
    ],
  },
  {
    key: "disposables",
    name: "Disposables & Packaging",
    description: "Takeaway cups and lids, food boxes, napkins, wraps and carrier bags for food-to-go and retail.",
    supplier: "northern",
    products: [
      { name: "Ripple Wall Coffee Cups (500)", description: "Triple-wall ripple cups that stay cool to hold, no sleeve needed. Lids sold separately.", cost: 2690, price: 3499, vat: 2000, stock: 62, variants: [["Size", ["8oz", "12oz", "16oz"]]], volume: SMALL_RUNS },
      { name: "Sip-Through Cup Lids (1,000)", description: "Domed sip-through lids that fit our ripple and single-wall cups.", cost: 1890, price: 2499, vat: 2000, stock: 55, variants: [["Size", ["8oz", "12/16oz"]]] },
      { name: "Kraft Hot Food Boxes (200)", description: "Grease-resistant kraft boxes with vented lids for hot food; compostable.", cost: 2190, price: 2899, vat: 2000, stock: 38 },
      { name: "Paper Napkins 2-Ply 33cm (2,000)", description: "White 2-ply napkins, quarter folded, for dispensers and tables.", cost: 1690, price: 2199, vat: 2000, stock: 70 },
      { name: "Catering Cling Film 450mm x 300m", description: "Cutter-box cling film for food wrapping, suitable for microwave use.", cost: 690, price: 925, vat: 2000, stock: 66 },
      { name: "Catering Foil 450mm x 75m", description: "Heavy-gauge aluminium foil in a cutter box for ovens and covering trays.", cost: 1190, price: 1549, vat: 2000, stock: 9 },
      { name: "Wooden Cutlery Forks (1,000)", description: "Birch-wood forks, a plastic-free alternative for takeaway and events.", cost: 1490, price: 1949, vat: 2000, stock: 41 },
      { name: "Brown Paper Carrier Bags (250)", description: "Medium twisted-handle kraft carriers, 32 x 17 x 33cm.", cost: 2390, price: 3099, vat: 2000, stock: 23 },
      { name: "Deli Containers 500ml with Lids (250)", description: "Clear leak-resistant round containers, microwave and freezer safe.", cost: 2490, price: 3199, vat: 2000, stock: 0 },
    ],
  },
  {
    key: "workwear",
    name: "Workwear & PPE",
    description: "Hi-vis, gloves, safety footwear, chefs' whites and protective equipment in full size ranges.",
    supplier: "calder",
    products: [
      { name: "Hi-Vis Vest EN ISO 20471", description: "Class 2 high-visibility waistcoat with two reflective bands and hook-and-loop front.", cost: 145, price: 249, vat: 2000, stock: 240, variants: [["Size", ["S", "M", "L", "XL", "XXL"]], ["Colour", ["Yellow", "Orange"]]], volume: TIERED },
      { name: "Nitrile Gloves Powder-Free (100)", description: "Blue food-safe nitrile examination gloves, latex-free, 4.5g.", cost: 349, price: 549, vat: 2000, stock: 180, variants: [["Size", ["S", "M", "L", "XL"]]], volume: TIERED },
      { name: "S3 Safety Boots", description: "Water-resistant leather safety boots with steel toe cap and midsole, SRC slip rating.", cost: 2290, price: 3499, vat: 2000, stock: 3, threshold: 5, variants: [["Size", ["6", "7", "8", "9", "10", "11", "12"]]] },
      { name: "Chef Jacket Short Sleeve", description: "Breathable poly-cotton chef's jacket with stud fastening, white.", cost: 990, price: 1499, vat: 2000, stock: 36, variants: [["Size", ["S", "M", "L", "XL", "XXL"]]] },
      { name: "Bib Apron Polycotton", description: "Adjustable neck bib apron with front pocket, washable at 60°C.", cost: 349, price: 549, vat: 2000, stock: 85, variants: [["Colour", ["Black", "Navy", "Burgundy", "Grey"]]] },
      { name: "Work Polo Shirt", description: "Hard-wearing 65/35 poly-cotton polo, suitable for embroidery.", cost: 599, price: 899, vat: 2000, stock: 120, variants: [["Size", ["S", "M", "L", "XL", "XXL"]], ["Colour", ["Navy", "Black", "Bottle Green"]]] },
      { name: "Safety Glasses Clear Lens (12)", description: "Wraparound EN166 safety specs with anti-scratch clear lens.", cost: 890, price: 1299, vat: 2000, stock: 28 },
      { name: "Type IIR Face Masks (50)", description: "Fluid-resistant three-ply surgical masks with ear loops, EN 14683.", cost: 490, price: 699, vat: 2000, stock: 0 },
      { name: "Ear Defenders SNR 30dB", description: "Padded over-ear defenders with adjustable headband, EN 352-1.", cost: 549, price: 799, vat: 2000, stock: 19, threshold: 5 },
    ],
  },
  {
    key: "office",
    name: "Office & Stationery",
    description: "Paper, till rolls, labels, files and everyday stationery for the office and the shop counter.",
    supplier: "calder",
    products: [
      { name: "A4 Copier Paper 80gsm (Box of 5 Reams)", description: "Bright white multifunction paper, 2,500 sheets, jam-free in lasers and inkjets.", cost: 1690, price: 2199, vat: 2000, stock: 70, volume: SMALL_RUNS },
      { name: "Thermal Till Rolls 57x40mm (20)", description: "BPA-free thermal rolls for card terminals and small receipt printers.", cost: 590, price: 849, vat: 2000, stock: 110, volume: TIERED },
      { name: "Ballpoint Pens Blue (50)", description: "Medium-point ballpoints with ventilated caps, smooth-writing blue ink.", cost: 390, price: 599, vat: 2000, stock: 95 },
      { name: "Lever Arch Files A4 (10)", description: "Board lever arch files with 70mm spine and thumb hole, assorted colours.", cost: 1190, price: 1599, vat: 2000, stock: 31 },
      { name: "Parcel Tape Brown 48mm x 66m (6)", description: "Low-noise polypropylene packing tape for boxes and mail-outs.", cost: 390, price: 549, vat: 2000, stock: 74 },
      { name: "Shipping Labels A4 21 per Sheet (100 sheets)", description: "Permanent adhesive address labels, 63.5 x 38.1mm, for laser printers.", cost: 690, price: 999, vat: 2000, stock: 2 },
      { name: "Whiteboard Markers Assorted (10)", description: "Bullet-tip dry-wipe markers in black, blue, red and green, low odour.", cost: 450, price: 649, vat: 2000, stock: 40 },
    ],
  },
  {
    key: "heating",
    name: "Heating & Fuel",
    description: "Logs, smokeless fuel and pellets for stoves and boilers, supplied at the reduced rate for domestic fuel.",
    supplier: null,
    products: [
      { name: "Kiln-Dried Hardwood Logs (Bulk Bag)", description: "Ash and birch logs dried below 20% moisture, Ready to Burn certified. About 0.7m³ per bag.", cost: 6500, price: 8999, vat: 500, stock: 24, threshold: 5 },
      { name: "Compressed Heat Logs (Pack of 12)", description: "Long-burning logs pressed from recycled hardwood sawdust, no binders.", cost: 499, price: 699, vat: 500, stock: 60 },
      { name: "Smokeless Coal Ovals 25kg", description: "Approved smokeless fuel for multi-fuel stoves in smoke control areas.", cost: 1190, price: 1599, vat: 500, stock: 0 },
      { name: "Kindling Wood Net 3kg", description: "Kiln-dried softwood kindling for quick, clean lighting.", cost: 199, price: 325, vat: 500, stock: 48 },
      { name: "Premium Wood Pellets 15kg", description: "ENplus A1 softwood pellets for pellet boilers and stoves, low ash.", cost: 450, price: 599, vat: 500, stock: 130, volume: TIERED },
    ],
  },
  {
    key: "health",
    name: "Health, Baby & Care",
    description: "First aid, care-home and nursery essentials, child car seats and smoking cessation products.",
    supplier: "pennine",
    products: [
      { name: "Child Car Seat Group 1/2/3 (9–36kg)", description: "Forward-facing harness-to-booster car seat, ISOFIX and belt fitting, R44/04 approved.", cost: 3990, price: 5499, vat: 500, stock: 12, threshold: 5 },
      { name: "High-Back Booster Seat (15–36kg)", description: "Lightweight high-back booster with adjustable headrest and side-impact protection, R129.", cost: 1890, price: 2599, vat: 500, stock: 3, threshold: 5 },
      { name: "Nicotine Patches 24hr 21mg (7)", description: "Step 1 nicotine replacement patches to help stop smoking. Read the leaflet before use.", cost: 690, price: 999, vat: 500, stock: 26 },
      { name: "Sanitary Towels Regular (Case of 24 packs)", description: "Ultra-thin regular towels with wings for staff and client washrooms.", cost: 1490, price: 1999, vat: 0, stock: 34 },
      { name: "First Aid Kit HSE 1–10 Person", description: "Workplace first aid kit to BS 8599-1 in a wall-mountable box.", cost: 690, price: 1049, vat: 2000, stock: 22 },
      { name: "Blue Detectable Plasters (100)", description: "Metal-detectable blue plasters for food handlers, assorted sizes.", cost: 199, price: 299, vat: 2000, stock: 140, volume: TIERED },
      { name: "Baby Wipes (Case of 12 x 72)", description: "Fragrance-free water-based wipes for nurseries and changing rooms.", cost: 990, price: 1349, vat: 2000, stock: 57 },
      { name: "Hand Sanitiser Gel 500ml (Case of 12)", description: "70% alcohol hand gel with pump tops, EN 1500 tested.", cost: 1290, price: 1799, vat: 2000, stock: 18, threshold: 20 },
    ],
  },
];

type PersonSeed = {
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  street: string;
  city: string;
  postcode: string;
  phone: string;
  vatNumber: string | null;
};

const SUPPLIERS: (PersonSeed & { key: SupplierKey; password: "supplier-demo" | null })[] = [
  {
    key: "northern",
    email: "supplier@example.com",
    password: "supplier-demo",
    firstName: "Gareth",
    lastName: "Booth",
    businessName: "Northern Catering Supplies Ltd",
    street: "Unit 7, Stourton Link",
    city: "Leeds",
    postcode: "LS10 1RS",
    phone: "0113 496 0412",
    vatNumber: "GB284610375",
  },
  {
    key: "pennine",
    email: "sales@pennine-hygiene.example.com",
    password: null,
    firstName: "Joanne",
    lastName: "Ackroyd",
    businessName: "Pennine Hygiene Products Ltd",
    street: "Calder Mill, Burnley Road",
    city: "Todmorden",
    postcode: "OL14 5LH",
    phone: "01632 960 219",
    vatNumber: "GB471036582",
  },
  {
    key: "calder",
    email: "orders@calder-workwear.example.com",
    password: null,
    firstName: "Imran",
    lastName: "Qureshi",
    businessName: "Calder Workwear & Safety Ltd",
    street: "14 Wakefield Road",
    city: "Brighouse",
    postcode: "HD6 1PE",
    phone: "01632 960 634",
    vatNumber: "GB593820147",
  },
];

type Activity = { orders: number; fromDaysAgo: number; toDaysAgo: number; size: "large" | "medium" | "small" };

type CustomerSeed = PersonSeed & {
  key: string;
  password: "buyer-demo" | null;
  tier: TierName | null;
  requiresApproval?: boolean;
  approved: boolean;
  createdDaysAgo: number;
  activity: Activity | null;
  buys: CategoryKey[];
};

const CUSTOMERS: CustomerSeed[] = [
  {
    key: "buyer",
    email: "buyer@example.com",
    password: "buyer-demo",
    firstName: "Sarah",
    lastName: "Hartley",
    businessName: "Hartley's Café & Deli Ltd",
    street: "14 Boar Lane",
    city: "Leeds",
    postcode: "LS1 6EN",
    phone: "0113 496 0731",
    vatNumber: "GB318274615",
    tier: "Silver",
    approved: true,
    createdDaysAgo: 240,
    activity: { orders: 35, fromDaysAgo: 182, toDaysAgo: 1, size: "large" },
    buys: ["food", "drinks", "disposables", "cleaning"],
  },
  {
    key: "buyer2",
    email: "buyer2@example.com",
    password: "buyer-demo",
    firstName: "Daniel",
    lastName: "Okafor",
    businessName: "Ridgeway Property Services Ltd",
    street: "Unit 3, Kelham Island Works",
    city: "Sheffield",
    postcode: "S3 8RY",
    phone: "0114 496 0158",
    vatNumber: "GB402918336",
    tier: "Bronze",
    approved: true,
    createdDaysAgo: 230,
    activity: { orders: 18, fromDaysAgo: 178, toDaysAgo: 4, size: "medium" },
    buys: ["cleaning", "workwear", "office", "heating"],
  },
  {
    key: "approval",
    email: "approval@example.com",
    password: "buyer-demo",
    firstName: "Priya",
    lastName: "Shah",
    businessName: "Chapel Street Care Homes Ltd",
    street: "22 Chapel Street",
    city: "Bradford",
    postcode: "BD1 5DL",
    phone: "01632 960 214",
    vatNumber: "GB726391048",
    tier: "Bronze",
    requiresApproval: true,
    approved: true,
    createdDaysAgo: 220,
    activity: { orders: 12, fromDaysAgo: 170, toDaysAgo: 0, size: "medium" },
    buys: ["food", "cleaning", "health", "heating"],
  },
  {
    key: "pending",
    email: "pending@example.com",
    password: "buyer-demo",
    firstName: "Tom",
    lastName: "Fletcher",
    businessName: "Fletcher's Farm Shop",
    street: "Moor Lane Farm, Moor Lane",
    city: "Otley",
    postcode: "LS21 3JP",
    phone: "01632 960 388",
    vatNumber: null,
    tier: null,
    approved: false,
    createdDaysAgo: 2,
    activity: null,
    buys: [],
  },
  {
    key: "pennine-bistro",
    email: "james.whitaker@pennine-bistro.example.com",
    password: null,
    firstName: "James",
    lastName: "Whitaker",
    businessName: "Pennine Bistro Group Ltd",
    street: "8 Commercial Street",
    city: "Halifax",
    postcode: "HX1 1TA",
    phone: "01632 960 101",
    vatNumber: "GB219384756",
    tier: "Gold",
    approved: true,
    createdDaysAgo: 300,
    activity: { orders: 22, fromDaysAgo: 180, toDaysAgo: 2, size: "large" },
    buys: ["food", "drinks", "disposables", "cleaning"],
  },
  {
    key: "brightside",
    email: "karen.lister@brightside-fm.example.com",
    password: null,
    firstName: "Karen",
    lastName: "Lister",
    businessName: "Brightside Facilities Management Ltd",
    street: "Brightside House, 40 Savile Street",
    city: "Sheffield",
    postcode: "S4 7UD",
    phone: "0114 496 0922",
    vatNumber: "GB551203948",
    tier: "Silver",
    approved: true,
    createdDaysAgo: 280,
    activity: { orders: 20, fromDaysAgo: 176, toDaysAgo: 1, size: "large" },
    buys: ["cleaning", "workwear", "office", "health"],
  },
  {
    key: "harbour-view",
    email: "michael.dunn@harbourview-hotel.example.com",
    password: null,
    firstName: "Michael",
    lastName: "Dunn",
    businessName: "Harbour View Hotel",
    street: "3 Foreshore Road",
    city: "Scarborough",
    postcode: "YO11 1PB",
    phone: "01632 960 455",
    vatNumber: "GB660145923",
    tier: "Bronze",
    approved: true,
    createdDaysAgo: 260,
    activity: { orders: 16, fromDaysAgo: 181, toDaysAgo: 6, size: "large" },
    buys: ["food", "drinks", "cleaning", "disposables", "heating"],
  },
  {
    key: "corner-plot",
    email: "emma@cornerplotcafe.example.com",
    password: null,
    firstName: "Emma",
    lastName: "Clarke",
    businessName: "Corner Plot Café",
    street: "2 Harehills Corner",
    city: "Leeds",
    postcode: "LS8 3DZ",
    phone: "0113 496 0284",
    vatNumber: null,
    tier: null,
    approved: true,
    createdDaysAgo: 100,
    activity: { orders: 5, fromDaysAgo: 80, toDaysAgo: 3, size: "small" },
    buys: ["food", "drinks", "disposables"],
  },
  {
    key: "kirkgate",
    email: "ali@kirkgatebarbers.example.com",
    password: null,
    firstName: "Ali",
    lastName: "Hassan",
    businessName: "Kirkgate Barbers",
    street: "51 Kirkgate",
    city: "Wakefield",
    postcode: "WF1 1HX",
    phone: "01632 960 512",
    vatNumber: null,
    tier: null,
    approved: true,
    createdDaysAgo: 150,
    activity: { orders: 5, fromDaysAgo: 120, toDaysAgo: 9, size: "small" },
    buys: ["cleaning", "office", "health"],
  },
  {
    key: "st-annes",
    email: "office@stannesnursery.example.com",
    password: null,
    firstName: "Rachel",
    lastName: "Moore",
    businessName: "St Anne's Day Nursery",
    street: "17 St Anne's Road",
    city: "Leeds",
    postcode: "LS6 3NX",
    phone: "0113 496 0657",
    vatNumber: "GB738291046",
    tier: null,
    approved: true,
    createdDaysAgo: 120,
    activity: { orders: 4, fromDaysAgo: 95, toDaysAgo: 14, size: "small" },
    buys: ["food", "cleaning", "health", "office"],
  },
  {
    key: "moorside",
    email: "steve@moorsidegarage.example.com",
    password: null,
    firstName: "Steve",
    lastName: "Holroyd",
    businessName: "Moorside Garage Services",
    street: "Unit 12, Moorside Trading Estate",
    city: "Huddersfield",
    postcode: "HD2 1QZ",
    phone: "01632 960 743",
    vatNumber: "GB845019263",
    tier: null,
    approved: true,
    createdDaysAgo: 200,
    activity: { orders: 3, fromDaysAgo: 150, toDaysAgo: 45, size: "small" },
    buys: ["workwear", "cleaning", "office"],
  },
  {
    key: "riverside-dental",
    email: "practice@riversidedental.example.com",
    password: null,
    firstName: "Helen",
    lastName: "Price",
    businessName: "Riverside Dental Practice",
    street: "9 Riverside Walk",
    city: "York",
    postcode: "YO1 6FS",
    phone: "01632 960 829",
    vatNumber: "GB902736154",
    tier: null,
    approved: true,
    createdDaysAgo: 190,
    activity: { orders: 3, fromDaysAgo: 140, toDaysAgo: 70, size: "small" },
    buys: ["cleaning", "workwear", "office", "health"],
  },
  {
    key: "bramley",
    email: "bookings@bramleycentre.example.com",
    password: null,
    firstName: "Margaret",
    lastName: "Greenwood",
    businessName: "Bramley Community Centre",
    street: "Town Street",
    city: "Leeds",
    postcode: "LS13 2EX",
    phone: "0113 496 0340",
    vatNumber: null,
    tier: null,
    approved: true,
    createdDaysAgo: 210,
    activity: { orders: 3, fromDaysAgo: 180, toDaysAgo: 110, size: "small" },
    buys: ["heating", "food", "cleaning"],
  },
  {
    key: "sunrise",
    email: "costas@sunrisefishbar.example.com",
    password: null,
    firstName: "Costas",
    lastName: "Andreou",
    businessName: "Sunrise Fish Bar",
    street: "88 Dewsbury Road",
    city: "Leeds",
    postcode: "LS11 6AB",
    phone: "0113 496 0899",
    vatNumber: "GB117482935",
    tier: null,
    approved: true,
    createdDaysAgo: 205,
    activity: { orders: 2, fromDaysAgo: 175, toDaysAgo: 130, size: "small" },
    buys: ["food", "disposables", "drinks"],
  },
];

const ADMIN = {
  email: "admin@example.com",
  password: "admin-demo",
  firstName: "Claire",
  lastName: "Sutcliffe",
  businessName: "Trade Counter Ltd",
  phone: "0113 496 0000",
};

const CARRIERS = [
  { carrier: "DPD", number: (r: Random) => `1550${String(r.int(1e9, 9_999_999_999))}`, url: (n: string) => `https://track.dpd.co.uk/parcels/${n}` },
  { carrier: "Royal Mail Tracked 48", number: (r: Random) => `TT${r.int(100_000_000, 999_999_999)}GB`, url: (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { carrier: "Parcelforce Worldwide", number: (r: Random) => `PB${r.int(1_000_000, 9_999_999)}`, url: (n: string) => `https://www.parcelforce.com/track-trace?trackNumber=${n}` },
];

/** A small customer's order stays under this (incl. VAT) so their lifetime spend stays below VIP. */
const SMALL_ORDER_CAP = 15_000;

// ─── Entry points ───────────────────────────────────────────────────────────

/** Seeds the demo data into a database with no users. Returns whether it seeded. */
export async function seedIfEmpty(db: DB): Promise<boolean> {
  const row = db.$client.prepare("select count(*) as n from users").get() as { n: number };
  if (row.n > 0) return false;
  await seedDemo(db);
  return true;
}

/** Writes the demo data set. Does nothing when the demo admin already exists. */
export async function seedDemo(db: DB): Promise<void> {
  if (adminExists(db)) return;

  // Password hashing is slow on purpose; do it before taking the write lock.
  const [adminHash, buyerHashes, supplierHash, sharedHash] = await Promise.all([
    hashPassword(ADMIN.password),
    Promise.all(CUSTOMERS.filter((c) => c.password).map(() => hashPassword("buyer-demo"))),
    hashPassword("supplier-demo"),
    hashPassword(randomBytes(18).toString("base64url")),
  ]);

  writeTransaction(db, (tx) => {
    if (adminExists(tx)) return;
    writeDemo(tx, { adminHash, buyerHashes, supplierHash, sharedHash }, Date.now());
  });
}

function adminExists(db: DB) {
  return Boolean(db.$client.prepare("select 1 from users where email = ?").get(ADMIN.email));
}

// ─── The demo writer ────────────────────────────────────────────────────────

type Hashes = { adminHash: string; buyerHashes: string[]; supplierHash: string; sharedHash: string };

type SeededProduct = {
  id: number;
  slug: string;
  name: string;
  category: CategoryKey;
  supplier: SupplierKey | null;
  cost: number;
  price: number;
  vat: number;
  stock: number;
  threshold: number;
  variants: [string, string[]][];
  rules: VolumeRule[];
};

/** A priced line of any document: an order, an invoice, a purchase order. */
type Line = { product: SeededProduct; quantity: number; unitPrice: number };

type PlannedLine = Line & { selectedVariants: Record<string, string> };

type PlannedOrder = {
  customer: CustomerSeed;
  userId: string;
  index: number; // within the customer's orders, oldest first
  createdAt: number;
  status: OrderStatus;
  lines: PlannedLine[];
};

type WrittenOrder = PlannedOrder & {
  id: number;
  orderNumber: string;
  total: number;
  items: { id: number; line: PlannedLine }[];
  invoiceId: number | null;
  deliveredAt: number | null;
};

/** What the demo writer's steps share. */
type Demo = {
  db: DB;
  random: Random;
  now: number;
  today: string;
  /** an instant that many days ago, during the working day */
  daysAgo: (days: number) => number;
  adminId: string;
  tiers: Map<TierName, { id: number; discount: number }>;
  supplierIds: Map<SupplierKey, string>;
  customerIds: Map<string, string>;
  products: SeededProduct[];
  accounts: { bank: number; pettyCash: number; creditCard: number };
  /** running balances of the money accounts */
  balances: Map<number, number>;
};

const OPENING_BANK_BALANCE = 2_500_000;
const OPENING_CASH_BALANCE = 15_000;
const RECEIVED_PO_DAYS_AGO = 40;

function totalsOf(lines: readonly Line[]) {
  return lineTotals(lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, vatRate: l.product.vat })));
}

function customerIdOf(demo: Demo, key: string) {
  return demo.customerIds.get(key)!;
}

function productNamed(demo: Demo, name: string) {
  const slug = slugify(name);
  const found = demo.products.find((p) => p.slug === slug);
  if (!found) throw new Error(`Seed data names an unknown product: ${name}`);
  return found;
}

function moveMoney(demo: Demo, accountId: number, amount: number) {
  demo.balances.set(accountId, demo.balances.get(accountId)! + amount);
}

function writeDemo(db: DB, hashes: Hashes, now: number) {
  const random = createRandom(20240611);
  const people = writePeople(db, hashes, now, random);
  const demo: Demo = {
    db,
    random,
    now,
    today: ukDate(now),
    daysAgo: (days) => workingInstant(now, days, random),
    ...people,
    products: writeCatalogue(db, now, random, people.supplierIds),
    ...writeAccounts(db, now),
  };
  const buyerPrices = writeCustomerPrices(demo);
  const rewards = writeRewards(demo);
  const orders = writeOrders(demo, planOrders(demo, buyerPrices));
  writeSalesPayments(demo, orders);
  writeVoucher(demo, rewards);
  writeReturns(demo, orders);
  writeTemplateAndRequests(demo);
  const receivedPurchaseOrderId = writePurchasing(demo, orders);
  const vatReturn = writeVatReturn(demo);

  // Account balances: opening balance plus money in, less money out
  for (const [id, balance] of demo.balances) {
    db.update(s.financialAccounts).set({ balance, updatedAt: new Date(now) }).where(eq(s.financialAccounts.id, id)).run();
  }

  db.insert(s.auditLogs)
    .values([
      {
        userId: demo.adminId,
        action: "user.approved",
        entityType: "user",
        entityId: customerIdOf(demo, "buyer"),
        details: JSON.stringify({ email: "buyer@example.com" }),
        createdAt: new Date(now - 240 * DAY + 20 * HOUR),
      },
      {
        userId: demo.adminId,
        action: "purchase_order.received",
        entityType: "purchase_order",
        entityId: String(receivedPurchaseOrderId),
        details: JSON.stringify({ note: "Stock booked in at goods-in." }),
        createdAt: new Date(now - RECEIVED_PO_DAYS_AGO * DAY),
      },
      {
        userId: demo.adminId,
        action: "vat_return.filed",
        entityType: "vat_return",
        entityId: vatReturn.period,
        details: JSON.stringify({ period: vatReturn.period }),
        createdAt: vatReturn.filedAt,
      },
    ])
    .run();
}

function writePeople(db: DB, hashes: Hashes, now: number, random: Random) {
  const tiers = new Map<TierName, { id: number; discount: number }>();
  for (const tier of PRICE_TIERS) {
    const row = db
      .insert(s.priceTiers)
      .values({ ...tier, createdAt: new Date(now - 400 * DAY) })
      .returning({ id: s.priceTiers.id })
      .get();
    tiers.set(tier.name, { id: row.id, discount: tier.discountPercentage });
  }

  const insertUser = (user: Omit<typeof s.users.$inferInsert, "createdAt" | "updatedAt" | "approvedAt">, created: number, approvedAt: number | null) => {
    db.insert(s.users)
      .values({
        ...user,
        approvedAt: approvedAt === null ? null : new Date(approvedAt),
        createdAt: new Date(created),
        updatedAt: new Date(approvedAt ?? created),
      })
      .run();
  };

  const adminId = random.uuid();
  const adminCreated = now - 420 * DAY;
  insertUser(
    {
      id: adminId,
      email: ADMIN.email,
      passwordHash: hashes.adminHash,
      firstName: ADMIN.firstName,
      lastName: ADMIN.lastName,
      businessName: ADMIN.businessName,
      phone: ADMIN.phone,
      role: "admin",
    },
    adminCreated,
    adminCreated,
  );

  const contact = (p: PersonSeed) => ({
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    businessName: p.businessName,
    phone: p.phone,
    address: `${p.street}, ${p.city}, ${p.postcode}`,
    vatNumber: p.vatNumber,
  });

  const supplierIds = new Map<SupplierKey, string>();
  for (const supplier of SUPPLIERS) {
    const id = random.uuid();
    const created = now - 380 * DAY;
    supplierIds.set(supplier.key, id);
    const passwordHash = supplier.password ? hashes.supplierHash : hashes.sharedHash;
    insertUser({ id, ...contact(supplier), passwordHash, role: "supplier" }, created, created);
  }

  const customerIds = new Map<string, string>();
  let buyerHashIndex = 0;
  for (const customer of CUSTOMERS) {
    const id = random.uuid();
    const created = now - customer.createdDaysAgo * DAY - random.int(1, 8) * HOUR;
    customerIds.set(customer.key, id);
    insertUser(
      {
        id,
        ...contact(customer),
        passwordHash: customer.password ? hashes.buyerHashes[buyerHashIndex++] : hashes.sharedHash,
        role: "customer",
        priceTierId: customer.tier ? tiers.get(customer.tier)!.id : null,
        requiresApproval: customer.requiresApproval ?? false,
      },
      created,
      customer.approved ? created + 20 * HOUR : null,
    );
  }
  return { adminId, tiers, supplierIds, customerIds };
}

function writeCatalogue(db: DB, now: number, random: Random, supplierIds: Map<SupplierKey, string>) {
  const products: SeededProduct[] = [];
  for (const category of CATALOGUE) {
    const { id: categoryId } = db
      .insert(s.categories)
      .values({
        name: category.name,
        slug: slugify(category.name),
        description: category.description,
        createdAt: new Date(now - 400 * DAY),
      })
      .returning({ id: s.categories.id })
      .get();
    for (const p of category.products) {
      const supplier = p.supplier === undefined ? category.supplier : p.supplier;
      const created = new Date(now - random.int(250, 400) * DAY);
      const slug = slugify(p.name);
      const threshold = p.threshold ?? 10;
      const { id } = db
        .insert(s.products)
        .values({
          name: p.name,
          slug,
          description: p.description,
          costPrice: p.cost,
          salesPrice: p.price,
          vatRate: p.vat,
          categoryId,
          imageUrl: null,
          stockLevel: p.stock,
          lowStockThreshold: threshold,
          supplierId: supplier ? supplierIds.get(supplier)! : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: s.products.id })
        .get();
      const variants = p.variants ?? [];
      variants.forEach(([name, options], position) => {
        db.insert(s.productVariants).values({ productId: id, name, options, position }).run();
      });
      const rules = (p.volume ?? []).map(([minQuantity, discountPercentage]) => ({ minQuantity, discountPercentage }));
      for (const rule of rules) {
        db.insert(s.volumeDiscounts)
          .values({ productId: id, ...rule, createdAt: new Date(now - 300 * DAY) })
          .run();
      }
      products.push({ id, slug, name: p.name, category: category.key, supplier, cost: p.cost, price: p.price, vat: p.vat, stock: p.stock, threshold, variants, rules });
    }
  }
  return products;
}

function writeAccounts(db: DB, now: number) {
  const opened = new Date(now - 400 * DAY);
  const [bank, pettyCash, creditCard] = db
    .insert(s.financialAccounts)
    .values(
      [
        {
          name: "Business Current Account",
          type: "bank" as const,
          bankName: "Example Bank plc",
          accountNumber: "12345678",
          sortCode: "12-34-56",
          notes: "Main trading account. Opening balance £25,000.00 brought forward.",
        },
        { name: "Petty Cash", type: "cash" as const, notes: "Trade counter float. Opening balance £150.00." },
        {
          name: "Company Credit Card",
          type: "credit_card" as const,
          bankName: "Example Bank plc",
          accountNumber: "**** 4417",
          notes: "Used for urgent supplier purchases; the balance is the amount owed.",
        },
      ].map((account) => ({ ...account, createdAt: opened, updatedAt: opened })),
    )
    .returning({ id: s.financialAccounts.id })
    .all();
  return {
    accounts: { bank: bank.id, pettyCash: pettyCash.id, creditCard: creditCard.id },
    balances: new Map([
      [bank.id, OPENING_BANK_BALANCE],
      [pettyCash.id, OPENING_CASH_BALANCE],
      [creditCard.id, 0],
    ]),
  };
}

/** Agreed prices for the demo buyer, by product id. */
function writeCustomerPrices(demo: Demo) {
  const prices = new Map<number, number>();
  for (const [name, price] of [
    ["Catering Tea Bags (1,100)", 1650],
    ["Ripple Wall Coffee Cups (500)", 3050],
    ["Washing-Up Liquid 5L", 420],
    ["Rapeseed Oil 20L Drum", 2950],
  ] as const) {
    const p = productNamed(demo, name);
    prices.set(p.id, price);
    demo.db
      .insert(s.customerPricing)
      .values({ userId: customerIdOf(demo, "buyer"), productId: p.id, customPrice: price, createdAt: new Date(demo.now - 200 * DAY) })
      .run();
  }
  return prices;
}

function writeRewards(demo: Demo) {
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

/** Every customer's orders, priced for them, oldest first, with statuses that fit their age. */
function planOrders(demo: Demo, buyerPrices: Map<number, number>): PlannedOrder[] {
  const { random, now, products } = demo;
  const planned: PlannedOrder[] = [];
  for (const customer of CUSTOMERS) {
    if (!customer.activity) continue;
    const { orders: count, fromDaysAgo, toDaysAgo, size } = customer.activity;
    const tierDiscount = customer.tier ? demo.tiers.get(customer.tier)!.discount : 0;
    const customPrices = customer.key === "buyer" ? buyerPrices : new Map<number, number>();
    const preferred = products.filter((p) => customer.buys.includes(p.category));
    for (let i = 0; i < count; i++) {
      const span = fromDaysAgo - toDaysAgo;
      const base = count === 1 ? fromDaysAgo : fromDaysAgo - Math.round((span * i) / (count - 1));
      const jitter = i === 0 || i === count - 1 ? 0 : random.int(-2, 2);
      let age = Math.min(fromDaysAgo, Math.max(toDaysAgo, base + jitter));
      // the newest three orders of an account that needs approval are still waiting for it
      const waiting = customer.requiresApproval ? i - (count - 3) : -1;
      if (waiting >= 0) age = [5, 2, toDaysAgo][waiting];
      planned.push({
        customer,
        userId: customerIdOf(demo, customer.key),
        index: i,
        createdAt: demo.daysAgo(age),
        status: waiting >= 0 ? "pending_approval" : "pending",
        lines: planLines(random, size, preferred, products, tierDiscount, customPrices),
      });
    }
  }
  planned.sort((a, b) => a.createdAt - b.createdAt);

  const forcedCancellations = new Set(["buyer:4", "buyer2:7", "pennine-bistro:10", "harbour-view:3"]);
  for (const order of planned) {
    if (order.status === "pending_approval") continue;
    const age = (now - order.createdAt) / DAY;
    if (forcedCancellations.has(`${order.customer.key}:${order.index}`)) order.status = "cancelled";
    else if (age > 3 && order.customer.activity?.size === "large" && random.chance(0.015)) order.status = "cancelled";
    else order.status = statusForAge(random, age);
  }
  return planned;
}

function statusForAge(random: Random, ageInDays: number): OrderStatus {
  if (ageInDays >= 10) return "delivered";
  if (ageInDays >= 5) return random.chance(0.7) ? "delivered" : "shipped";
  if (ageInDays >= 2) return random.chance(0.5) ? "shipped" : "processing";
  return random.chance(0.6) ? "pending" : "processing";
}

/** Orders with their items, invoices and loyalty points, numbered in date order. */
function writeOrders(demo: Demo, planned: PlannedOrder[]): WrittenOrder[] {
  const { db, random, now } = demo;
  const written: WrittenOrder[] = [];
  for (const order of planned) {
    const customer = order.customer;
    const totals = totalsOf(order.lines);
    const orderNumber = nextOrderNumber(db);
    const created = order.createdAt;
    const before = (at: number) => Math.min(now - HOUR, at);
    const approvedAt = customer.requiresApproval && order.status !== "pending_approval" ? created + random.int(1, 5) * HOUR : null;
    const cancelledAt = order.status === "cancelled" ? before(created + random.int(3, 26) * HOUR) : null;
    const shippedAt = order.status === "shipped" || order.status === "delivered" ? before(created + random.int(18, 30) * HOUR) : null;
    const deliveredAt = order.status === "delivered" ? before(created + random.int(2, 4) * DAY) : null;
    const carrier = shippedAt !== null && random.chance(0.75) ? random.pick(CARRIERS) : null;
    const trackingNumber = carrier ? carrier.number(random) : null;
    const lastChange = Math.max(created, approvedAt ?? 0, cancelledAt ?? 0, shippedAt ?? 0, deliveredAt ?? 0);

    const { id } = db
      .insert(s.orders)
      .values({
        orderNumber,
        userId: order.userId,
        status: order.status,
        subtotal: totals.subtotal,
        vatAmount: totals.vatAmount,
        total: totals.total,
        channel: "storefront",
        shippingName: `${customer.firstName} ${customer.lastName}`,
        shippingEmail: customer.email,
        shippingAddress: `${customer.businessName}, ${customer.street}`,
        shippingCity: customer.city,
        shippingPostcode: customer.postcode,
        trackingNumber,
        carrier: carrier?.carrier ?? null,
        trackingUrl: carrier && trackingNumber ? carrier.url(trackingNumber) : null,
        estimatedDelivery: shippedAt ? ukDate(shippedAt + 2 * DAY) : null,
        approvedAt: approvedAt ? new Date(approvedAt) : null,
        cancelledAt: cancelledAt ? new Date(cancelledAt) : null,
        deliveredAt: deliveredAt ? new Date(deliveredAt) : null,
        createdAt: new Date(created),
        updatedAt: new Date(lastChange),
      })
      .returning({ id: s.orders.id })
      .get();

    const itemRows = db
      .insert(s.orderItems)
      .values(
        order.lines.map((line, i) => ({
          orderId: id,
          productId: line.product.id,
          productName: line.product.name,
          selectedVariants: line.selectedVariants,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          vatRate: line.product.vat,
          total: totals.lines[i].net,
          vatAmount: totals.lines[i].vat,
        })),
      )
      .returning({ id: s.orderItems.id })
      .all();

    // An order awaiting approval has no invoice or points until it is approved.
    let invoiceId: number | null = null;
    if (order.status !== "pending_approval") {
      const issuedAt = approvedAt ?? created;
      const issueDate = ukDate(created);
      const invoice = db
        .insert(s.salesInvoices)
        .values({
          orderId: id,
          invoiceNumber: nextInvoiceNumber(db, issueDate),
          customerId: order.userId,
          status: order.status === "cancelled" ? "void" : "unpaid",
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
          amountPaid: 0,
          issueDate,
          dueDate: addDays(issueDate, 30),
          voidedAt: cancelledAt ? new Date(cancelledAt) : null,
          createdAt: new Date(issuedAt),
        })
        .returning({ id: s.salesInvoices.id })
        .get();
      invoiceId = invoice.id;
      db.insert(s.salesInvoiceItems)
        .values(
          order.lines.map((line, i) => ({
            invoiceId: invoice.id,
            productId: line.product.id,
            description: describeLine(line),
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            vatRate: line.product.vat,
            vatAmount: totals.lines[i].vat,
            total: totals.lines[i].net,
          })),
        )
        .run();

      const points = Math.floor(totals.subtotal / 100);
      if (points > 0) {
        const entries: (typeof s.loyaltyTransactions.$inferInsert)[] = [
          {
            userId: order.userId,
            transactionType: "earned",
            points,
            orderId: id,
            description: `Points earned on order ${orderNumber}`,
            createdAt: new Date(issuedAt),
          },
        ];
        if (cancelledAt) {
          entries.push({
            userId: order.userId,
            transactionType: "adjusted",
            points: -points,
            orderId: id,
            description: `Points reversed: order ${orderNumber} cancelled`,
            createdAt: new Date(cancelledAt),
          });
        }
        db.insert(s.loyaltyTransactions).values(entries).run();
      }
    }

    written.push({
      ...order,
      id,
      orderNumber,
      total: totals.total,
      items: itemRows.map((row, i) => ({ id: row.id, line: order.lines[i] })),
      invoiceId,
      deliveredAt,
    });
  }
  return written;
}

/** Most older invoices paid in full, some in two parts, some part-paid, some overdue; newer ones mostly open. */
function writeSalesPayments(demo: Demo, orders: WrittenOrder[]) {
  const { db, random, now, today, accounts } = demo;
  const insertPayment = db.$client.prepare(
    `insert into payments (sales_invoice_id, amount, payment_method, payment_date, reference, notes, financial_account_id, created_by, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setAmountPaid = db.$client.prepare("update sales_invoices set amount_paid = ? where id = ?");
  for (const order of orders) {
    if (order.invoiceId === null || order.status === "cancelled") continue;
    const issueDate = ukDate(order.createdAt);
    const age = Math.floor((now - order.createdAt) / DAY);
    const roll = random.next();
    let plan: "full" | "split" | "partial" | "none";
    if (age >= 45) plan = roll < 0.78 ? "full" : roll < 0.86 ? "split" : roll < 0.94 ? "partial" : "none";
    else if (age >= 30) plan = roll < 0.55 ? "full" : roll < 0.75 ? "partial" : "none";
    else plan = roll < 0.35 ? "full" : "none";
    if (plan === "none") continue;

    const small = order.customer.activity?.size === "small";
    const method = small && random.chance(0.3) ? "cash" : random.chance(0.1) ? "credit" : "bank_transfer";
    const accountId = method === "cash" ? accounts.pettyCash : accounts.bank;
    const latestDay = Math.max(1, Math.min(age - 1, 40));
    const payDay = (from: number, to: number) => {
      const date = addDays(issueDate, Math.min(random.int(from, to), latestDay));
      return date > today ? today : date;
    };
    const total = order.total;
    const half = Math.max(1, share(total, 1, 2));
    const payments: [number, string][] =
      plan === "full"
        ? [[total, payDay(5, 30)]]
        : plan === "split"
          ? [
              [half, payDay(5, 14)],
              [total - half, payDay(20, 35)],
            ]
          : [[Math.max(1, share(total, random.int(30, 70), 100)), payDay(7, 30)]];
    payments.sort((a, b) => a[1].localeCompare(b[1]));

    let paid = 0;
    for (const [amount, paymentDate] of payments) {
      if (amount <= 0) continue;
      paid += amount;
      const reference =
        method === "bank_transfer"
          ? `BACS ${order.customer.businessName.split(" ")[0].replace(/\W/g, "").toUpperCase()} ${order.orderNumber}`
          : method === "credit"
            ? `Card ending ${random.int(1000, 9999)}`
            : `Counter receipt ${random.int(1000, 9999)}`;
      insertPayment.run(
        order.invoiceId,
        amount,
        method,
        paymentDate,
        reference,
        plan === "partial" ? "Part payment; balance to follow." : null,
        accountId,
        demo.adminId,
        Math.min(now - HOUR, middayOf(paymentDate)),
      );
      moveMoney(demo, accountId, amount);
    }
    setAmountPaid.run(paid, order.invoiceId);
  }
}

/** The demo buyer has redeemed £5 off and not used it yet. */
function writeVoucher(demo: Demo, rewards: (typeof s.loyaltyRewards.$inferSelect)[]) {
  const buyerId = customerIdOf(demo, "buyer");
  const reward = rewards.find((r) => r.rewardType === "discount_fixed")!;
  const redeemedAt = new Date(demo.now - 20 * DAY);
  demo.db
    .insert(s.loyaltyTransactions)
    .values({
      userId: buyerId,
      transactionType: "redeemed",
      points: -reward.pointsCost,
      rewardId: reward.id,
      description: `Redeemed: ${reward.name}`,
      createdAt: redeemedAt,
    })
    .run();
  demo.db
    .insert(s.vouchers)
    .values({
      code: `TC-${voucherCode(demo.random)}`,
      userId: buyerId,
      rewardId: reward.id,
      rewardName: reward.name,
      rewardType: reward.rewardType,
      rewardValue: reward.rewardValue,
      productId: reward.productId,
      createdAt: redeemedAt,
    })
    .run();
}

/** The demo buyer's returns: one refund completed a while ago, one new exchange request. */
function writeReturns(demo: Demo, orders: WrittenOrder[]) {
  const { db, now } = demo;
  const buyerId = customerIdOf(demo, "buyer");
  const delivered = orders.filter((o) => o.customer.key === "buyer" && o.status === "delivered");
  const older = delivered.filter((o) => now - o.createdAt > 30 * DAY).at(-1)!;
  const recent = delivered.at(-1)!;

  const writeReturn = (
    order: WrittenOrder,
    item: WrittenOrder["items"][number],
    quantity: number,
    values: Omit<typeof s.returns.$inferInsert, "orderId" | "userId">,
  ) => {
    const { id } = db
      .insert(s.returns)
      .values({ orderId: order.id, userId: buyerId, ...values })
      .returning({ id: s.returns.id })
      .get();
    db.insert(s.returnItems)
      .values({
        returnId: id,
        orderItemId: item.id,
        productId: item.line.product.id,
        productName: item.line.product.name,
        quantity,
        unitPrice: item.line.unitPrice,
        vatRate: item.line.product.vat,
      })
      .run();
    return id;
  };

  {
    const item = older.items[0];
    const quantity = Math.min(2, item.line.quantity);
    const net = quantity * item.line.unitPrice;
    const requested = older.deliveredAt! + 2 * DAY;
    const completed = requested + 5 * DAY;
    const returnId = writeReturn(older, item, quantity, {
      returnType: "refund",
      status: "completed",
      reason: "Damaged in transit",
      customerNotes: "Two of the outer cases were crushed and the contents split.",
      adminNotes: "Photos checked and a carrier claim raised. Refund paid by bank transfer.",
      refundAmount: net + vatOn(net, item.line.product.vat),
      completedAt: new Date(completed),
      createdAt: new Date(requested),
      updatedAt: new Date(completed),
    });
    const points = Math.floor(net / 100);
    if (points > 0) {
      db.insert(s.loyaltyTransactions)
        .values({
          userId: buyerId,
          transactionType: "adjusted",
          points: -points,
          orderId: older.id,
          returnId,
          description: `Points reversed: refund on order ${older.orderNumber}`,
          createdAt: new Date(completed),
        })
        .run();
    }
  }

  {
    const variantItem = recent.items.find((i) => Object.keys(i.line.selectedVariants).length > 0);
    const requested = new Date(Math.min(now - HOUR, (recent.deliveredAt ?? recent.createdAt) + DAY));
    writeReturn(recent, variantItem ?? recent.items[0], 1, {
      returnType: variantItem ? "exchange" : "refund",
      status: "requested",
      reason: variantItem ? "Wrong size or colour supplied" : "Not as described",
      customerNotes: variantItem
        ? "We received a different option from the one on our order; please swap it."
        : "The pack size is smaller than the listing says.",
      createdAt: requested,
      updatedAt: requested,
    });
  }
}

function writeTemplateAndRequests(demo: Demo) {
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
      name: "Weekly café restock",
      description: "Tea, milk, cups and cleaning for a normal week.",
      items: templateLines.map(([name, quantity, selectedVariants]) => ({
        productId: productNamed(demo, name).id,
        productName: name,
        quantity,
        selectedVariants,
      })),
      createdAt: new Date(now - 60 * DAY),
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

function writePurchaseOrder(
  demo: Demo,
  supplier: SupplierKey,
  lines: Line[],
  values: Omit<typeof s.purchaseOrders.$inferInsert, "supplierId" | "orderNumber" | "subtotal" | "vatAmount" | "total">,
) {
  const { db } = demo;
  const totals = totalsOf(lines);
  const { id } = db
    .insert(s.purchaseOrders)
    .values({
      supplierId: demo.supplierIds.get(supplier)!,
      orderNumber: nextPurchaseOrderNumber(db),
      subtotal: totals.subtotal,
      vatAmount: totals.vatAmount,
      total: totals.total,
      ...values,
    })
    .returning({ id: s.purchaseOrders.id })
    .get();
  if (lines.length > 0) {
    db.insert(s.purchaseOrderItems)
      .values(
        lines.map((l, k) => ({
          purchaseOrderId: id,
          productId: l.product.id,
          productName: l.product.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          vatRate: l.product.vat,
          vatAmount: totals.lines[k].vat,
          total: totals.lines[k].net,
        })),
      )
      .run();
  }
  return id;
}

/**
 * About twelve supplier invoices over six months (one of them the receipt of a purchase order), mostly
 * paid, and a draft reorder generated from the stock forecast. Returns the received purchase order's id.
 */
function writePurchasing(demo: Demo, orders: WrittenOrder[]) {
  const { db, random, today, accounts } = demo;
  const insertPurchasePayment = db.$client.prepare(
    `insert into purchase_payments (purchase_invoice_id, amount, payment_method, payment_date, reference, notes, financial_account_id, created_by, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const rotation: SupplierKey[] = ["northern", "pennine", "calder"];
  const invoicePrefixes: Record<SupplierKey, [string, number]> = {
    northern: ["NCS-", 40210],
    pennine: ["PHP-", 11807],
    calder: ["CWS", 50021],
  };
  const restockLines = (supplier: SupplierKey): Line[] =>
    random.sample(demo.products.filter((p) => p.supplier === supplier), random.int(3, 6)).map((p) => ({
      product: p,
      quantity: p.cost < 1000 ? 12 * random.int(2, 10) : p.cost < 3000 ? random.int(10, 40) : random.int(4, 12),
      unitPrice: p.cost,
    }));

  let receivedPurchaseOrderId = 0;
  for (let i = 0; i < 12; i++) {
    const supplier = rotation[i % 3];
    const invoiceDaysAgo = 175 - i * 15;
    const invoiceInstant = demo.daysAgo(invoiceDaysAgo);
    const invoiceDate = ukDate(invoiceInstant);
    const lines = restockLines(supplier);
    const totals = totalsOf(lines);

    // The northern invoice of about forty days ago is the receipt of a purchase order.
    let purchaseOrderId: number | null = null;
    if (supplier === "northern" && invoiceDaysAgo === RECEIVED_PO_DAYS_AGO) {
      const sentAt = invoiceInstant - 5 * DAY;
      purchaseOrderId = writePurchaseOrder(demo, supplier, lines, {
        status: "received",
        notes: "Monthly catering restock. Deliver to goods-in, Bay 2.",
        autoGenerated: false,
        createdAt: new Date(sentAt - 2 * HOUR),
        sentAt: new Date(sentAt),
        receivedAt: new Date(invoiceInstant),
      });
      receivedPurchaseOrderId = purchaseOrderId;
    }

    const [prefix, start] = invoicePrefixes[supplier];
    const invoiceNumber = `${prefix}${start + i * 7}`;
    const invoice = db
      .insert(s.purchaseInvoices)
      .values({
        supplierId: demo.supplierIds.get(supplier)!,
        invoiceNumber,
        invoiceDate,
        dueDate: addDays(invoiceDate, 30),
        subtotal: totals.subtotal,
        vatAmount: totals.vatAmount,
        total: totals.total,
        amountPaid: 0,
        status: "unpaid",
        purchaseOrderId,
        createdAt: new Date(invoiceInstant),
      })
      .returning({ id: s.purchaseInvoices.id })
      .get();
    db.insert(s.purchaseInvoiceItems)
      .values(
        lines.map((l, k) => ({
          invoiceId: invoice.id,
          productId: l.product.id,
          description: l.product.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          vatRate: l.product.vat,
          vatAmount: totals.lines[k].vat,
          total: totals.lines[k].net,
        })),
      )
      .run();

    // Older invoices are paid on terms; one is part-paid; a recent one went on the card; the newest is open.
    let payment: { amount: number; date: string; method: "bank_transfer" | "credit"; accountId: number } | null = null;
    if (i === 10) payment = { amount: totals.total, date: addDays(invoiceDate, 3), method: "credit", accountId: accounts.creditCard };
    else if (i === 8) payment = { amount: share(totals.total, 1, 2), date: addDays(invoiceDate, 28), method: "bank_transfer", accountId: accounts.bank };
    else if (i < 10) payment = { amount: totals.total, date: addDays(invoiceDate, random.int(21, 30)), method: "bank_transfer", accountId: accounts.bank };
    if (payment && payment.date <= today) {
      insertPurchasePayment.run(
        invoice.id,
        payment.amount,
        payment.method,
        payment.date,
        `${payment.method === "credit" ? "Card" : "BACS"} ${invoiceNumber}`,
        i === 8 ? "Part payment agreed with the supplier; balance next month." : null,
        payment.accountId,
        demo.adminId,
        Math.min(demo.now - HOUR, middayOf(payment.date)),
      );
      db.update(s.purchaseInvoices).set({ amountPaid: payment.amount }).where(eq(s.purchaseInvoices.id, invoice.id)).run();
      // money out of the bank lowers its balance; a card purchase raises what is owed on the card
      moveMoney(demo, payment.accountId, payment.method === "credit" ? payment.amount : -payment.amount);
    }
  }

  // Draft reorder for the hygiene supplier's low and out-of-stock lines, sized as the forecast suggests:
  // max(0, ceil(velocity × 30) + threshold − stock), velocity = units sold in the last 30 days / 30.
  const monthAgo = demo.now - 30 * DAY;
  const sold = new Map<number, number>();
  for (const order of orders) {
    if (order.status === "cancelled" || order.createdAt < monthAgo) continue;
    for (const { line } of order.items) sold.set(line.product.id, (sold.get(line.product.id) ?? 0) + line.quantity);
  }
  const reorder = demo.products
    .filter((p) => p.supplier === "pennine" && p.stock <= p.threshold)
    .map((p) => ({
      product: p,
      quantity: Math.max(0, Math.ceil(((sold.get(p.id) ?? 0) / 30) * 30) + p.threshold - p.stock),
      unitPrice: p.cost,
    }))
    .filter((l) => l.quantity > 0);
  writePurchaseOrder(demo, "pennine", reorder, {
    status: "draft",
    notes: "Auto-generated from the stock forecast for products at or below their reorder level.",
    autoGenerated: true,
    createdAt: new Date(demo.now - 20 * HOUR),
  });
  return receivedPurchaseOrderId;
}

/** A filed return for the month before last, its boxes computed from that month's invoices. */
function writeVatReturn(demo: Demo) {
  const { db, now, today } = demo;
  const start = firstOfMonth(today, -2);
  const end = addDays(firstOfMonth(today, -1), -1);
  const sums = (table: "sales_invoices" | "purchase_invoices", dateColumn: "issue_date" | "invoice_date") =>
    db.$client
      .prepare(
        `select coalesce(sum(vat_amount), 0) as vat, coalesce(sum(subtotal), 0) as net
         from ${table} where status <> 'void' and ${dateColumn} between ? and ?`,
      )
      .get(start, end) as { vat: number; net: number };
  const sales = sums("sales_invoices", "issue_date");
  const purchases = sums("purchase_invoices", "invoice_date");
  const filedAt = new Date(Math.min(now - HOUR, middayOf(addDays(firstOfMonth(today, -1), 6))));
  const period = start.slice(0, 7);
  db.insert(s.vatReturns)
    .values({
      quarter: period,
      startDate: start,
      endDate: end,
      box1VatDue: sales.vat,
      box2VatDueAcquisitions: 0,
      box3TotalVatDue: sales.vat,
      box4VatReclaimed: purchases.vat,
      box5NetVat: sales.vat - purchases.vat,
      box6TotalSales: Math.floor(sales.net / 100),
      box7TotalPurchases: Math.floor(purchases.net / 100),
      box8TotalSupplies: 0,
      box9TotalAcquisitions: 0,
      isFiled: true,
      filedAt,
      createdAt: filedAt,
    })
    .run();
  return { period, filedAt };
}

/** Chooses an order's lines from a customer's usual categories and prices them for that customer. */
function planLines(
  random: Random,
  size: Activity["size"],
  preferred: SeededProduct[],
  all: SeededProduct[],
  tierDiscount: number,
  customPrices: Map<number, number>,
): PlannedLine[] {
  const [minLines, maxLines] = size === "large" ? [3, 7] : size === "medium" ? [2, 5] : [1, 3];
  const chosen = new Set<SeededProduct>();
  const want = random.int(minLines, maxLines);
  while (chosen.size < want) chosen.add(random.chance(0.88) ? random.pick(preferred) : random.pick(all));

  const priceLine = (product: SeededProduct, quantity: number, selectedVariants: Record<string, string>): PlannedLine => ({
    product,
    quantity,
    selectedVariants,
    unitPrice: unitPriceFor({
      salesPrice: product.price,
      customPrice: customPrices.get(product.id) ?? null,
      tierDiscount,
      volumeRules: product.rules,
      quantity,
    }).finalPrice,
  });

  const lines = [...chosen].map((product) => {
    const scale = size === "large" ? 1 : size === "medium" ? 0.6 : 0.25;
    const max = product.price < 1000 ? 24 : product.price < 3000 ? 8 : 3;
    let quantity = Math.max(1, Math.round(random.int(1, max) * scale));
    // Bigger buyers often reach a volume break.
    if (size !== "small" && product.rules.length > 0 && random.chance(0.35)) {
      const rule = size === "large" && random.chance(0.2) ? product.rules[product.rules.length - 1] : product.rules[0];
      quantity = Math.max(quantity, rule.minQuantity);
    }
    const selectedVariants: Record<string, string> = {};
    for (const [name, options] of product.variants) selectedVariants[name] = random.pick(options);
    return priceLine(product, quantity, selectedVariants);
  });

  if (size === "small") {
    while (totalsOf(lines).total > SMALL_ORDER_CAP) {
      const last = lines[lines.length - 1];
      if (lines.length > 1) lines.pop();
      else if (last.quantity > 1) lines[0] = priceLine(last.product, last.quantity - 1, last.selectedVariants);
      else break;
    }
  }
  return lines;
}

function describeLine(line: PlannedLine) {
  const options = Object.entries(line.selectedVariants).map(([k, v]) => `${k}: ${v}`);
  return options.length ? `${line.product.name} (${options.join(", ")})` : line.product.name;
}

function voucherCode(random: Random) {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 8 }, () => random.pick([...alphabet])).join("");
}

/** First day of the month `offset` months from the month of `isoDate`. */
function firstOfMonth(isoDate: string, offset: number) {
  const [y, m] = isoDate.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return d.toISOString().slice(0, 10);
}

// ─── Scale data for benchmarks ──────────────────────────────────────────────

const SCALE_CATEGORIES: [string, string[]][] = [
  ["Fixings & Fasteners", ["Wood Screws", "Masonry Anchors", "Coach Bolts", "Hex Nuts", "Washers"]],
  ["Plumbing Fittings", ["Compression Elbows", "Push-Fit Tees", "Isolating Valves", "Copper Pipe", "Pipe Clips"]],
  ["Electrical Accessories", ["Twin Sockets", "Light Switches", "Junction Boxes", "Cable Ties", "Fused Spurs"]],
  ["Cable & Wiring", ["Twin & Earth Cable", "Flex Cable", "Cable Clips", "Trunking", "Conduit"]],
  ["Lighting", ["LED Panels", "GU10 Lamps", "Batten Fittings", "Floodlights", "Emergency Lights"]],
  ["Hand Tools", ["Claw Hammers", "Screwdriver Sets", "Tape Measures", "Utility Knives", "Spirit Levels"]],
  ["Power Tool Accessories", ["Drill Bits", "Jigsaw Blades", "Sanding Discs", "Hole Saws", "Cutting Discs"]],
  ["Adhesives & Sealants", ["Silicone Sealant", "Grab Adhesive", "Decorators Caulk", "PVA Glue", "Expanding Foam"]],
  ["Paint & Decorating", ["Emulsion Paint", "Gloss Paint", "Paint Rollers", "Masking Tape", "Dust Sheets"]],
  ["Timber & Sheet", ["Plywood Sheets", "MDF Sheets", "Timber Battens", "OSB Boards", "Skirting Board"]],
  ["Building Materials", ["Cement Bags", "Building Sand", "Plaster", "Ready-Mix Concrete", "Lintels"]],
  ["Roofing", ["Roofing Felt", "Roof Tiles", "Guttering", "Flashing Tape", "Ridge Vents"]],
  ["Drainage", ["Drain Pipe", "Gully Traps", "Inspection Chambers", "Pipe Couplers", "Drain Rods"]],
  ["Garden & Landscaping", ["Weed Membrane", "Garden Hoses", "Compost Sacks", "Fence Posts", "Decking Oil"]],
  ["Ironmongery", ["Door Handles", "Hinges", "Padlocks", "Door Closers", "Bolts"]],
  ["Security", ["CCTV Cameras", "Door Chains", "Security Lights", "Key Safes", "Alarm Sirens"]],
  ["Storage & Shelving", ["Boltless Shelving", "Plastic Crates", "Storage Bins", "Wall Hooks", "Tool Chests"]],
  ["Janitorial Equipment", ["Mop Buckets", "Wet Floor Signs", "Dustpans", "Brooms", "Squeegees"]],
  ["Washroom Supplies", ["Hand Towels", "Soap Dispensers", "Air Fresheners", "Urinal Blocks", "Bin Liners"]],
  ["Kitchen Equipment", ["Stockpots", "Chopping Boards", "Gastronorm Pans", "Chef Knives", "Utensil Sets"]],
  ["Tableware", ["Dinner Plates", "Tumblers", "Cutlery Sets", "Serving Bowls", "Mugs"]],
  ["Food Storage", ["Food Bags", "Storage Tubs", "Vacuum Pouches", "Labels", "Ingredient Bins"]],
  ["Bar Supplies", ["Pint Glasses", "Bar Mats", "Cocktail Shakers", "Drip Trays", "Optics"]],
  ["Frozen Food", ["Chips", "Garden Peas", "Fish Fillets", "Chicken Breasts", "Ice Cream Tubs"]],
  ["Chilled Food", ["Cheddar Blocks", "Butter", "Cooked Ham", "Yoghurt", "Double Cream"]],
  ["Bakery", ["Burger Buns", "Sliced Bread", "Croissants", "Tortilla Wraps", "Muffins"]],
  ["Sauces & Condiments", ["Tomato Ketchup", "Mayonnaise", "Brown Sauce", "Salad Cream", "Vinegar Sachets"]],
  ["Confectionery", ["Chocolate Bars", "Jelly Sweets", "Mints", "Lollipops", "Fudge"]],
  ["Hot Beverages", ["Instant Coffee", "Decaf Tea", "Herbal Tea", "Coffee Pods", "Whitener"]],
  ["Cold Beverages", ["Flavoured Water", "Cordials", "Iced Tea", "Sports Drinks", "Tonic Water"]],
  ["Pet Supplies", ["Dog Food", "Cat Litter", "Pet Treats", "Bird Seed", "Poo Bags"]],
  ["Automotive", ["Screenwash", "Engine Oil", "Antifreeze", "Wiper Blades", "Tyre Shine"]],
  ["Catering Disposables", ["Foil Containers", "Paper Plates", "Drinking Straws", "Stirrers", "Portion Pots"]],
  ["Retail Packaging", ["Gift Bags", "Tissue Paper", "Postal Boxes", "Bubble Wrap", "Jiffy Bags"]],
  ["Signage", ["Safety Signs", "Fire Exit Signs", "A-Boards", "Poster Frames", "Price Tickets"]],
  ["Fire Safety", ["Fire Extinguishers", "Fire Blankets", "Smoke Alarms", "Fire Logbooks", "Call Points"]],
  ["Medical Supplies", ["Bandages", "Eye Wash", "Ice Packs", "Burn Gel", "Tweezers"]],
  ["Laundry", ["Laundry Powder", "Fabric Conditioner", "Laundry Bags", "Stain Remover", "Dissolvable Bags"]],
  ["IT Consumables", ["USB Drives", "Printer Ink", "Keyboards", "HDMI Cables", "Mouse Mats"]],
  ["Seasonal", ["Rock Salt", "Ice Scrapers", "Christmas Lights", "Outdoor Heaters", "Umbrellas"]],
];

const SCALE_BRANDS = ["Trademaster", "ProLine", "Stanbury", "Northgate", "Everstock", "Keystone", "Ridgeback", "Millbrook", "Castleford", "Ironbridge"];
const SCALE_SPECS = ["Pack of 10", "Pack of 25", "Pack of 50", "Box of 100", "Box of 200", "Case of 6", "Case of 12", "Single", "Twin Pack", "Bulk Pack"];
const SCALE_TOWNS = ["Leeds", "Bradford", "Wakefield", "Halifax", "Huddersfield", "York", "Harrogate", "Sheffield", "Doncaster", "Barnsley", "Hull", "Rotherham"];
const SCALE_TRADES = ["Plumbing", "Electrical", "Catering", "Cleaning Services", "Building", "Roofing", "Cafe", "Hotel", "Garage", "Decorators", "Joinery", "Care Home"];
const SCALE_FIRST = ["Amelia", "Oliver", "Isla", "George", "Ava", "Harry", "Mia", "Jack", "Sophie", "Noah", "Grace", "Leo"];
const SCALE_LAST = ["Smith", "Jones", "Taylor", "Brown", "Wilson", "Evans", "Walker", "Wright", "Robinson", "Thompson", "Hughes", "Ahmed"];

export type ScaleResult = { products: number; customers: number; orders: number; ms: number };

/**
 * Adds a large data set for benchmarks: per unit of `factor`, 10,000 products in 40 categories,
 * 1,000 customers and 100,000 orders over the last twelve months with their invoices, payments and
 * loyalty points. Each run uses its own prefix, so running it again adds another set.
 */
export async function seedScale(db: DB, factor = 1): Promise<ScaleResult> {
  const started = performance.now();
  const productCount = Math.max(1, Math.round(10_000 * factor));
  const customerCount = Math.max(1, Math.round(1_000 * factor));
  const orderCount = Math.max(1, Math.round(100_000 * factor));
  const passwordHash = await hashPassword("buyer-demo");

  writeTransaction(db, () => writeScale(db, { productCount, customerCount, orderCount, passwordHash }));
  return { products: productCount, customers: customerCount, orders: orderCount, ms: Math.round(performance.now() - started) };
}

function writeScale(
  db: DB,
  { productCount, customerCount, orderCount, passwordHash }: { productCount: number; customerCount: number; orderCount: number; passwordHash: string },
) {
  const c = db.$client;
  const now = Date.now();
  const today = ukDate(now);

  // Each run gets its own prefix: scale, scale2, scale3…
  const runs = c.prepare("select email from users where email like 'scale%-customer-%@example.com'").pluck().all() as string[];
  const prefixes = new Set(runs.map((e) => e.slice(0, e.indexOf("-customer-"))));
  let run = 1;
  while (prefixes.has(run === 1 ? "scale" : `scale${run}`)) run++;
  const prefix = run === 1 ? "scale" : `scale${run}`;
  const random = createRandom(7_000_000 + run);

  const tiers = c.prepare("select id, discount_percentage as discount from price_tiers").all() as { id: number; discount: number }[];
  const bankId = (c.prepare("select id from financial_accounts where type = 'bank' order by id limit 1").pluck().get() as number | undefined) ?? null;
  const adminId = (c.prepare("select id from users where role = 'admin' order by created_at limit 1").pluck().get() as string | undefined) ?? null;

  // Categories
  const categoryExists = c.prepare("select 1 from categories where name = ? or slug = ?").pluck();
  const insertCategory = c.prepare("insert into categories (name, slug, description, created_at) values (?, ?, ?, ?) returning id").pluck();
  const categories = SCALE_CATEGORIES.map(([baseName, nouns]) => {
    let name = run === 1 ? baseName : `${baseName} ${run}`;
    for (let n = run + 1; categoryExists.get(name, slugify(name)); n++) name = `${baseName} ${n}`;
    const id = insertCategory.get(name, slugify(name), `${baseName} for trade customers: ${nouns.join(", ").toLowerCase()}.`, now - 400 * DAY) as number;
    return { id, nouns };
  });

  // Products, with variants on some and volume breaks on others
  const insertProduct = c.prepare(
    `insert into products (name, slug, description, cost_price, sales_price, vat_rate, category_id, image_url, stock_level, low_stock_threshold, supplier_id, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, null, ?, ?, null, ?, ?) returning id`,
  ).pluck();
  const insertVariant = c.prepare("insert into product_variants (product_id, name, options, position) values (?, ?, ?, ?)");
  const insertRule = c.prepare("insert into volume_discounts (product_id, min_quantity, discount_percentage, created_at) values (?, ?, ?, ?)");
  type ScaleProduct = { id: number; name: string; price: number; vat: number; rules: VolumeRule[]; variants: [string, string[]][] };
  const products: ScaleProduct[] = [];
  for (let i = 0; i < productCount; i++) {
    const category = categories[i % categories.length];
    const name = `${random.pick(SCALE_BRANDS)} ${random.pick(category.nouns)}, ${random.pick(SCALE_SPECS)}`;
    const slug = `${slugify(name)}-${prefix}-${i + 1}`;
    const cost = random.int(40, 20_000);
    const price = cost + share(cost, random.int(25, 80), 100);
    const vatRoll = random.next();
    const vat = vatRoll < 0.8 ? 2000 : vatRoll < 0.95 ? 0 : 500;
    const threshold = random.pick([5, 10, 10, 10, 20]);
    const stockRoll = random.next();
    const stock = stockRoll < 0.03 ? 0 : stockRoll < 0.1 ? random.int(1, threshold) : random.int(threshold + 1, 1000);
    const created = now - random.int(370, 500) * DAY;
    const id = insertProduct.get(name, slug, `${name}. Trade quality, supplied by the case.`, cost, price, vat, category.id, stock, threshold, created, created) as number;
    const variants: [string, string[]][] = [];
    if (random.chance(0.1)) variants.push(["Size", ["Small", "Medium", "Large"]]);
    if (random.chance(0.03)) variants.push(["Colour", ["Black", "White", "Grey", "Blue"]]);
    variants.forEach(([vName, options], position) => insertVariant.run(id, vName, JSON.stringify(options), position));
    const rules: VolumeRule[] = [];
    if (random.chance(0.15)) {
      rules.push({ minQuantity: 10, discountPercentage: 500 }, { minQuantity: 50, discountPercentage: 1000 });
      for (const rule of rules) insertRule.run(id, rule.minQuantity, rule.discountPercentage, created);
    }
    products.push({ id, name, price, vat, rules, variants });
  }

  // Customers, all sharing one password hash
  const insertUser = c.prepare(
    `insert into users (id, email, password_hash, first_name, last_name, business_name, role, phone, address, vat_number, price_tier_id, requires_approval, is_active, approved_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'customer', ?, ?, ?, ?, 0, 1, ?, ?, ?)`,
  );
  const width = Math.max(4, String(customerCount).length);
  type ScaleCustomer = { id: string; email: string; name: string; business: string; street: string; city: string; postcode: string; tier: number };
  const customers: ScaleCustomer[] = [];
  for (let i = 1; i <= customerCount; i++) {
    const id = random.uuid();
    const email = `${prefix}-customer-${String(i).padStart(width, "0")}@example.com`;
    const first = random.pick(SCALE_FIRST);
    const last = random.pick(SCALE_LAST);
    const city = random.pick(SCALE_TOWNS);
    const business = `${last} ${random.pick(SCALE_TRADES)} Ltd`;
    const street = `${random.int(1, 250)} ${random.pick(["High Street", "Station Road", "Mill Lane", "Church Street", "Park Road", "Victoria Road"])}`;
    const postcode = `${city.slice(0, 2).toUpperCase()}${random.int(1, 20)} ${random.int(1, 9)}${random.pick([..."ABDEFGHJLNPQRSTUWXYZ"])}${random.pick([..."ABDEFGHJLNPQRSTUWXYZ"])}`;
    const tier = tiers.length > 0 && random.chance(0.6) ? random.pick(tiers) : null;
    const created = now - random.int(370, 700) * DAY;
    insertUser.run(
      id,
      email,
      passwordHash,
      first,
      last,
      business,
      `01632 960 ${String(random.int(0, 999)).padStart(3, "0")}`,
      `${street}, ${city}, ${postcode}`,
      random.chance(0.7) ? `GB${random.int(100_000_000, 999_999_999)}` : null,
      tier?.id ?? null,
      created + DAY,
      created,
      created + DAY,
    );
    customers.push({ id, email, name: `${first} ${last}`, business, street, city, postcode, tier: tier?.discount ?? 0 });
  }

  // Order instants over the last year, oldest first, so numbers follow dates
  const instants = Array.from({ length: orderCount }, () => workingInstant(now, random.int(0, 364), random)).sort((a, b) => a - b);
  const dates = instants.map(ukDate);

  // Reserve blocks of numbers: one for orders, one per invoice year
  const reserve = (name: string, count: number) => {
    const value = c
      .prepare(
        `insert into number_sequences (name, value) values (?, ?)
         on conflict(name) do update set value = value + excluded.value returning value`,
      )
      .pluck()
      .get(name, count) as number;
    return value - count + 1;
  };
  let nextOrder = reserve("order", orderCount);
  const invoicesPerYear = new Map<string, number>();
  for (const d of dates) invoicesPerYear.set(d.slice(0, 4), (invoicesPerYear.get(d.slice(0, 4)) ?? 0) + 1);
  const nextInvoice = new Map<string, number>();
  for (const [year, count] of invoicesPerYear) nextInvoice.set(year, reserve(`invoice-${year}`, count));

  const insertOrder = c.prepare(
    `insert into orders (order_number, user_id, status, subtotal, vat_amount, total, discount_amount, channel, shipping_name, shipping_email, shipping_address,
       shipping_city, shipping_postcode, tracking_number, carrier, free_shipping, cancelled_at, delivered_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 0, 'storefront', ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?) returning id`,
  ).pluck();
  const insertItem = c.prepare(
    `insert into order_items (order_id, product_id, product_name, selected_variants, quantity, unit_price, vat_rate, total, vat_amount)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertInvoice = c.prepare(
    `insert into sales_invoices (order_id, invoice_number, customer_id, status, subtotal, vat_amount, total, amount_paid, issue_date, due_date, voided_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  ).pluck();
  const insertInvoiceItem = c.prepare(
    `insert into sales_invoice_items (invoice_id, product_id, description, quantity, unit_price, vat_rate, vat_amount, total)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = c.prepare(
    `insert into payments (sales_invoice_id, amount, payment_method, payment_date, reference, financial_account_id, created_by, created_at)
     values (?, ?, 'bank_transfer', ?, ?, ?, ?, ?)`,
  );
  const insertPoints = c.prepare(
    `insert into loyalty_transactions (user_id, transaction_type, points, order_id, description, created_at) values (?, ?, ?, ?, ?, ?)`,
  );

  let paidIn = 0;
  for (let n = 0; n < orderCount; n++) {
    const created = instants[n];
    const issueDate = dates[n];
    const age = (now - created) / DAY;
    // a few busy accounts place most of the orders
    const customer = customers[Math.floor(customers.length * random.next() ** 2)];
    const status: OrderStatus =
      age > 3 && random.chance(0.02)
        ? "cancelled"
        : age >= 10
          ? "delivered"
          : age >= 5
            ? random.chance(0.7) ? "delivered" : "shipped"
            : age >= 2
              ? random.chance(0.5) ? "shipped" : "processing"
              : random.chance(0.6) ? "pending" : "processing";

    const picked = pickDistinct(random, products, random.int(1, 5));
    const lines = picked.map((p) => {
      const quantity = p.price < 1000 ? random.int(1, 60) : p.price < 5000 ? random.int(1, 12) : random.int(1, 3);
      const unitPrice = unitPriceFor({ salesPrice: p.price, tierDiscount: customer.tier, volumeRules: p.rules, quantity }).finalPrice;
      const selected: Record<string, string> = {};
      for (const [name, options] of p.variants) selected[name] = random.pick(options);
      return { p, quantity, unitPrice, selected };
    });
    const totals = lineTotals(lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, vatRate: l.p.vat })));
    const orderNumber = `ORD-${String(nextOrder++).padStart(6, "0")}`;
    const cancelledAt = status === "cancelled" ? created + 6 * HOUR : null;
    const deliveredAt = status === "delivered" ? Math.min(now - HOUR, created + 2 * DAY) : null;
    const shipped = status === "shipped" || status === "delivered";
    const tracking = shipped && random.chance(0.5) ? `TT${random.int(100_000_000, 999_999_999)}GB` : null;

    const orderId = insertOrder.get(
      orderNumber,
      customer.id,
      status,
      totals.subtotal,
      totals.vatAmount,
      totals.total,
      customer.name,
      customer.email,
      `${customer.business}, ${customer.street}`,
      customer.city,
      customer.postcode,
      tracking,
      tracking ? "Royal Mail Tracked 48" : null,
      cancelledAt,
      deliveredAt,
      created,
      cancelledAt ?? deliveredAt ?? created,
    ) as number;
    lines.forEach((l, i) =>
      insertItem.run(orderId, l.p.id, l.p.name, JSON.stringify(l.selected), l.quantity, l.unitPrice, l.p.vat, totals.lines[i].net, totals.lines[i].vat),
    );

    const year = issueDate.slice(0, 4);
    const invoiceSeq = nextInvoice.get(year)!;
    nextInvoice.set(year, invoiceSeq + 1);
    const paid = status !== "cancelled" && age >= 30 && random.chance(0.9);
    const invoiceId = insertInvoice.get(
      orderId,
      `INV-${year}-${String(invoiceSeq).padStart(5, "0")}`,
      customer.id,
      status === "cancelled" ? "void" : "unpaid",
      totals.subtotal,
      totals.vatAmount,
      totals.total,
      paid ? totals.total : 0,
      issueDate,
      addDays(issueDate, 30),
      cancelledAt,
      created,
    ) as number;
    lines.forEach((l, i) =>
      insertInvoiceItem.run(invoiceId, l.p.id, l.p.name, l.quantity, l.unitPrice, l.p.vat, totals.lines[i].vat, totals.lines[i].net),
    );
    if (paid) {
      const paymentDate = addDays(issueDate, random.int(7, 29));
      const paidOn = paymentDate > today ? today : paymentDate;
      insertPayment.run(invoiceId, totals.total, paidOn, `BACS ${orderNumber}`, bankId, adminId, Math.min(now - HOUR, middayOf(paidOn)));
      paidIn += totals.total;
    }

    const points = Math.floor(totals.subtotal / 100);
    if (points > 0) {
      insertPoints.run(customer.id, "earned", points, orderId, `Points earned on order ${orderNumber}`, created);
      if (cancelledAt) insertPoints.run(customer.id, "adjusted", -points, orderId, `Points reversed: order ${orderNumber} cancelled`, cancelledAt);
    }
  }

  if (bankId !== null && paidIn > 0) {
    c.prepare("update financial_accounts set balance = balance + ?, updated_at = ? where id = ?").run(paidIn, now, bankId);
  }
}

/** k distinct products, drawn without copying the whole list. */
function pickDistinct<T>(random: Random, items: readonly T[], k: number): T[] {
  const out = new Set<T>();
  while (out.size < Math.min(k, items.length)) out.add(items[Math.floor(random.next() * items.length)]);
  return [...out];
}

/** Row counts of the main tables, for the CLI's report. */
export function countRows(db: DB) {
  const tables = [
    "users",
    "categories",
    "products",
    "product_variants",
    "volume_discounts",
    "customer_pricing",
    "orders",
    "order_items",
    "sales_invoices",
    "payments",
    "loyalty_transactions",
    "purchase_invoices",
    "purchase_orders",
    "vat_returns",
  ] as const;
  return Object.fromEntries(
    tables.map((t) => [t, (db.$client.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]),
  ) as Record<(typeof tables)[number], number>;
}
