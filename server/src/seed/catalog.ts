import type { Category } from '@common/categories';

/** A kind of thing students sell: its name, a believable price range and a few details. */
export interface CatalogItem {
  name: string;
  price: [number, number];
  details: string[];
}

/** Two or three items for every category of common/categories.ts. */
export const CATALOG: Record<Category, CatalogItem[]> = {
  'audio & speakers': [
    {
      name: 'Sony WH-1000XM4 headphones',
      price: [120, 190],
      details: ['Noise cancelling still works great.', 'Comes with the case and cable.'],
    },
    {
      name: 'JBL Flip 5 speaker',
      price: [45, 70],
      details: ['Waterproof, loud enough for a tailgate.', 'Battery lasts all day.'],
    },
    {
      name: 'Audio-Technica turntable',
      price: [80, 130],
      details: ['Belt drive, plays 33 and 45.', 'Needle replaced last spring.'],
    },
  ],
  'auto parts & accessories': [
    {
      name: 'WeatherTech floor mats',
      price: [40, 80],
      details: ['Fit a 2018-2022 Civic.', 'Hosed off, look almost new.'],
    },
    {
      name: 'car phone mount',
      price: [10, 20],
      details: ['Magnetic vent mount.', 'Never had a phone fall off.'],
    },
  ],
  'books, movies, & music': [
    {
      name: 'Calculus: Early Transcendentals textbook',
      price: [35, 70],
      details: ['8th edition, some highlighting in ch. 3.', 'Works for Calc I and II.'],
    },
    {
      name: 'Harry Potter box set',
      price: [30, 50],
      details: ['All seven paperbacks.', 'Spines barely creased.'],
    },
    {
      name: 'vinyl record bundle',
      price: [25, 60],
      details: ['Twelve classic rock records.', 'Sleeves in good shape.'],
    },
  ],
  'clothing, shoes, & accessories': [
    {
      name: 'Patagonia fleece jacket',
      price: [45, 75],
      details: ['Size M, navy.', 'Warm enough for early mornings.'],
    },
    {
      name: 'Nike Air Force 1 sneakers',
      price: [50, 80],
      details: ['Men’s 10, worn a handful of times.', 'Original box included.'],
    },
    {
      name: 'game day jersey',
      price: [30, 55],
      details: ['Size L, official.', 'Washed once, no stains.'],
    },
  ],
  'cars & trucks': [
    {
      name: '2012 Honda Civic',
      price: [6500, 8900],
      details: ['118k miles, clean title.', 'New tires and brakes in March.'],
    },
    {
      name: '2009 Toyota Tacoma',
      price: [11000, 14500],
      details: ['4x4, 160k miles.', 'Never missed an oil change.'],
    },
  ],
  'cameras & photography': [
    {
      name: 'Canon Rebel T7 camera',
      price: [280, 380],
      details: ['Kit lens plus a 50mm f/1.8.', 'Shutter count around 4k.'],
    },
    {
      name: 'GoPro Hero 9',
      price: [150, 220],
      details: ['Two batteries and a chest mount.', 'Screen has no scratches.'],
    },
  ],
  'cell phones & accessories': [
    {
      name: 'iPhone 13 (128 GB)',
      price: [320, 420],
      details: ['Unlocked, battery health 88%.', 'Always had a case on.'],
    },
    {
      name: 'Anker power bank',
      price: [15, 30],
      details: ['20,000 mAh, charges a phone 4 times.', 'USB-C in and out.'],
    },
  ],
  'collectibles & art': [
    {
      name: 'framed campus print',
      price: [25, 60],
      details: ['18x24, local artist.', 'Frame included.'],
    },
    {
      name: 'Funko Pop collection',
      price: [20, 45],
      details: ['Eight figures, boxes intact.', 'Can sell separately.'],
    },
  ],
  'computers & accessories': [
    {
      name: 'MacBook Air M1',
      price: [480, 620],
      details: ['8 GB / 256 GB, 190 battery cycles.', 'Charger included.'],
    },
    {
      name: 'Dell 27" monitor',
      price: [90, 140],
      details: ['1440p, HDMI and DisplayPort.', 'Stand adjusts height.'],
    },
    {
      name: 'Logitech MX Master 3 mouse',
      price: [45, 65],
      details: ['Works on Mac and Windows.', 'Receiver included.'],
    },
  ],
  drones: [
    {
      name: 'DJI Mini 2 drone',
      price: [260, 340],
      details: ['Fly More combo, three batteries.', 'Registered and never crashed.'],
    },
  ],
  exercise: [
    {
      name: 'adjustable dumbbells',
      price: [120, 200],
      details: ['5 to 52.5 lb each.', 'Perfect for a dorm room.'],
    },
    {
      name: 'yoga mat and blocks',
      price: [15, 30],
      details: ['Thick mat, two cork blocks.', 'Cleaned and rolled.'],
    },
  ],
  'jewelry & accessories': [
    {
      name: 'silver hoop earrings',
      price: [15, 35],
      details: ['Sterling silver.', 'Gift box included.'],
    },
    {
      name: 'Fossil watch',
      price: [40, 75],
      details: ['Leather strap, new battery.', 'Keeps perfect time.'],
    },
  ],
  furniture: [
    {
      name: 'IKEA desk',
      price: [40, 70],
      details: ['White, 47 inches wide.', 'You pick up, I can help carry.'],
    },
    {
      name: 'gray futon',
      price: [70, 120],
      details: ['Folds flat into a bed.', 'No pets, no smoking.'],
    },
    {
      name: 'bookshelf',
      price: [20, 40],
      details: ['Five shelves, walnut finish.', 'Sturdy, no wobble.'],
    },
  ],
  'health & beauty': [
    {
      name: 'Dyson Airwrap',
      price: [280, 360],
      details: ['All attachments and the case.', 'Used maybe ten times.'],
    },
    {
      name: 'electric toothbrush',
      price: [25, 45],
      details: ['Sonicare, two new heads.', 'Charger included.'],
    },
  ],
  'housing & apartments': [
    {
      name: 'summer sublease (1BR)',
      price: [650, 950],
      details: ['Furnished, walk to campus.', 'May to August, utilities included.'],
    },
    {
      name: 'room in a 4BR house',
      price: [550, 750],
      details: ['Private bath, washer and dryer.', 'Three chill roommates.'],
    },
  ],
  'home decor': [
    {
      name: 'LED strip lights',
      price: [10, 20],
      details: ['16 ft with a remote.', 'Adhesive still good.'],
    },
    {
      name: 'woven wall tapestry',
      price: [15, 30],
      details: ['Large, neutral colours.', 'Hooks included.'],
    },
  ],
  household: [
    {
      name: 'Shark vacuum',
      price: [60, 110],
      details: ['Cordless, two batteries.', 'Works on rugs and hardwood.'],
    },
    {
      name: 'mini fridge',
      price: [60, 100],
      details: ['3.2 cu ft with a small freezer.', 'Clean and cold.'],
    },
  ],
  'kitchen & dining': [
    {
      name: 'KitchenAid stand mixer',
      price: [150, 230],
      details: ['Five quart, red.', 'Dough hook and whisk included.'],
    },
    {
      name: 'Ninja air fryer',
      price: [45, 70],
      details: ['Four quart basket.', 'Barely used, cleaned well.'],
    },
    {
      name: 'Keurig coffee maker',
      price: [35, 55],
      details: ['Single serve.', 'Descaled last week.'],
    },
  ],
  'musical instruments': [
    {
      name: 'Yamaha acoustic guitar',
      price: [110, 170],
      details: ['New strings, gig bag included.', 'Great for beginners.'],
    },
    {
      name: 'MIDI keyboard',
      price: [60, 95],
      details: ['49 keys, USB powered.', 'Works with GarageBand.'],
    },
  ],
  motorcycles: [
    { name: '2015 Honda Grom', price: [2400, 3200], details: ['7,800 miles.', 'Title in hand.'] },
    {
      name: 'scooter (50cc)',
      price: [800, 1300],
      details: ['Gets about 90 mpg.', 'Perfect for getting to class.'],
    },
  ],
  'pet supplies': [
    {
      name: 'dog crate',
      price: [30, 55],
      details: ['Medium size, folds flat.', 'Divider included.'],
    },
    {
      name: '20 gallon aquarium',
      price: [40, 70],
      details: ['Filter, heater and light.', 'No leaks.'],
    },
  ],
  'school supplies': [
    {
      name: 'TI-84 Plus calculator',
      price: [45, 70],
      details: ['Works perfectly.', 'Approved for most exams.'],
    },
    {
      name: 'lab coat and goggles',
      price: [15, 25],
      details: ['Size M coat.', 'Needed for chem lab.'],
    },
  ],
  'sports & outdoors': [
    {
      name: 'REI two-person tent',
      price: [70, 120],
      details: ['Used on three trips.', 'All poles and stakes.'],
    },
    {
      name: 'road bike',
      price: [220, 380],
      details: ['54 cm frame, Shimano 105.', 'Tuned up last month.'],
    },
    { name: 'Yeti cooler', price: [120, 180], details: ['Tundra 35.', 'Keeps ice for days.'] },
  ],
  tickets: [
    {
      name: 'two football tickets',
      price: [60, 180],
      details: ['Student section, home game.', 'Transfer through the app.'],
    },
    {
      name: 'concert ticket',
      price: [40, 95],
      details: ['General admission.', 'Can’t make it anymore.'],
    },
  ],
  'tires & rims': [
    {
      name: 'set of four all-season tires',
      price: [180, 300],
      details: ['215/55R17, 60% tread left.', 'Pick up only.'],
    },
    {
      name: '17" alloy rims',
      price: [250, 400],
      details: ['5x114.3, no curb rash.', 'Lug nuts included.'],
    },
  ],
  'toys, games, & hobbies': [
    {
      name: 'Catan board game',
      price: [20, 35],
      details: ['All pieces, played a few times.', 'Great for game night.'],
    },
    {
      name: 'LEGO Millennium Falcon',
      price: [90, 150],
      details: ['Built once, all pieces bagged.', 'Instructions included.'],
    },
  ],
  'trading cards': [
    {
      name: 'Pokémon card binder',
      price: [60, 140],
      details: ['About 200 cards, some holos.', 'Sleeved.'],
    },
    {
      name: 'sports card lot',
      price: [25, 60],
      details: ['Mostly basketball rookies.', 'Toploaders included.'],
    },
  ],
  'tvs & media players': [
    {
      name: 'TCL 50" 4K TV',
      price: [150, 230],
      details: ['Roku built in.', 'Remote and stand included.'],
    },
    {
      name: 'Roku streaming stick',
      price: [15, 25],
      details: ['4K, voice remote.', 'Works great.'],
    },
  ],
  'video games & consoles': [
    {
      name: 'Nintendo Switch OLED',
      price: [230, 290],
      details: ['Two Joy-Cons and the dock.', 'Screen protector on since day one.'],
    },
    {
      name: 'PS5 controller',
      price: [35, 50],
      details: ['No stick drift.', 'Charging cable included.'],
    },
    {
      name: 'Xbox Series S',
      price: [170, 220],
      details: ['512 GB, one controller.', 'Original box.'],
    },
  ],
  'virtual reality': [
    {
      name: 'Meta Quest 2',
      price: [150, 210],
      details: ['128 GB, elite strap.', 'Lenses are scratch free.'],
    },
  ],
  wearables: [
    {
      name: 'Apple Watch Series 7',
      price: [150, 220],
      details: ['45 mm, GPS.', 'Battery health 91%.'],
    },
    {
      name: 'Fitbit Charge 5',
      price: [50, 80],
      details: ['Two bands.', 'Tracks sleep and steps.'],
    },
  ],
  '3d printers & supplies': [
    {
      name: 'Creality Ender 3 printer',
      price: [120, 170],
      details: ['Upgraded glass bed.', 'Prints great out of the box.'],
    },
    {
      name: 'PLA filament bundle',
      price: [20, 40],
      details: ['Six rolls, mixed colours.', 'Kept sealed and dry.'],
    },
  ],
};

/**
 * Items only the demo data lists, beside the catalogue's (the benchmark's
 * search corpus, bench/search-corpus.ts, keeps the catalogue as measured).
 */
export const DEMO_EXTRAS: Partial<Record<Category, CatalogItem[]>> = {
  furniture: [
    {
      name: 'desk chair',
      price: [25, 60],
      details: ['Adjustable height, rolls smoothly.', 'Comfortable for long study nights.'],
    },
  ],
  'home decor': [
    {
      name: 'desk lamp',
      price: [10, 25],
      details: ['Warm light, bulb included.', 'Perfect for late-night reading.'],
    },
    {
      name: 'potted plant',
      price: [10, 30],
      details: ['Healthy and growing, pot included.', 'Likes bright light, water once a week.'],
    },
  ],
};

export const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mason',
  'Amelia',
  'Ethan',
  'Harper',
  'Logan',
  'Evelyn',
  'Aiden',
  'Abigail',
  'Jackson',
  'Emily',
  'Sebastian',
  'Ella',
  'Mateo',
  'Madison',
  'Jack',
  'Scarlett',
  'Owen',
  'Chloe',
  'Daniel',
  'Grace',
  'Henry',
  'Zoe',
  'Wyatt',
  'Riley',
  'Carter',
  'Nora',
  'Julian',
  'Lily',
  'Levi',
  'Hannah',
  'Isaac',
  'Layla',
  'Gabriel',
  'Aaliyah',
  'Jayden',
  'Priya',
  'Diego',
  'Mei',
  'Omar',
  'Sofia',
  'Andre',
  'Fatima',
  'Ravi',
  'Camila',
  'Kenji',
  'Maya',
  'Malik',
  'Ana',
  'Tyler',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Shah',
  'Tanaka',
  'Murphy',
  'Ortiz',
  'Reyes',
  'Brooks',
  'Bennett',
];

export const OPENERS = [
  'Selling',
  'For sale:',
  'Moving out, selling my',
  'Letting go of my',
  'Anyone need a',
  'Up for grabs:',
];
export const CLOSERS = [
  'Pick up near campus, DM me!',
  'Can meet at the library or the student union.',
  'Venmo or cash. Message me if interested.',
  'Price is a little negotiable.',
  'First come, first served.',
  'Need it gone before the end of the semester.',
];

export const COMMENTS = [
  'Is this still available?',
  'Would you take {offer}?',
  'Interested! When can I pick it up?',
  'Any scratches or damage?',
  'Can you hold it until Friday?',
  'Do you deliver to the dorms?',
  'Sent you a message!',
  'How old is it?',
  'Great price, wish I needed one.',
  'Tagging my roommate, we were just looking for this.',
];
export const SELLER_REPLIES = [
  'Yes, still available!',
  'I could do {offer} if you pick up today.',
  'No damage at all, works perfectly.',
  'Sure, I can hold it until then.',
  'Just replied to your message.',
  'About a year old, barely used.',
  'I can meet near the union after 3.',
];
export const BUYER_REPLIES = [
  'Deal! See you then.',
  'Perfect, thanks!',
  'Sounds good, DMing you now.',
  'Awesome, I’ll take it.',
  'Ok, let me think about it.',
];

export const PALETTE = [
  '#f94144',
  '#f3722c',
  '#f8961e',
  '#f9c74f',
  '#90be6d',
  '#43aa8b',
  '#4d908e',
  '#577590',
  '#277da1',
  '#9b5de5',
  '#f15bb5',
  '#00bbf9',
];
