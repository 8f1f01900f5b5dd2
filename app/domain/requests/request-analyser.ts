/**
 * Scores a customer's product suggestion without a language model: feasibility, clarity and relevance,
 * each 1–10 with the reason for it, so the buying team can sort requests and see why they scored as
 * they did. Pure and deterministic: the same text and catalogue always give the same answer.
 *
 *  - Clarity: how much a buyer could act on — the product named, quantities and pack sizes, sizes and
 *    measurements, a brand or specification, how it would be used; vague wording costs points.
 *  - Relevance: overlap with the words of our own categories and product names, whether it belongs to a
 *    line of trade supplies we carry, and signs of a trade (not personal) need.
 *  - Feasibility: whether it names a concrete product a UK wholesaler could source, lower for regulated
 *    goods (alcohol, tobacco, medicines...), services, consumer electronics and vehicles, lowest for
 *    things no wholesaler can legally or physically supply.
 */

export type CatalogueContext = { categoryNames: string[]; productNames: string[] };

export type RequestAnalysis = {
  feasibilityScore: number;
  clarityScore: number;
  relevanceScore: number;
  /** one sentence per score: "Feasibility 8/10: … Clarity 7/10: … Relevance 9/10: …" */
  reasoning: string;
};

export const SCORE_MIN = 1;
export const SCORE_MAX = 10;

// ─── Words ──────────────────────────────────────────────────────────────────

/** A word list written as one string: entries split on spaces, "+" joins the words of a phrase. */
function words(list: string): string[] {
  return list
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => entry.replace(/\+/g, " "));
}

const STOPWORDS = new Set(
  (
    "a an the and or but if then than so as at by for from in into of off on onto out over per to up upon via with " +
    "without within about above after again against all also am any are aren around be because been before being below " +
    "between both can cannot could did do does doing don down during each else etc even ever every few further get gets " +
    "getting got had has have having he her here hers him his how however i i'd i'm id im it it's its itself just let " +
    "like liked lot lots many may me might mine more most much must my myself need needed needs no nor not now ok okay " +
    "only other others our ours ourselves own please plus quite rather really same see seem she should some such sure " +
    "that the their theirs them themselves there these they thing this those though through too under until very want " +
    "wanted wants was we we'd we're were what when where whether which while who whom why will wish would yes yet you " +
    "you'd your yours hi hello thanks thank cheers regards dear team stock stocking stocked sell selling sold supply " +
    "supplying carry carrying offer offering provide providing add adding range ranges product products item items " +
    "available able look looking find finding buy buying order ordering use using used one two three new good great " +
    "nice best well currently usually often always sometimes maybe perhaps possibly ideally kind sort type types " +
    "option options way ways around approx approximately roughly about something anything everything things stuff " +
    "whatever various general misc miscellaneous"
  ).split(" "),
);

/** Words that say something is vague: each one costs clarity. */
const VAGUE_WORDS = new Set(
  "something anything everything stuff things thing whatever various misc miscellaneous etc general generic random sort kind cheaper better other others more stuffs".split(
    " ",
  ),
);

/** Counting and packaging words: a sign of a pack size, never evidence of what the product is. */
const PACKAGING_WORDS = new Set(
  "pack case box bag sack tin drum tray tub bottle can carton roll sheet ream piece pc pcs unit outer pallet bulk net sleeve bundle set pair dozen portion sachet multipack".split(
    " ",
  ),
);

/** Colours, sizes and generic adjectives in product names: weak evidence of a match on their own. */
const DESCRIPTOR_WORDS = new Set(
  (
    "blue red green yellow black white navy grey gray brown clear orange pink purple silver gold assorted mixed " +
    "small medium large extra heavy light duty premium standard regular plain strong soft hard hot cold free range " +
    "single double triple twin short long thick thin mini maxi super ultra classic original pure full half fresh " +
    "british italian uk eco high low deep wide"
  ).split(" "),
);

const UNIT_WORDS = new Set(
  "kg g mg l ltr litre litres liter liters ml cl oz lb lbs cm mm m metre metres meter meters inch inches ft gsm ply w watt watts v volt volts mah".split(
    " ",
  ),
);

/** Phrases that say how or how much it would be used. */
const USE_PATTERNS = [
  /\bfor (?:use|using|staff|customers|guests|clients|residents|patients|pupils|visitors)\b/,
  /\bfor (?:our|my|the) (?:[a-z]+ )?(?:staff|team|customers|guests|clients|residents|patients|pupils|visitors|kitchens?|washrooms?|toilets?|offices?|sites?|events?|cafes?|cafés?|restaurants?|bars?|pubs?|hotels?|shops?|stores?|counters?|business|school|nursery|care home|canteen|bakery|deli|salon|warehouse|workshop|van|vans|fleet|rooms?|reception|premises|venue)\b/,
  /\b(?:we|i) (?:use|need|go through|buy|get|order|currently)\b/,
  /\bused? (?:for|in|on|by)\b/,
  /\b(?:per|a|each) (?:day|week|month|year|shift)\b/,
  /\b(?:daily|weekly|monthly|every day|every week)\b/,
  /\bcustomers? (?:ask|want|keep|request)/,
];

// ─── The kinds of goods a trade supplier carries ────────────────────────────

type Sector = { key: string; label: string; words: string[] };

/**
 * Concrete product types a UK trade wholesaler sources, by line of trade. A request naming one of these
 * names something a supplier can quote for. Entries may be two words ("first aid").
 */
const SECTORS: Sector[] = [
  {
    key: "food",
    label: "catering food and ingredients",
    words: words(
      "flour rice pasta noodle oil olive sugar salt pepper spice herb sauce ketchup mayonnaise mayo mustard vinegar " +
      "gravy stock+cube tea coffee espresso decaf milk oat almond soya cream butter margarine spread cheese egg bean " +
      "tomato soup bread bun wrap tortilla baguette biscuit cracker crisp snack chocolate sweet confectionery cake " +
      "muffin croissant pastry cereal porridge granola jam honey marmalade syrup custard dessert yeast baking " +
      "chip fries burger sausage bacon ham chicken beef pork lamb meat fish tuna salmon prawn vegetable potato onion " +
      "garlic fruit apple banana lemon lime nut peanut seed lentil chickpea pulse grain quinoa couscous frozen ice " +
      "ice+cream yoghurt yogurt hummus pesto curry paste dressing condiment sachet gluten vegan halal kosher organic " +
      "juice water cola lemonade squash cordial drink smoothie tonic soda energy+drink hot+chocolate cocoa",
    ),
  },
  {
    key: "cleaning",
    label: "cleaning and hygiene supplies",
    words: words(
      "bleach detergent soap sanitiser sanitizer disinfectant cleaner cleaning polish degreaser descaler limescale " +
      "mop bucket brush broom dustpan cloth sponge scourer wipe tissue toilet+paper toilet+roll towel hand+towel " +
      "blue+roll bin bin+bag bin+liner refuse+sack dispenser refill air+freshener dishwasher dishwasher+tablet " +
      "rinse+aid laundry washing+powder washing+up washing-up fabric+softener glass+cleaner floor floor+cleaner " +
      "urinal squeegee chemical hygiene deodoriser drain+unblocker oven+cleaner",
    ),
  },
  {
    key: "disposables",
    label: "disposables and packaging",
    words: words(
      "cup lid straw napkin serviette plate bowl cutlery fork knife spoon stirrer container box tray foil " +
      "film cling+film clingfilm carrier+bag paper+bag bag label tape sleeve doily greaseproof parchment " +
      "baking+paper punnet pot tub carton packaging envelope mailer bubble+wrap cardboard skewer cocktail+stick " +
      "toothpick",
    ),
  },
  {
    key: "workwear",
    label: "workwear and PPE",
    words: words(
      "glove apron boot shoe trainer vest jacket coat trouser overall coverall tunic tabard fleece hoodie polo " +
      "shirt t-shirt tshirt uniform hat cap beanie hairnet beard+snood mask respirator goggle glasses spectacle " +
      "visor helmet hard+hat ear+defender earplug harness knee+pad hi-vis hivis high-vis chef+jacket clog sock",
    ),
  },
  {
    key: "office",
    label: "office and stationery",
    words: words(
      "paper copier+paper pen pencil marker highlighter file folder binder envelope stapler staple paperclip " +
      "notebook notepad sticky+note post-it toner ink cartridge till+roll receipt+roll label scissors ruler " +
      "calculator whiteboard diary calendar laminator laminating+pouch printer+paper shredder+sack",
    ),
  },
  {
    key: "heating",
    label: "heating and fuel",
    words: words("log firewood kindling coal smokeless+fuel fuel pellet briquette firelighter charcoal propane butane gas+bottle heat+log"),
  },
  {
    key: "health",
    label: "health, baby and care products",
    words: words(
      "plaster bandage first+aid first+aid+kit nappy nappies baby+wipe sanitary+towel tampon hand+cream " +
      "sunscreen suncream thermometer eyewash burn+gel hand+gel moisturiser shampoo conditioner toothpaste " +
      "toothbrush razor cotton+wool cotton+bud incontinence+pad car+seat booster+seat",
    ),
  },
  {
    key: "equipment",
    label: "catering and premises equipment",
    words: words(
      "kettle urn toaster microwave fridge freezer oven grill fryer blender mixer coffee+machine " +
      "trolley sack+truck hand+truck shelving shelf rack chair table stool bench highchair high+chair cabinet " +
      "locker sign barrier cone ladder step+ladder extension+lead light+bulb bulb battery batteries",
    ),
  },
];

type Concern = { key: string; words: string[]; reason: string };

/** Goods a wholesaler may only sell with a licence or registration: feasible, with work first. */
const REGULATED: Concern[] = [
  {
    key: "alcohol",
    words: words(
      "alcohol alcoholic beer lager ale stout cider wine prosecco champagne spirits vodka gin whisky whiskey rum " +
        "brandy tequila liqueur",
    ),
    reason: "alcohol needs AWRS registration and duty-paid stock before a wholesaler can sell it",
  },
  {
    key: "tobacco",
    words: words(
      "tobacco cigarette cigar cigarillo vape e-cigarette ecigarette e-liquid eliquid shisha nicotine+pouch snus " +
        "rolling+paper",
    ),
    reason: "tobacco and vapes are age-restricted and carry duty, track-and-trace and product-notification rules",
  },
  {
    key: "medicine",
    words: words("paracetamol ibuprofen aspirin codeine antibiotic prescription medicine medication painkiller antihistamine"),
    reason: "medicines can only be wholesaled under an MHRA wholesale dealer's licence",
  },
  {
    key: "pest",
    words: words("rodenticide pesticide insecticide weedkiller herbicide rat+poison"),
    reason: "professional pest-control products are restricted to certified users",
  },
  {
    key: "fireworks",
    words: words("firework sparkler explosive"),
    reason: "fireworks need explosives licensing and licensed storage",
  },
  {
    key: "cbd",
    words: words("cbd hemp+oil"),
    reason: "CBD foods must be on the FSA's list of products awaiting novel-food authorisation",
  },
];

/** Things no legitimate wholesaler can supply. */
const PROHIBITED: Concern[] = [
  {
    key: "weapons",
    words: words("gun firearm rifle pistol shotgun ammunition ammo taser stun+gun pepper+spray knuckleduster"),
    reason: "weapons cannot be supplied by a trade wholesaler",
  },
  {
    key: "drugs",
    words: words("cannabis marijuana cocaine heroin mdma ketamine"),
    reason: "controlled drugs cannot be supplied",
  },
  {
    key: "counterfeit",
    words: words("counterfeit fake+designer replica+designer knock-off knockoff stolen"),
    reason: "counterfeit or stolen goods cannot be supplied",
  },
  {
    key: "impossible",
    words: words("time+machine teleporter perpetual+motion magic+wand miracle+cure"),
    reason: "it is not a real product anyone could source",
  },
];

/** Requests outside what a trade supplier stocks: possible in principle, out of our supply base. */
const OFF_RANGE: Concern[] = [
  {
    key: "electronics",
    words: words(
      "phone smartphone iphone android mobile+phone laptop computer ipad android+tablet television tv console playstation " +
        "xbox nintendo camera headphone earbud drone smartwatch",
    ),
    reason: "consumer electronics need specialist distributors with warranty and returns handling",
  },
  {
    key: "vehicles",
    words: words("car van lorry truck motorbike motorcycle scooter bicycle bike tyre boat"),
    reason: "vehicles are not something a supplies wholesaler can buy in or deliver",
  },
  {
    key: "property",
    words: words("property house apartment real+estate holiday flight"),
    reason: "property and travel are not goods a wholesaler supplies",
  },
];

/** Asking for work rather than goods. */
const SERVICE_WORDS = words(
  "service servicing repair installation install maintenance consultancy consulting advice training course " +
    "website app software subscription insurance loan finance recruitment marketing advertising cleaning+service " +
    "delivery+service plumber electrician contractor",
);

const BESPOKE_PATTERN =
  /\b(?:custom(?:ised|ized)?|bespoke|personali[sz]ed|branded|printed with|with our logo|our logo|made to order|made-to-order)\b/;

/** Brands trade customers commonly ask for by name (words that are also ordinary English are left out). */
const KNOWN_BRANDS = words(
  "heinz fairy dettol domestos cif zoflora jeyes harpic andrex kleenex tork kimberly-clark coca-cola pepsi fanta " +
    "sprite tango walkers pringles cadbury nestle nestlé kitkat twix nescafe nescafé kenco lavazza illy " +
    "douwe+egberts tetley pg+tips yorkshire+tea twinings typhoo clipper oatly alpro huhtamaki vegware biopak duni " +
    "swantex jangro prochem bic stabilo sharpie pritt post-it tipp-ex dewalt dickies portwest regatta uvex 3m " +
    "ansell elastoplast tena pampers huggies lenor persil ariel daz calgon bisto oxo knorr hellmann's hellmanns " +
    "colman's colmans lurpak robinsons ribena lucozade red+bull evian buxton volvic",
);

/** Words that say the request comes from a business need. */
const TRADE_WORDS = words(
  "wholesale trade bulk catering caterer commercial business restaurant cafe café pub bar hotel kitchen canteen " +
    "office site staff employee customer client guest school nursery care+home washroom salon shop retail resale " +
    "counter takeaway bakery deli workshop warehouse factory facility premises venue event contract pallet outer " +
    "case weekly monthly",
);

/** Words that say it is for the customer personally, not their business. */
const PERSONAL_PATTERN =
  /\b(?:for (?:my|our) (?:own )?(?:home|house|flat|garden|family|kids|children|wife|husband|partner|birthday)|for myself|personal use|as a (?:gift|present)|my (?:wife|husband|partner|mum|dad|kids))\b/;

const TRADE_STEMS = new Set(TRADE_WORDS.filter((w) => !w.includes(" ")).map((w) => stem(w)));

const COMMON_ACRONYMS = new Set("UK EU GB PPE HSE UHT BPA VAT OK FSC EN BS ISO USA US CE UKCA".split(" "));

// ─── Tokens ─────────────────────────────────────────────────────────────────

type Token = { surface: string; lower: string; stem: string; index: number };

/** Light English stemming: plurals and -ing, enough to match "cups" with "Cup" and "cleaning" with "clean". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("oes") && w.length > 5) return w.slice(0, -2);
  if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 6) return w.slice(0, -3);
  return w;
}

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /[A-Za-z0-9À-ÿ]+(?:[-'’][A-Za-z0-9À-ÿ]+)*/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    const surface = match[0];
    const lower = surface.toLowerCase();
    tokens.push({ surface, lower, stem: stem(lower), index: match.index });
  }
  return tokens;
}

const stemmedPhrases = new Map<string, string>();
/** The lexicons are fixed, so each phrase is stemmed once per process. */
function stemPhrase(phrase: string) {
  let stemmed = stemmedPhrases.get(phrase);
  if (stemmed === undefined) {
    stemmed = tokenise(phrase)
      .map((t) => t.stem)
      .join(" ");
    stemmedPhrases.set(phrase, stemmed);
  }
  return stemmed;
}

/** Abbreviations that name a standard or a place, not a product. */
const NON_CONTENT = new Set("uk eu gb hse en bs iso ce ukca vat ppe".split(" "));

/** Words that carry meaning: not stopwords, numbers, units or packaging words. */
function isContentStem(token: Token) {
  return (
    token.lower.length >= 2 &&
    !NON_CONTENT.has(token.lower) &&
    !/^\d/.test(token.lower) &&
    !STOPWORDS.has(token.lower) &&
    !STOPWORDS.has(token.stem) &&
    !UNIT_WORDS.has(token.lower) &&
    !PACKAGING_WORDS.has(token.stem)
  );
}

/** The distinct meaningful words of a request, in order: what to look for in the catalogue. */
export function requestKeywords(text: string, limit = 8): string[] {
  const seen = new Set<string>();
  for (const token of tokenise(text)) {
    if (!isContentStem(token) || DESCRIPTOR_WORDS.has(token.stem) || token.stem.length < 3) continue;
    seen.add(token.stem);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

/** Finds lexicon phrases (one or two words, stemmed) in the request; returns them with the words as written. */
const positionIndexes = new WeakMap<Token[], Map<string, number[]>>();
/** Where each stem occurs in a token list, built once per list. */
function positionsOf(tokens: Token[]) {
  let index = positionIndexes.get(tokens);
  if (!index) {
    index = new Map();
    tokens.forEach((token, i) => {
      const list = index!.get(token.stem);
      if (list) list.push(i);
      else index!.set(token.stem, [i]);
    });
    positionIndexes.set(tokens, index);
  }
  return index;
}

function findPhrases(tokens: Token[], phrases: string[]): string[] {
  const positions = positionsOf(tokens);
  const found: { at: number; text: string }[] = [];
  const seen = new Set<string>();
  for (const phrase of phrases) {
    const parts = stemPhrase(phrase).split(" ").filter(Boolean);
    if (parts.length === 0) continue;
    for (const i of positions.get(parts[0]) ?? []) {
      if (i + parts.length <= tokens.length && parts.every((part, k) => tokens[i + k].stem === part)) {
        const text = tokens
          .slice(i, i + parts.length)
          .map((t) => t.lower)
          .join(" ");
        if (!seen.has(text)) {
          seen.add(text);
          found.push({ at: tokens[i].index, text });
        }
        break;
      }
    }
  }
  // a two-word phrase makes its own words redundant ("first aid kit" over "kit")
  const texts = found.sort((a, b) => a.at - b.at).map((f) => f.text);
  return texts.filter((text) => !texts.some((other) => other !== text && other.split(" ").includes(text)));
}

/** Drops words that are only part of a longer phrase found elsewhere ("car" in "car seat", "cleaning" in "cleaning service"). */
function notPartOf(found: string[], phrases: string[]) {
  const longer = phrases.filter((p) => p.includes(" "));
  return found.filter((word) => !longer.some((p) => p !== word && ` ${p} `.includes(` ${word} `)));
}

function firstConcern(tokens: Token[], concerns: Concern[], phrasesElsewhere: string[]) {
  for (const concern of concerns) {
    const found = notPartOf(findPhrases(tokens, concern.words), phrasesElsewhere);
    if (found.length > 0) return { ...concern, found };
  }
  return null;
}

// ─── Specifics in the text ──────────────────────────────────────────────────

const MEASURE =
  /\b\d+(?:[.,]\d+)?\s*(?:kg|g|mg|l|ltr|litres?|liters?|ml|cl|oz|lbs?|cm|mm|m|metres?|meters?|inch(?:es)?|in|ft|gsm|ply|w|watts?|v|volts?|mah|micron)\b|\b\d+(?:\.\d+)?\s*(?:x|×)\s*\d+(?:\.\d+)?\s*(?:mm|cm|m|in|inch(?:es)?)?\b/gi;
const PACK_QUANTITY = new RegExp(
  [
    String.raw`\b(?:packs?|cases?|box(?:es)?|bags?|trays?|tubs?|rolls?|cartons?|outers?|pallets?|sleeves?|bundles?|sets?|tins?|bottles?|sacks?|jars?|buckets?|drums?)\s+of\s+\d(?:[\d,]*\d)?`,
    String.raw`\b\d(?:[\d,]*\d)?\s*(?:per|a|/|in a|in each|to a)\s*(?:case|pack|box|bag|sleeve|carton|outer|pallet|roll|tray|tub|tin|bottle|jar|bucket|drum|sack)\b`,
    String.raw`\b\d(?:[\d,]*\d)?\s*(?:a|per|each|every)\s*(?:day|week|fortnight|month|year|shift)\b`,
    String.raw`\b\d+\s*[x×]\s*\d+(?:[.,]\d+)?\s*(?:ml|cl|l|ltr|litres?|g|kg|oz)\b`,
    String.raw`\b\d(?:[\d,]*\d)?\s*(?:-\s*)?(?:packs?|cases?|boxes|bags|rolls|sheets|pieces|pcs|units|bottles|cans|tins|sacks|portions|sachets|pairs|reams|tubs|bars|pots|cups|lids|litres|kilos|dozen|each)\b`,
    String.raw`\(\s*\d(?:[\d,]*\d)?\s*\)`,
    String.raw`\b(?:around|about|approx(?:imately)?|roughly|at least|up to|minimum of|min)\s+\d(?:[\d,]*\d)?`,
  ].join("|"),
  "gi",
);
const SIZE_WORDS = /\b(?:xxs|xs|xl|xxl|xxxl|3xl|4xl|a3|a4|a5|dl|c4|c5|c6|size \w+|sizes \w+)\b/gi;
const SPEC_PATTERN =
  /\b(?:(?:en|bs|iso|en iso)\s?\d{3,5}(?:-\d+)?|r\d{2,3}|class \d|type [iv]+r?|food[- ]safe|food[- ]grade|compostable|biodegradable|recyclable|recycled|plastic[- ]free|vegan|vegetarian|gluten[- ]free|dairy[- ]free|sugar[- ]free|halal|kosher|organic|fairtrade|fair trade|rainforest alliance|fsc|nitrile|latex[- ]free|powder[- ]free|bpa[- ]free|uht|free[- ]range|waterproof|anti[- ]slip|non[- ]slip|fire[- ]retardant|unscented|fragrance[- ]free|antibacterial|concentrated|concentrate)\b/gi;

function matches(text: string, pattern: RegExp): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(pattern)) seen.add(m[0].trim().replace(/\s+/g, " "));
  return [...seen];
}

const BRAND_PATTERNS = KNOWN_BRANDS.map((brand) => {
  const escaped = brand.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^a-z0-9])(${escaped})(?=$|[^a-z0-9])`, "i");
});

/** Capitalised words mid-sentence that are not ordinary vocabulary: likely brand or model names. */
function brandNames(text: string, tokens: Token[], knownVocabulary: Set<string>): string[] {
  const found: string[] = [];
  const add = (word: string) => {
    if (!found.some((f) => f.toLowerCase() === word.toLowerCase())) found.push(word);
  };
  for (const pattern of BRAND_PATTERNS) {
    const hit = pattern.exec(text);
    if (hit) add(hit[1]);
  }
  for (const token of tokens) {
    const sentenceStart = /^(?:|[.!?:;])$/.test(text.slice(Math.max(0, token.index - 3), token.index).trimEnd().slice(-1));
    if (sentenceStart || token.surface.length < 3) continue;
    const capitalised = /^[A-Z][a-z]+(?:[-'’][A-Za-z]+)*$/.test(token.surface);
    const acronym = /^[A-Z]{2,5}\d*$/.test(token.surface) && !COMMON_ACRONYMS.has(token.surface);
    if (!capitalised && !acronym) continue;
    if (STOPWORDS.has(token.lower) || knownVocabulary.has(token.stem) || DESCRIPTOR_WORDS.has(token.stem)) continue;
    if (TRADE_STEMS.has(token.stem) || UNIT_WORDS.has(token.lower) || PACKAGING_WORDS.has(token.stem)) continue;
    add(token.surface);
  }
  return found.slice(0, 3);
}

// ─── The catalogue ──────────────────────────────────────────────────────────

type Named = { name: string; stems: Set<string> };

type Catalogue = {
  /** stems of our product names that identify a product (colours, sizes and adjectives left out) */
  productVocabulary: Set<string>;
  /** stems of our category names */
  categoryVocabulary: Set<string>;
  categories: Named[];
  products: Named[];
  empty: boolean;
};

function identifyingStems(name: string): Set<string> {
  const stems = new Set<string>();
  for (const token of tokenise(name)) {
    if (isContentStem(token) && !DESCRIPTOR_WORDS.has(token.stem)) stems.add(token.stem);
  }
  return stems;
}

function buildCatalogue(context: CatalogueContext): Catalogue {
  const categories = context.categoryNames.map((name) => ({ name, stems: identifyingStems(name) }));
  const products = context.productNames.map((name) => ({ name, stems: identifyingStems(name) }));
  return {
    productVocabulary: new Set(products.flatMap((p) => [...p.stems])),
    categoryVocabulary: new Set(categories.flatMap((c) => [...c.stems])),
    categories,
    products,
    empty: categories.length === 0 && products.length === 0,
  };
}

/** Our product whose name shares the most identifying words with the request (ties: the shorter name, then A–Z). */
function closestProduct(products: Named[], requestStems: Set<string>) {
  let best: { name: string; overlap: number; size: number } | null = null;
  for (const product of products) {
    let overlap = 0;
    for (const s of product.stems) if (requestStems.has(s)) overlap += 1;
    if (overlap === 0) continue;
    const size = product.stems.size;
    if (
      !best ||
      overlap > best.overlap ||
      (overlap === best.overlap && (size < best.size || (size === best.size && product.name < best.name)))
    ) {
      best = { name: product.name, overlap, size };
    }
  }
  // close: two shared words, or half of what identifies the product
  return best && (best.overlap >= 2 || best.overlap / Math.max(1, best.size) >= 0.5) ? best : null;
}

// ─── Wording ────────────────────────────────────────────────────────────────

/**
 * The noun phrases that name the goods, as the customer wrote them ("oat milk portions"): runs of
 * meaningful words, unbroken by punctuation or small words, that contain a product word.
 */
function productPhrases(source: string, tokens: Token[], productStems: Set<string>): string[] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  let previousEnd = -1;
  for (const token of tokens) {
    const joinable =
      !STOPWORDS.has(token.lower) &&
      !/^(?:size|sizes|xxs|xs|xl|xxl|xxxl|3xl|4xl)$/.test(token.lower) &&
      !/^\d/.test(token.lower) &&
      !VAGUE_WORDS.has(token.lower) &&
      !UNIT_WORDS.has(token.lower) &&
      !NON_CONTENT.has(token.lower);
    const adjacent = previousEnd >= 0 && /^\s*$/.test(source.slice(previousEnd, token.index));
    if (!joinable || !adjacent) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (joinable) run.push(token);
    previousEnd = token.index + token.surface.length;
  }
  if (run.length > 0) runs.push(run);

  const phrases: string[] = [];
  for (const candidate of runs) {
    if (!candidate.some((t) => productStems.has(t.stem))) continue;
    if (candidate.every((t) => PACKAGING_WORDS.has(t.stem))) continue;
    // English puts the head noun last: keep the last four words
    const text = candidate
      .slice(-4)
      .map((t) => t.lower)
      .join(" ");
    if (!phrases.includes(text)) phrases.push(text);
  }
  return phrases;
}

function quote(items: string[], max = 3) {
  return items.slice(0, max).join(", ");
}

function listText(parts: string[]) {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function sentence(text: string) {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

function clamp(score: number) {
  return Math.max(SCORE_MIN, Math.min(SCORE_MAX, Math.round(score)));
}

/** How strongly words name goods: packaging words ("boxes") count for little next to "gloves". */
function goodsWeight(found: string[]) {
  return found.reduce((sum, phrase) => sum + (phrase.split(" ").every((w) => PACKAGING_WORDS.has(stem(w))) ? 0.1 : 1), 0);
}

function dedupe(items: string[]) {
  return [...new Set(items)];
}

// ─── The analysis ───────────────────────────────────────────────────────────

export function analyseProductRequest(text: string, context: CatalogueContext): RequestAnalysis {
  const source = text.replace(/\s+/g, " ").trim().slice(0, 2000);
  const lowerText = source.toLowerCase();
  const tokens = tokenise(source);
  const catalogue = buildCatalogue(context);

  // what the request names; a longer phrase wins over the words inside it ("cleaning service", "car seat")
  const services = findPhrases(tokens, SERVICE_WORDS);
  const sectorHits = SECTORS.map((sector) => ({
    sector,
    found: notPartOf(findPhrases(tokens, sector.words), services),
  })).filter((hit) => hit.found.length > 0);
  const goodsPhrases = sectorHits.flatMap((hit) => hit.found);
  const prohibited = firstConcern(tokens, PROHIBITED, goodsPhrases);
  const regulated = firstConcern(tokens, REGULATED, goodsPhrases);
  const offRange = firstConcern(tokens, OFF_RANGE, goodsPhrases);
  const serviceOnly = services.length > 0 && sectorHits.length === 0 && !offRange && !regulated && !prohibited;
  const bespoke = BESPOKE_PATTERN.test(lowerText);
  const personal = PERSONAL_PATTERN.test(lowerText);

  // overlap with our own catalogue
  const requestTerms: { stem: string; word: string }[] = [];
  for (const token of tokens) {
    if (!isContentStem(token) || DESCRIPTOR_WORDS.has(token.stem)) continue;
    if (!requestTerms.some((r) => r.stem === token.stem)) requestTerms.push({ stem: token.stem, word: token.lower });
  }
  const requestStems = new Set(requestTerms.map((r) => r.stem));
  const serviceStems = new Set(services.flatMap((s) => s.split(" ").map(stem)));
  const catalogueTerms = requestTerms.filter(
    (r) => catalogue.productVocabulary.has(r.stem) && !(serviceOnly && serviceStems.has(r.stem)),
  );
  const categoryMatches = catalogue.categories.filter((c) => [...c.stems].some((s) => requestStems.has(s)));
  const closeProduct = closestProduct(catalogue.products, requestStems);
  // lines we already trade in: a sector with a word that appears in our product names
  const inRangeSectors = sectorHits
    .filter((hit) => hit.sector.words.some((w) => !w.includes(" ") && catalogue.productVocabulary.has(stem(w))))
    .sort((a, b) => goodsWeight(b.found) - goodsWeight(a.found));

  const productWords = dedupe([
    ...goodsPhrases,
    ...catalogueTerms.map((t) => t.word),
    // electronics and vehicles are goods, if not ours; property and travel are not
    ...(offRange && offRange.key !== "property" ? offRange.found : []),
    ...(regulated?.found ?? []),
    ...(prohibited?.found ?? []),
  ]);
  const namesProduct = productWords.length > 0;
  const productStems = new Set(productWords.flatMap((w) => w.split(" ").map(stem)));
  const phrases = productPhrases(source, tokens, productStems);
  const goodsNamed = quote(phrases.length > 0 ? phrases : productWords, 3);

  // specifics
  const measures = matches(source, MEASURE);
  const packs = matches(source, PACK_QUANTITY);
  const sizes = matches(source, SIZE_WORDS);
  const specs = matches(source, SPEC_PATTERN).map((s) => s.toLowerCase());
  const knownVocabulary = new Set<string>([
    ...catalogue.productVocabulary,
    ...catalogue.categoryVocabulary,
    ...SECTORS.flatMap((s) => s.words.map(stem)),
  ]);
  const brands = brandNames(source, tokens, knownVocabulary);
  const explainsUse = USE_PATTERNS.some((p) => p.test(lowerText));
  const vague = dedupe(tokens.filter((t) => VAGUE_WORDS.has(t.lower)).map((t) => t.lower));
  const tradeTerms = findPhrases(tokens, TRADE_WORDS);
  const wordCount = tokens.length;

  // ── clarity: could a buyer act on it?
  let clarity = wordCount < 5 ? 1 : wordCount < 10 ? 2 : wordCount < 20 ? 3 : wordCount <= 150 ? 4 : 3;
  const clarityHas: string[] = [];
  const clarityMissing: string[] = [];
  if (namesProduct) {
    clarity += 2;
    clarityHas.push(`names the product (${goodsNamed})`);
  } else clarityMissing.push("what the product is");
  if (packs.length > 0) {
    clarity += 2;
    clarityHas.push(`gives quantities or pack sizes (${quote(packs, 2)})`);
  } else clarityMissing.push("a pack size or quantity");
  if (measures.length > 0 || sizes.length > 0) {
    clarity += 1;
    clarityHas.push(`gives sizes or measurements (${quote(dedupe([...measures, ...sizes]), 3)})`);
  } else clarityMissing.push("sizes or measurements");
  if (brands.length > 0 || specs.length > 0) {
    clarity += 1;
    clarityHas.push(`names a brand or specification (${quote(dedupe([...brands, ...specs]), 3)})`);
  } else clarityMissing.push("a brand or specification");
  if (explainsUse) {
    clarity += 1;
    clarityHas.push("says how it would be used");
  } else clarityMissing.push("how and how much you would use it");
  if (vague.length > 0) clarity -= Math.min(2, vague.length);
  if (wordCount > 150) clarityMissing.unshift("a short summary up front");
  const clarityScore = clamp(clarity);

  let clarityReason =
    clarityHas.length > 0
      ? `in ${wordCount} words the request ${listText(clarityHas)}`
      : `in ${wordCount} words the request does not say enough for a buyer to act on`;
  if (vague.length > 0) clarityReason += `; vague wording (${quote(vague)}) leaves it open`;
  if (clarityScore < 8 && clarityMissing.length > 0) {
    clarityReason += `; it would help to add ${listText(clarityMissing.slice(0, 3))}`;
  }

  // ── relevance: does it belong in our range?
  let relevance = 1;
  const relevanceHas: string[] = [];
  if (catalogueTerms.length > 0) {
    relevance += Math.min(4, catalogueTerms.length);
    relevanceHas.push(`shares words with our product names (${quote(catalogueTerms.map((t) => t.word), 4)})`);
  }
  if (categoryMatches.length > 0) {
    relevance += 1;
    const names = listText(categoryMatches.slice(0, 2).map((c) => c.name));
    relevanceHas.push(`fits our ${names} ${categoryMatches.length > 1 ? "categories" : "category"}`);
  }
  if (closeProduct) {
    relevance += 1;
    relevanceHas.push(`is close to our "${closeProduct.name}"`);
  }
  const supplySector = sectorHits.find((hit) => hit.sector.key !== "equipment");
  if (inRangeSectors.length > 0) {
    relevance += 2;
    relevanceHas.push(`belongs to a line we already supply (${inRangeSectors[0].sector.label})`);
  } else if (catalogue.empty && supplySector) {
    relevance += 2;
    relevanceHas.push(`belongs to a usual line for a trade supplier (${supplySector.sector.label})`);
  } else if (sectorHits.length > 0) {
    relevance += 1;
    relevanceHas.push(`is ${sectorHits[0].sector.label}, which trade customers buy`);
  }
  if (tradeTerms.length > 0) {
    relevance += Math.min(2, tradeTerms.length);
    relevanceHas.push(`reads as a trade need (${quote(tradeTerms)})`);
  }
  const outside = prohibited ?? offRange ?? (serviceOnly ? { found: services } : null);
  if (outside) relevance -= 3;
  if (personal) relevance -= 2;
  const relevanceScore = clamp(relevance);

  const relevanceNotes: string[] = [];
  if (outside) {
    relevanceNotes.push(
      `${quote(outside.found, 2)} ${serviceOnly ? "is a service, not goods we stock" : "falls outside the trade supplies we carry"}`,
    );
  }
  if (personal) relevanceNotes.push("it reads as a personal purchase rather than a business need");
  let relevanceReason: string;
  if (relevanceHas.length > 0) {
    relevanceReason = `the request ${listText(relevanceHas)}`;
    if (relevanceNotes.length > 0) relevanceReason += `, but ${listText(relevanceNotes)}`;
  } else {
    relevanceReason = catalogue.empty
      ? "there is no catalogue yet to compare it with, and it names no usual line of trade supplies"
      : "nothing in it matches our categories or product names";
    if (relevanceNotes.length > 0) relevanceReason += `, and ${listText(relevanceNotes)}`;
  }

  // ── feasibility: could a UK wholesaler source it?
  let feasibility = 5;
  let feasibilityReason: string;
  if (prohibited) {
    feasibility = 1;
    feasibilityReason = `${quote(prohibited.found, 2)}: ${prohibited.reason}`;
  } else if (serviceOnly) {
    feasibility = 2;
    feasibilityReason = `it asks for a service (${quote(services, 2)}) rather than goods a wholesaler can buy in and deliver`;
  } else {
    const positives: string[] = [];
    const cautions: string[] = [];
    if (namesProduct) {
      feasibility += 2;
      positives.push(
        offRange || regulated
          ? `it names a product (${goodsNamed})`
          : `it names goods a UK wholesaler can source (${goodsNamed})`,
      );
    } else {
      feasibility -= 2;
      positives.push("it does not name a product type a supplier could quote for");
    }
    if (closeProduct || catalogueTerms.length >= 2 || inRangeSectors.length > 0) {
      feasibility += 1;
      positives.push("our existing suppliers already cover similar lines");
    }
    if (packs.length > 0 || measures.length > 0 || specs.length > 0 || brands.length > 0) {
      feasibility += 1;
      positives.push("there is enough detail to ask suppliers for a quote");
    }
    if (bespoke) {
      feasibility -= 1;
      cautions.push("custom or branded goods mean minimum order quantities and longer lead times");
    }
    if (offRange) {
      feasibility -= offRange.key === "electronics" ? 4 : 6;
      cautions.push(offRange.reason);
    }
    if (regulated) {
      feasibility -= regulated.key === "tobacco" ? 4 : 3;
      cautions.push(regulated.reason);
    }
    feasibilityReason = listText(positives);
    if (cautions.length > 0) feasibilityReason += `, but ${listText(cautions)}`;
  }
  const feasibilityScore = clamp(feasibility);

  const reasoning = [
    `Feasibility ${feasibilityScore}/10: ${sentence(feasibilityReason)}`,
    `Clarity ${clarityScore}/10: ${sentence(clarityReason)}`,
    `Relevance ${relevanceScore}/10: ${sentence(relevanceReason)}`,
  ].join(" ");

  return { feasibilityScore, clarityScore, relevanceScore, reasoning };
}
