/** The demo catalogue: price tiers, categories with their products, variants and volume breaks. */

export type TierName = "Bronze" | "Silver" | "Gold";

export const PRICE_TIERS: { name: TierName; discountPercentage: number; description: string }[] = [
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

export type SupplierKey = "northern" | "pennine" | "calder";

export type CategoryKey = "food" | "drinks" | "cleaning" | "disposables" | "workwear" | "office" | "heating" | "health";

type ProductSeed = {
  name: string;
  /** the product code buyers type in quick order and see on invoices */
  sku: string;
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

export const CATALOGUE: CategorySeed[] = [
  {
    key: "food",
    name: "Catering Food & Ingredients",
    description:
      "Store-cupboard staples for cafés, restaurants, care homes and canteens: flour, rice, pasta, oils, tinned goods and hot drinks.",
    supplier: "northern",
    products: [
      { name: "Plain Flour 16kg Sack", sku: "FLOUR-PLAIN-16KG", description: "All-purpose plain white flour for baking, batters and sauces. Sealed paper sack.", cost: 1150, price: 1549, vat: 0, stock: 85 },
      { name: "Long Grain Rice 10kg", sku: "RICE-LG-10KG", description: "Easy-cook long grain rice that holds well in the hot cupboard. Resealable sack.", cost: 1290, price: 1699, vat: 0, stock: 64 },
      { name: "Penne Pasta 3kg", sku: "PASTA-PENNE-3KG", description: "Durum wheat penne rigate, cooks in 11 minutes. Catering bag.", cost: 520, price: 749, vat: 0, stock: 120 },
      { name: "Chopped Tomatoes 2.5kg Tin (Case of 6)", sku: "TOM-CHOP-2500-6", description: "Italian chopped tomatoes in juice, catering-size tins with ring-pull lids.", cost: 1140, price: 1499, vat: 0, stock: 8 },
      { name: "Rapeseed Oil 20L Drum", sku: "OIL-RAPE-20L", description: "High-smoke-point cold-pressed rapeseed oil for frying and roasting. Bag-in-box drum with tap.", cost: 2650, price: 3299, vat: 0, stock: 40, threshold: 5 },
      { name: "Catering Tea Bags (1,100)", sku: "TEA-BAGS-1100", description: "Strong one-cup tea bags blended for a quick brew in hard or soft water.", cost: 1390, price: 1849, vat: 0, stock: 96 },
      { name: "Arabica Coffee Beans 1kg", sku: "COFFEE-ARAB-1KG", description: "Medium-roast 100% Arabica espresso beans with chocolate and hazelnut notes. Valve-sealed bag.", cost: 1190, price: 1595, vat: 0, stock: 0, volume: SMALL_RUNS },
      { name: "Granulated Sugar Sticks (1,000)", sku: "SUGAR-STICK-1000", description: "Individually wrapped 2.5g white sugar sticks for counters and trays.", cost: 890, price: 1199, vat: 0, stock: 75 },
      { name: "UHT Semi-Skimmed Milk Portions (120)", sku: "MILK-UHT-POT-120", description: "12ml UHT milk pots for tea and coffee stations. No refrigeration needed until opened.", cost: 690, price: 925, vat: 0, stock: 140 },
      { name: "Free-Range Medium Eggs (Tray of 30)", sku: "EGGS-FR-M-30", description: "British Lion free-range medium eggs, packed on the farm and delivered within the week.", cost: 420, price: 575, vat: 0, stock: 6, threshold: 20 },
      { name: "Baked Beans 2.62kg Tin (Case of 6)", sku: "BEANS-2620-6", description: "Haricot beans in tomato sauce, catering tins for breakfasts and jacket potatoes.", cost: 1180, price: 1549, vat: 0, stock: 52 },
      { name: "Hot Chocolate Powder 2kg", sku: "CHOC-HOT-2KG", description: "Rich instant hot chocolate made up with hot water; about 80 servings per tub.", cost: 820, price: 1099, vat: 0, stock: 33 },
    ],
  },
  {
    key: "drinks",
    name: "Soft Drinks & Snacks",
    description: "Cans, bottled water, juices, crisps and confectionery by the case for vending, tuck shops and cafés.",
    supplier: "northern",
    products: [
      { name: "Still Spring Water 500ml (24 pack)", sku: "WATER-STILL-500-24", description: "British still spring water in recyclable PET bottles with sports caps.", cost: 340, price: 499, vat: 2000, stock: 210, volume: CASE_DEALS },
      { name: "Sparkling Spring Water 500ml (24 pack)", sku: "WATER-SPARK-500-24", description: "Lightly sparkling British spring water in recyclable PET bottles.", cost: 360, price: 525, vat: 2000, stock: 150 },
      { name: "Cola 330ml Cans (24 pack)", sku: "COLA-330-24", description: "Full-sugar cola in 330ml cans, shrink-wrapped tray.", cost: 690, price: 925, vat: 2000, stock: 180, volume: CASE_DEALS },
      { name: "Pure Orange Juice 1L (Case of 12)", sku: "OJ-1L-12", description: "Not-from-concentrate orange juice with bits, long-life cartons.", cost: 980, price: 1299, vat: 2000, stock: 44 },
      { name: "Ready Salted Crisps 32.5g (32 pack)", sku: "CRISPS-RS-32", description: "Classic ready salted crisps in single-serve bags, mixed case for vending.", cost: 690, price: 899, vat: 2000, stock: 90 },
      { name: "Milk Chocolate Bars 45g (48 pack)", sku: "CHOC-BAR-45-48", description: "Smooth milk chocolate bars in a counter-top display outer.", cost: 1690, price: 2199, vat: 2000, stock: 0 },
      { name: "Shortbread Fingers Twin Packs (100)", sku: "SHORTBREAD-TW-100", description: "All-butter shortbread in individually wrapped twin packs for hotel rooms and meeting trays.", cost: 1190, price: 1549, vat: 0, stock: 58 },
      { name: "Chocolate-Coated Digestives Twin Packs (100)", sku: "DIGESTIVE-TW-100", description: "Milk chocolate digestive biscuits, wrapped in twos for hospitality trays.", cost: 1290, price: 1699, vat: 2000, stock: 47 },
      { name: "Energy Drink 250ml Cans (24 pack)", sku: "ENERGY-250-24", description: "Caffeinated energy drink with B vitamins. Not recommended for children or pregnant women.", cost: 1090, price: 1399, vat: 2000, stock: 7 },
    ],
  },
  {
    key: "cleaning",
    name: "Cleaning & Hygiene",
    description: "Chemicals, paper and janitorial supplies for kitchens, washrooms and front-of-house, with colour-coded kit.",
    supplier: "pennine",
    products: [
      { name: "Thick Bleach 5L", sku: "BLEACH-THICK-5L", description: "Thick original bleach that kills 99.9% of germs on toilets, drains and hard surfaces.", cost: 199, price: 299, vat: 2000, stock: 150, volume: TIERED },
      { name: "Washing-Up Liquid 5L", sku: "WASHUP-5L", description: "Concentrated lemon washing-up liquid that cuts grease at low dilution.", cost: 349, price: 499, vat: 2000, stock: 130, volume: TIERED },
      { name: "Antibacterial Hand Soap 5L", sku: "HANDSOAP-AB-5L", description: "Mild antibacterial liquid soap to refill dispensers, kind to hands with regular use.", cost: 649, price: 899, vat: 2000, stock: 72 },
      { name: "Centrefeed Blue Roll 2-Ply (6 rolls)", sku: "BLUEROLL-CF-6", description: "Absorbent 2-ply centrefeed rolls, 150m each, for kitchens and workshops.", cost: 1190, price: 1599, vat: 2000, stock: 88, volume: SMALL_RUNS },
      { name: "Heavy Duty Black Bin Bags (200)", sku: "BINBAG-HD-200", description: "Strong 160-gauge refuse sacks, 18 x 29 x 39 inches, on a roll.", cost: 1590, price: 2099, vat: 2000, stock: 64, volume: SMALL_RUNS },
      { name: "Microfibre Cloths (10 pack)", sku: "CLOTH-MF-10", description: "Lint-free 40cm microfibre cloths, washable at 95°C. Colour-coded for food safety.", cost: 299, price: 449, vat: 2000, stock: 160, variants: [["Colour", ["Blue", "Red", "Green", "Yellow"]]] },
      { name: "Kentucky Mop Head 16oz", sku: "MOP-KY-16OZ", description: "Twine mop head with stitched band, fits standard Kentucky holders. Colour-coded.", cost: 249, price: 375, vat: 2000, stock: 45, variants: [["Colour", ["Blue", "Red", "Green", "Yellow"]]] },
      { name: "Food-Safe Sanitiser Spray 750ml (6 pack)", sku: "SANITISER-750-6", description: "BS EN 1276 and 14476 certified sanitiser, no rinse needed on food-contact surfaces.", cost: 890, price: 1199, vat: 2000, stock: 80 },
      { name: "Toilet Tissue 2-Ply (36 rolls)", sku: "LOO-ROLL-36", description: "Soft 2-ply toilet rolls, 200 sheets each, for washrooms with standard holders.", cost: 1190, price: 1649, vat: 2000, stock: 4 },
      { name: "Floor Cleaner Concentrate 5L", sku: "FLOOR-CONC-5L", description: "Low-foam neutral floor cleaner for vinyl, tiles and sealed wood; 1:100 dilution.", cost: 749, price: 999, vat: 2000, stock: 0 },
    ],
  },
  {
    key: "disposables",
    name: "Disposables & Packaging",
    description: "Takeaway cups and lids, food boxes, napkins, wraps and carrier bags for food-to-go and retail.",
    supplier: "northern",
    products: [
      { name: "Ripple Wall Coffee Cups (500)", sku: "CUP-RIPPLE-500", description: "Triple-wall ripple cups that stay cool to hold, no sleeve needed. Lids sold separately.", cost: 2690, price: 3499, vat: 2000, stock: 62, variants: [["Size", ["8oz", "12oz", "16oz"]]], volume: SMALL_RUNS },
      { name: "Sip-Through Cup Lids (1,000)", sku: "LID-SIP-1000", description: "Domed sip-through lids that fit our ripple and single-wall cups.", cost: 1890, price: 2499, vat: 2000, stock: 55, variants: [["Size", ["8oz", "12/16oz"]]] },
      { name: "Kraft Hot Food Boxes (200)", sku: "BOX-KRAFT-200", description: "Grease-resistant kraft boxes with vented lids for hot food; compostable.", cost: 2190, price: 2899, vat: 2000, stock: 38 },
      { name: "Paper Napkins 2-Ply 33cm (2,000)", sku: "NAPKIN-33-2000", description: "White 2-ply napkins, quarter folded, for dispensers and tables.", cost: 1690, price: 2199, vat: 2000, stock: 70 },
      { name: "Catering Cling Film 450mm x 300m", sku: "CLING-450-300", description: "Cutter-box cling film for food wrapping, suitable for microwave use.", cost: 690, price: 925, vat: 2000, stock: 66 },
      { name: "Catering Foil 450mm x 75m", sku: "FOIL-450-75", description: "Heavy-gauge aluminium foil in a cutter box for ovens and covering trays.", cost: 1190, price: 1549, vat: 2000, stock: 9 },
      { name: "Wooden Cutlery Forks (1,000)", sku: "FORK-WOOD-1000", description: "Birch-wood forks, a plastic-free alternative for takeaway and events.", cost: 1490, price: 1949, vat: 2000, stock: 41 },
      { name: "Brown Paper Carrier Bags (250)", sku: "BAG-KRAFT-250", description: "Medium twisted-handle kraft carriers, 32 x 17 x 33cm.", cost: 2390, price: 3099, vat: 2000, stock: 23 },
      { name: "Deli Containers 500ml with Lids (250)", sku: "DELI-500-250", description: "Clear leak-resistant round containers, microwave and freezer safe.", cost: 2490, price: 3199, vat: 2000, stock: 0 },
    ],
  },
  {
    key: "workwear",
    name: "Workwear & PPE",
    description: "Hi-vis, gloves, safety footwear, chefs' whites and protective equipment in full size ranges.",
    supplier: "calder",
    products: [
      { name: "Hi-Vis Vest EN ISO 20471", sku: "HIVIS-VEST", description: "Class 2 high-visibility waistcoat with two reflective bands and hook-and-loop front.", cost: 145, price: 249, vat: 2000, stock: 240, variants: [["Size", ["S", "M", "L", "XL", "XXL"]], ["Colour", ["Yellow", "Orange"]]], volume: TIERED },
      { name: "Nitrile Gloves Powder-Free (100)", sku: "NITRILE-GLV-100", description: "Blue food-safe nitrile examination gloves, latex-free, 4.5g.", cost: 349, price: 549, vat: 2000, stock: 180, variants: [["Size", ["S", "M", "L", "XL"]]], volume: TIERED },
      { name: "S3 Safety Boots", sku: "BOOT-S3", description: "Water-resistant leather safety boots with steel toe cap and midsole, SRC slip rating.", cost: 2290, price: 3499, vat: 2000, stock: 3, threshold: 5, variants: [["Size", ["6", "7", "8", "9", "10", "11", "12"]]] },
      { name: "Chef Jacket Short Sleeve", sku: "CHEF-JKT-SS", description: "Breathable poly-cotton chef's jacket with stud fastening, white.", cost: 990, price: 1499, vat: 2000, stock: 36, variants: [["Size", ["S", "M", "L", "XL", "XXL"]]] },
      { name: "Bib Apron Polycotton", sku: "APRON-BIB", description: "Adjustable neck bib apron with front pocket, washable at 60°C.", cost: 349, price: 549, vat: 2000, stock: 85, variants: [["Colour", ["Black", "Navy", "Burgundy", "Grey"]]] },
      { name: "Work Polo Shirt", sku: "POLO-WORK", description: "Hard-wearing 65/35 poly-cotton polo, suitable for embroidery.", cost: 599, price: 899, vat: 2000, stock: 120, variants: [["Size", ["S", "M", "L", "XL", "XXL"]], ["Colour", ["Navy", "Black", "Bottle Green"]]] },
      { name: "Safety Glasses Clear Lens (12)", sku: "GLASSES-CLR-12", description: "Wraparound EN166 safety specs with anti-scratch clear lens.", cost: 890, price: 1299, vat: 2000, stock: 28 },
      { name: "Type IIR Face Masks (50)", sku: "MASK-IIR-50", description: "Fluid-resistant three-ply surgical masks with ear loops, EN 14683.", cost: 490, price: 699, vat: 2000, stock: 0 },
      { name: "Ear Defenders SNR 30dB", sku: "EARDEF-30DB", description: "Padded over-ear defenders with adjustable headband, EN 352-1.", cost: 549, price: 799, vat: 2000, stock: 19, threshold: 5 },
    ],
  },
  {
    key: "office",
    name: "Office & Stationery",
    description: "Paper, till rolls, labels, files and everyday stationery for the office and the shop counter.",
    supplier: "calder",
    products: [
      { name: "A4 Copier Paper 80gsm (Box of 5 Reams)", sku: "PAPER-A4-80-5R", description: "Bright white multifunction paper, 2,500 sheets, jam-free in lasers and inkjets.", cost: 1690, price: 2199, vat: 2000, stock: 70, volume: SMALL_RUNS },
      { name: "Thermal Till Rolls 57x40mm (20)", sku: "TILLROLL-5740-20", description: "BPA-free thermal rolls for card terminals and small receipt printers.", cost: 590, price: 849, vat: 2000, stock: 110, volume: TIERED },
      { name: "Ballpoint Pens Blue (50)", sku: "PEN-BP-BLUE-50", description: "Medium-point ballpoints with ventilated caps, smooth-writing blue ink.", cost: 390, price: 599, vat: 2000, stock: 95 },
      { name: "Lever Arch Files A4 (10)", sku: "FILE-LA-A4-10", description: "Board lever arch files with 70mm spine and thumb hole, assorted colours.", cost: 1190, price: 1599, vat: 2000, stock: 31 },
      { name: "Parcel Tape Brown 48mm x 66m (6)", sku: "TAPE-BRN-48-6", description: "Low-noise polypropylene packing tape for boxes and mail-outs.", cost: 390, price: 549, vat: 2000, stock: 74 },
      { name: "Shipping Labels A4 21 per Sheet (100 sheets)", sku: "LABEL-A4-21-100", description: "Permanent adhesive address labels, 63.5 x 38.1mm, for laser printers.", cost: 690, price: 999, vat: 2000, stock: 2 },
      { name: "Whiteboard Markers Assorted (10)", sku: "MARKER-WB-10", description: "Bullet-tip dry-wipe markers in black, blue, red and green, low odour.", cost: 450, price: 649, vat: 2000, stock: 40 },
    ],
  },
  {
    key: "heating",
    name: "Heating & Fuel",
    description: "Logs, smokeless fuel and pellets for stoves and boilers, supplied at the reduced rate for domestic fuel.",
    supplier: null,
    products: [
      { name: "Kiln-Dried Hardwood Logs (Bulk Bag)", sku: "LOGS-KD-BULK", description: "Ash and birch logs dried below 20% moisture, Ready to Burn certified. About 0.7m³ per bag.", cost: 6500, price: 8999, vat: 500, stock: 24, threshold: 5 },
      { name: "Compressed Heat Logs (Pack of 12)", sku: "LOGS-HEAT-12", description: "Long-burning logs pressed from recycled hardwood sawdust, no binders.", cost: 499, price: 699, vat: 500, stock: 60 },
      { name: "Smokeless Coal Ovals 25kg", sku: "COAL-SMKLS-25KG", description: "Approved smokeless fuel for multi-fuel stoves in smoke control areas.", cost: 1190, price: 1599, vat: 500, stock: 0 },
      { name: "Kindling Wood Net 3kg", sku: "KINDLING-3KG", description: "Kiln-dried softwood kindling for quick, clean lighting.", cost: 199, price: 325, vat: 500, stock: 48 },
      { name: "Premium Wood Pellets 15kg", sku: "PELLET-15KG", description: "ENplus A1 softwood pellets for pellet boilers and stoves, low ash.", cost: 450, price: 599, vat: 500, stock: 130, volume: TIERED },
    ],
  },
  {
    key: "health",
    name: "Health, Baby & Care",
    description: "First aid, care-home and nursery essentials, child car seats and smoking cessation products.",
    supplier: "pennine",
    products: [
      { name: "Child Car Seat Group 1/2/3 (9–36kg)", sku: "CARSEAT-G123", description: "Forward-facing harness-to-booster car seat, ISOFIX and belt fitting, R44/04 approved.", cost: 3990, price: 5499, vat: 500, stock: 12, threshold: 5 },
      { name: "High-Back Booster Seat (15–36kg)", sku: "BOOSTER-HB", description: "Lightweight high-back booster with adjustable headrest and side-impact protection, R129.", cost: 1890, price: 2599, vat: 500, stock: 3, threshold: 5 },
      { name: "Nicotine Patches 24hr 21mg (7)", sku: "NRT-PATCH-21-7", description: "Step 1 nicotine replacement patches to help stop smoking. Read the leaflet before use.", cost: 690, price: 999, vat: 500, stock: 26 },
      { name: "Sanitary Towels Regular (Case of 24 packs)", sku: "SANTOWEL-REG-24", description: "Ultra-thin regular towels with wings for staff and client washrooms.", cost: 1490, price: 1999, vat: 0, stock: 34 },
      { name: "First Aid Kit HSE 1–10 Person", sku: "FAK-HSE-10", description: "Workplace first aid kit to BS 8599-1 in a wall-mountable box.", cost: 690, price: 1049, vat: 2000, stock: 22 },
      { name: "Blue Detectable Plasters (100)", sku: "PLASTER-DET-100", description: "Metal-detectable blue plasters for food handlers, assorted sizes.", cost: 199, price: 299, vat: 2000, stock: 140, volume: TIERED },
      { name: "Baby Wipes (Case of 12 x 72)", sku: "WIPES-BABY-12", description: "Fragrance-free water-based wipes for nurseries and changing rooms.", cost: 990, price: 1349, vat: 2000, stock: 57 },
      { name: "Hand Sanitiser Gel 500ml (Case of 12)", sku: "HANDGEL-500-12", description: "70% alcohol hand gel with pump tops, EN 1500 tested.", cost: 1290, price: 1799, vat: 2000, stock: 18, threshold: 20 },
    ],
  },
];
