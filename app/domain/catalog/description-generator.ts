/**
 * Writes a product description from its name and category without a language model: what the product is
 * for and who uses it (from the words of the name and category), the pack size and measures the name
 * states, and a line about ordering. Deterministic: the same name and category always give the same text,
 * and the wording varies between products (chosen by a hash of the name) so a range does not read the same.
 * It never invents facts the name does not give (no materials, certifications or prices).
 */

export type DescriptionRequest = { productName: string; categoryName?: string | null };

type Family = {
  key: string;
  /** words (lower case, whole words; a trailing * matches any ending) found in the name or category */
  words: string[];
  /** a noun phrase: what the product is and who uses it */
  lead: string[];
  /** a sentence about using it in a business */
  benefit: string[];
};

const FAMILIES: Family[] = [
  {
    key: "ppe",
    words: ["glove*", "vest*", "hi-vis", "boot*", "helmet*", "goggle*", "glasses", "mask*", "respirator*", "earplug*", "ear-defender*", "overall*", "coverall*", "ppe", "safety", "protective", "tabard*", "harness*"],
    lead: [
      "protective equipment for kitchens, warehouses, sites and cleaning teams",
      "dependable PPE for staff who need protection on every shift",
    ],
    benefit: [
      "Keep a stock of common sizes so new starters and agency staff are kitted out on day one.",
      "A practical part of meeting your duty to provide suitable PPE to the people who work for you.",
      "Built for daily use across busy shifts, and easy to reorder as your team grows.",
    ],
  },
  {
    key: "clothing",
    words: ["shirt*", "t-shirt*", "tee*", "polo*", "jacket*", "apron*", "trouser*", "jeans", "tunic*", "fleece*", "hoodie*", "sweatshirt*", "jumper*", "hat", "hats", "beanie*", "cap", "caps", "sock*", "uniform*", "workwear", "chef", "chefs", "clothing", "apparel", "tabard*", "scrub*"],
    lead: [
      "workwear and uniform clothing for front-of-house, kitchen and site teams",
      "hard-wearing clothing that keeps staff comfortable and looking professional",
    ],
    benefit: [
      "Order a spread of sizes so the whole team is covered, and top up as staff join.",
      "Made for frequent commercial washing and the wear of long shifts.",
      "A consistent look across sites and shifts, easy to reorder in the same style.",
    ],
  },
  {
    key: "cleaning",
    words: ["clean*", "bleach", "detergent*", "disinfect*", "degreas*", "sanitis*", "sanitiz*", "mop*", "bucket*", "cloth*", "sponge*", "scour*", "polish*", "soap*", "washing", "dishwash*", "rinse", "descal*", "hygiene", "bin", "bins", "sack*", "liner*", "microfibre", "squeegee*", "brush*", "toilet"],
    lead: [
      "cleaning and hygiene supplies for commercial kitchens, offices, schools and care settings",
      "a dependable choice for daily cleaning routines in busy commercial premises",
    ],
    benefit: [
      "Suited to colour-coded cleaning schedules and the frequent use a commercial site demands.",
      "Stock up by the case so your cleaning team never runs short between deliveries.",
      "Always follow the label and your COSHH assessment when using cleaning products at work.",
    ],
  },
  {
    key: "disposables",
    words: ["cup*", "lid*", "container*", "box", "boxes", "bag*", "straw*", "napkin*", "serviette*", "foil", "film", "cling*", "cutlery", "fork*", "spoon*", "knife", "knives", "tray*", "takeaway", "disposable*", "packaging", "carton*", "tub*", "wrap*", "stirrer*", "plate*", "bowl*", "greaseproof", "tape", "label*"],
    lead: [
      "catering disposables and packaging for cafés, takeaways, canteens and events",
      "everyday packaging for serving, storing and sending out food and goods",
    ],
    benefit: [
      "Made for high-turnover service, where speed at the counter matters.",
      "Buying in bulk keeps the cost per serving down and the counter stocked through the rush.",
      "Pairs with the rest of our disposables range, so one order covers cups, lids and packaging.",
    ],
  },
  {
    key: "drinks",
    words: ["water", "juice*", "cola", "lemonade", "squash", "cordial*", "drink*", "can", "cans", "bottle*", "soda", "tonic", "smoothie*", "milk", "energy"],
    lead: [
      "soft drinks by the case for cafés, vending, tuck shops, hotels and staff rooms",
      "a popular line for chillers, vending machines and meeting-room refreshments",
    ],
    benefit: [
      "Cased for easy storage and quick restocking of fridges and vending machines.",
      "A steady seller for any counter, with the long shelf life that makes buying by the case sensible.",
    ],
  },
  {
    key: "snacks",
    words: ["crisp*", "chocolate*", "biscuit*", "shortbread", "digestive*", "bar", "bars", "snack*", "sweet*", "confectionery", "cookie*", "cake*", "flapjack*", "nut*", "popcorn"],
    lead: [
      "snacks and confectionery for vending, counters, hospitality trays and staff rooms",
      "a counter favourite for cafés, tuck shops, hotels and meeting rooms",
    ],
    benefit: [
      "Individually wrapped portions keep stock fresh and make portion control simple.",
      "An easy add-on sale at the till, supplied in outers that fit neatly on shelves.",
    ],
  },
  {
    key: "food",
    words: ["flour", "oil", "rice", "pasta", "penne", "spaghetti", "sugar", "salt", "pepper", "tea", "teabag*", "coffee", "bean*", "tomato*", "sauce*", "stock", "gravy", "spice*", "herb*", "cheese", "butter", "margarine", "mayonnaise", "ketchup", "vinegar", "chips", "fries", "frozen", "food", "ingredient*", "catering", "soup*", "cereal*", "oat*", "honey", "jam", "yeast"],
    lead: [
      "a catering staple for restaurants, cafés, canteens and care homes",
      "a reliable ingredient for professional kitchens cooking at volume",
    ],
    benefit: [
      "Catering-size packs cut waste and handling compared with retail sizes.",
      "Consistent from batch to batch, so your recipes turn out the same every service.",
      "Store as directed on the pack and rotate stock first in, first out.",
    ],
  },
  {
    key: "office",
    words: ["paper", "pen", "pens", "pencil*", "printer", "toner*", "ink", "envelope*", "stapl*", "notebook*", "notepad*", "folder*", "file", "files", "binder*", "marker*", "highlighter*", "office", "stationery", "sticky", "post-it", "calculator*", "clipboard*", "a4", "a3", "copier"],
    lead: [
      "office and stationery supplies for front desks, back offices and meeting rooms",
      "an everyday essential for keeping an office running smoothly",
    ],
    benefit: [
      "Keep a box in reserve so printing and paperwork never stop for want of supplies.",
      "Good value at volume for shared offices, schools and multi-site businesses.",
    ],
  },
  {
    key: "fuel",
    words: ["log*", "coal", "kindling", "briquette*", "firelighter*", "fuel", "gas", "propane", "butane", "kerosene", "heater*", "heating", "charcoal", "wood", "pellet*"],
    lead: [
      "heating and fuel supplies for pubs, holiday lets, workshops and sites",
      "a dependable fuel for keeping premises warm through the colder months",
    ],
    benefit: [
      "Order ahead of the cold season so you are not caught short when demand peaks.",
      "Store somewhere dry and well ventilated, following the safety guidance on the pack.",
    ],
  },
  {
    key: "care",
    words: ["nappy", "nappies", "wipe*", "plaster*", "bandage*", "first-aid", "aid", "tissue*", "toilet-roll", "hand", "lotion*", "cream*", "shampoo*", "baby", "care", "health", "incontinence", "sanitary", "thermometer*", "medical", "dressing*"],
    lead: [
      "health and care supplies for nurseries, care homes, schools and workplaces",
      "a practical essential for keeping washrooms, first-aid boxes and changing areas stocked",
    ],
    benefit: [
      "Keep plenty in stock for the people in your care, with easy repeat ordering.",
      "Supplied in trade quantities for settings that get through a lot every week.",
    ],
  },
];

const GENERAL: Family = {
  key: "general",
  words: [],
  lead: [
    "a trade supply for businesses that buy in volume",
    "a practical everyday line for shops, hospitality and offices",
  ],
  benefit: [
    "A dependable line to keep in stock, with easy repeat ordering from your account.",
    "Chosen for trade customers who need consistent quality order after order.",
  ],
};

const CLOSINGS = [
  "Approved trade customers see their account prices when signed in, and larger orders may qualify for volume discounts.",
  "Order online for your business at trade prices; volume discounts apply on selected lines.",
  "Add it to a saved order template to reorder in a couple of clicks.",
];

/** FNV-1a: a small, stable hash for choosing between phrasings. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(items: readonly T[], seed: number, salt: number): T {
  return items[(seed + salt * 7919) % items.length];
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[()[\],;:/&+]/g, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^[^a-z0-9]+|[^a-z0-9-]+$/g, ""))
    .filter(Boolean);
}

function matches(word: string, pattern: string): boolean {
  return pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

/** The family whose words best match: the name counts twice as much as the category. */
export function familyFor(name: string, categoryName?: string | null): string {
  return chooseFamily(name, categoryName).key;
}

function chooseFamily(name: string, categoryName?: string | null): Family {
  const nameWords = wordsOf(name);
  const categoryWords = wordsOf(categoryName ?? "");
  let best = GENERAL;
  let bestScore = 0;
  for (const family of FAMILIES) {
    let score = 0;
    for (const pattern of family.words) {
      if (nameWords.some((word) => matches(word, pattern))) score += 2;
      if (categoryWords.some((word) => matches(word, pattern))) score += 1;
    }
    if (score > bestScore) {
      best = family;
      bestScore = score;
    }
  }
  return best;
}

const UNIT_WORDS: Record<string, string> = {
  ml: "ml",
  cl: "cl",
  l: "litre",
  ltr: "litre",
  litre: "litre",
  litres: "litre",
  liter: "litre",
  g: "g",
  kg: "kg",
  oz: "oz",
  mm: "mm",
  cm: "cm",
  m: "metre",
};

export type PackFacts = {
  /** units in a pack or case: "(100)", "24 pack", "Case of 12", "x 12" */
  count: number | null;
  /** "case" or "pack" */
  outer: "case" | "pack";
  /** a measure the name gives: "500ml", "5 litre", "40cm" */
  measure: string | null;
};

/** What the name says about the pack: how many and how big. */
export function packFacts(name: string): PackFacts {
  const text = name.toLowerCase();
  let count: number | null = null;
  let outer: PackFacts["outer"] = "pack";
  const patterns: [RegExp, PackFacts["outer"]][] = [
    [/\bcase of (\d[\d,]*)\b/, "case"],
    [/\bpack of (\d[\d,]*)\b/, "pack"],
    [/\bbox of (\d[\d,]*)\b/, "pack"],
    [/\b(\d[\d,]*)\s*-?\s*pack\b/, "pack"],
    [/\((\d[\d,]*)\)/, "pack"],
    [/\b(?:x|×)\s*(\d[\d,]*)\b/, "pack"],
    [/\b(\d[\d,]*)\s*(?:x|×)\s*\d/, "pack"],
  ];
  for (const [pattern, kind] of patterns) {
    const match = pattern.exec(text);
    if (match) {
      const value = Number(match[1].replace(/,/g, ""));
      if (Number.isSafeInteger(value) && value > 1) {
        count = value;
        outer = kind;
        break;
      }
    }
  }
  let measure: string | null = null;
  const measureMatch = /(\d+(?:\.\d+)?)\s?(ml|cl|ltr|litres?|liter|l|kg|g|oz|mm|cm|m)\b/.exec(text);
  if (measureMatch) {
    const unit = UNIT_WORDS[measureMatch[2]];
    const amount = measureMatch[1];
    measure = unit.length > 2 ? `${amount} ${unit}${unit === "litre" && amount !== "1" ? "s" : ""}` : `${amount}${unit}`;
  }
  return { count, outer, measure };
}

function packSentence(facts: PackFacts): string | null {
  const count = facts.count?.toLocaleString("en-GB");
  if (count && facts.measure) return `Supplied as a ${facts.outer} of ${count}, each ${facts.measure}.`;
  if (count) return `Supplied as a ${facts.outer} of ${count}, so one order goes a long way.`;
  if (facts.measure) return `Each unit is ${facts.measure}.`;
  return null;
}

/** A description of two to four sentences, plain text, British English. */
export function generateLocalDescription({ productName, categoryName }: DescriptionRequest): string {
  const name = productName.replace(/\s+/g, " ").trim();
  const category = categoryName?.replace(/\s+/g, " ").trim() || null;
  const family = chooseFamily(name, category);
  const seed = hash(`${name.toLowerCase()}|${(category ?? "").toLowerCase()}`);

  const sentences = [`${name} — ${pick(family.lead, seed, 1)}.`];
  const pack = packSentence(packFacts(name));
  if (pack) sentences.push(pack);
  sentences.push(pick(family.benefit, seed, 2));
  if (category) sentences.push(`Part of our ${category} range. ${pick(CLOSINGS, seed, 3)}`);
  else sentences.push(pick(CLOSINGS, seed, 3));
  return sentences.join(" ");
}
