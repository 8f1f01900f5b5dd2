/** Word lists the benchmark data set draws its categories, products and customers from. */

export const SCALE_CATEGORIES: [string, string[]][] = [
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

export const SCALE_BRANDS = ["Trademaster", "ProLine", "Stanbury", "Northgate", "Everstock", "Keystone", "Ridgeback", "Millbrook", "Castleford", "Ironbridge"];
export const SCALE_SPECS = ["Pack of 10", "Pack of 25", "Pack of 50", "Box of 100", "Box of 200", "Case of 6", "Case of 12", "Single", "Twin Pack", "Bulk Pack"];
export const SCALE_TOWNS = ["Leeds", "Bradford", "Wakefield", "Halifax", "Huddersfield", "York", "Harrogate", "Sheffield", "Doncaster", "Barnsley", "Hull", "Rotherham"];
export const SCALE_TRADES = ["Plumbing", "Electrical", "Catering", "Cleaning Services", "Building", "Roofing", "Cafe", "Hotel", "Garage", "Decorators", "Joinery", "Care Home"];
export const SCALE_FIRST = ["Amelia", "Oliver", "Isla", "George", "Ava", "Harry", "Mia", "Jack", "Sophie", "Noah", "Grace", "Leo"];
export const SCALE_LAST = ["Smith", "Jones", "Taylor", "Brown", "Wilson", "Evans", "Walker", "Wright", "Robinson", "Thompson", "Hughes", "Ahmed"];
