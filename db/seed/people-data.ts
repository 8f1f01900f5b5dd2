/** The demo people: the admin, the suppliers and the customers with how much they buy. */
import type { CategoryKey, SupplierKey, TierName } from "./catalog-data";

export type PersonSeed = {
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

export const SUPPLIERS: (PersonSeed & { key: SupplierKey; password: "supplier-demo" | null })[] = [
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

export type Activity = { orders: number; fromDaysAgo: number; toDaysAgo: number; size: "large" | "medium" | "small" };

export type CustomerSeed = PersonSeed & {
  key: string;
  password: "buyer-demo" | null;
  tier: TierName | null;
  requiresApproval?: boolean;
  approved: boolean;
  createdDaysAgo: number;
  activity: Activity | null;
  buys: CategoryKey[];
};

/** More people in a customer's company (each customer above is its company's admin). */
export type ColleagueSeed = {
  key: string;
  /** the customer whose company they join */
  companyOf: string;
  email: string;
  password: "buyer-demo" | null;
  firstName: string;
  lastName: string;
  phone: string;
  companyRole: "approver" | "buyer" | "viewer";
  createdDaysAgo: number;
  /**
   * Joined the demo after its seeded random numbers were fixed: their id and time come from outside that
   * sequence, so every other row of the demo stays what it was.
   */
  outsideSeed?: true;
};

export const COLLEAGUES: ColleagueSeed[] = [
  {
    key: "buyer-colleague",
    companyOf: "buyer",
    email: "buyer.colleague@example.com",
    password: "buyer-demo",
    firstName: "Tom",
    lastName: "Hartley",
    phone: "0113 496 0732",
    companyRole: "buyer",
    createdDaysAgo: 90,
  },
  {
    key: "buyer-approver",
    companyOf: "buyer",
    email: "buyer.approver@example.com",
    password: "buyer-demo",
    firstName: "Priya",
    lastName: "Shah",
    phone: "0113 496 0733",
    companyRole: "approver",
    createdDaysAgo: 60,
    outsideSeed: true,
  },
  {
    key: "buyer-viewer",
    companyOf: "buyer",
    email: "buyer.viewer@example.com",
    password: "buyer-demo",
    firstName: "Leo",
    lastName: "Grant",
    phone: "0113 496 0734",
    companyRole: "viewer",
    createdDaysAgo: 30,
    outsideSeed: true,
  },
];

export const CUSTOMERS: CustomerSeed[] = [
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

export const ADMIN = {
  email: "admin@example.com",
  password: "admin-demo",
  firstName: "Claire",
  lastName: "Sutcliffe",
  businessName: "INFY Wholesale Ltd",
  phone: "0113 496 0000",
};

/**
 * The back office's other staff, one per staff role (docs/decisions/0065-staff-roles.md). Their sign-ins are
 * published in the README, so the demo-password warning names them until their passwords change.
 */
export const STAFF: {
  email: string;
  password: "staff-demo";
  staffRole: "sales" | "warehouse" | "accounts";
  firstName: string;
  lastName: string;
  phone: string;
}[] = [
  { email: "sales@example.com", password: "staff-demo", staffRole: "sales", firstName: "Priya", lastName: "Mistry", phone: "0113 496 0001" },
  { email: "warehouse@example.com", password: "staff-demo", staffRole: "warehouse", firstName: "Gareth", lastName: "Booth", phone: "0113 496 0002" },
  { email: "accounts@example.com", password: "staff-demo", staffRole: "accounts", firstName: "Helen", lastName: "Ackroyd", phone: "0113 496 0003" },
];
