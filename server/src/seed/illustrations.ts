/**
 * The seed's listing photos (docs/architecture.md, Demo data; ADR 049): flat
 * illustrations of the things students sell, with shading, a floor and a
 * wall behind, drawn as SVG and rasterised by `sharp` at seed time. Nothing
 * is downloaded and no photo carries words: the picture says what it is.
 *
 * Each drawing fills a 400 × 400 box whose floor line is y = 350; the
 * backdrop places it in the photo. `variant` (the photo's position in its
 * listing) changes the colours and the framing, so a listing's photos differ.
 */

/** The kinds of thing drawn; every catalogue item names one (`ITEM_ART`). */
export const ARTS = [
  'desk',
  'chair',
  'lamp',
  'plant',
  'books',
  'fridge',
  'jacket',
  'shirt',
  'sneakers',
  'headphones',
  'speaker',
  'turntable',
  'car',
  'camera',
  'phone',
  'laptop',
  'screen',
  'mouse',
  'drone',
  'dumbbell',
  'watch',
  'sofa',
  'bookshelf',
  'appliance',
  'house',
  'guitar',
  'keyboard',
  'controller',
  'tent',
  'tickets',
  'tire',
  'frame',
  'aquarium',
  'calculator',
  'cooler',
  'bike',
  'scooter',
  'box',
] as const;
export type Art = (typeof ARTS)[number];

/** Which drawing shows each item of the seed's catalogue (server/src/seed/catalog.ts). */
export const ITEM_ART: Record<string, Art> = {
  'Sony WH-1000XM4 headphones': 'headphones',
  'JBL Flip 5 speaker': 'speaker',
  'Audio-Technica turntable': 'turntable',
  'WeatherTech floor mats': 'box',
  'car phone mount': 'phone',
  'Calculus: Early Transcendentals textbook': 'books',
  'Harry Potter box set': 'books',
  'vinyl record bundle': 'turntable',
  'Patagonia fleece jacket': 'jacket',
  'Nike Air Force 1 sneakers': 'sneakers',
  'game day jersey': 'shirt',
  '2012 Honda Civic': 'car',
  '2009 Toyota Tacoma': 'car',
  'Canon Rebel T7 camera': 'camera',
  'GoPro Hero 9': 'camera',
  'iPhone 13 (128 GB)': 'phone',
  'Anker power bank': 'phone',
  'framed campus print': 'frame',
  'Funko Pop collection': 'box',
  'MacBook Air M1': 'laptop',
  'Dell 27" monitor': 'screen',
  'Logitech MX Master 3 mouse': 'mouse',
  'DJI Mini 2 drone': 'drone',
  'adjustable dumbbells': 'dumbbell',
  'yoga mat and blocks': 'dumbbell',
  'silver hoop earrings': 'watch',
  'Fossil watch': 'watch',
  'IKEA desk': 'desk',
  'gray futon': 'sofa',
  bookshelf: 'bookshelf',
  'Dyson Airwrap': 'appliance',
  'electric toothbrush': 'appliance',
  'summer sublease (1BR)': 'house',
  'room in a 4BR house': 'house',
  'LED strip lights': 'lamp',
  'woven wall tapestry': 'frame',
  'Shark vacuum': 'appliance',
  'mini fridge': 'fridge',
  'KitchenAid stand mixer': 'appliance',
  'Ninja air fryer': 'appliance',
  'Keurig coffee maker': 'appliance',
  'Yamaha acoustic guitar': 'guitar',
  'MIDI keyboard': 'keyboard',
  '2015 Honda Grom': 'scooter',
  'scooter (50cc)': 'scooter',
  'dog crate': 'box',
  '20 gallon aquarium': 'aquarium',
  'TI-84 Plus calculator': 'calculator',
  'lab coat and goggles': 'shirt',
  'REI two-person tent': 'tent',
  'road bike': 'bike',
  'Yeti cooler': 'cooler',
  'two football tickets': 'tickets',
  'concert ticket': 'tickets',
  'set of four all-season tires': 'tire',
  '17" alloy rims': 'tire',
  'Catan board game': 'box',
  'LEGO Millennium Falcon': 'box',
  'Pokémon card binder': 'books',
  'sports card lot': 'box',
  'TCL 50" 4K TV': 'screen',
  'Roku streaming stick': 'screen',
  'Nintendo Switch OLED': 'controller',
  'PS5 controller': 'controller',
  'Xbox Series S': 'controller',
  'Meta Quest 2': 'controller',
  'Apple Watch Series 7': 'watch',
  'Fitbit Charge 5': 'watch',
  'Creality Ender 3 printer': 'box',
  'PLA filament bundle': 'box',
  'desk chair': 'chair',
  'potted plant': 'plant',
  'desk lamp': 'lamp',
};

/** Colours an object may take, by the photo's variant. */
const BODY = ['#2f6fb0', '#c0392b', '#2e8b57', '#e0a526', '#6c4fb3', '#e46f3c', '#3c4858'];
/** Walls and floors behind: soft, so the object stands out. */
const WALLS = ['#f3ede4', '#e6eef5', '#efe7f3', '#e9f2ea', '#f5ebe0', '#e8ecef'];
const FLOORS = ['#c9a27a', '#b8bec7', '#d8c3a5', '#a7b7a0', '#cdb8a2', '#9fa9b4'];

type Draw = (c: string, v: number) => string;

/** A vertical gradient from a lit top to a shaded bottom, declared inline for a shape. */
function shade(id: string, color: string, dark = 0.72): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${tint(color, 1.18)}"/><stop offset="1" stop-color="${tint(color, dark)}"/></linearGradient>`;
}

/** A colour lightened (factor > 1) or darkened (< 1). */
export function tint(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const v = (n >> shift) & 0xff;
    const out = factor >= 1 ? v + (255 - v) * (factor - 1) : v * factor;
    return Math.max(0, Math.min(255, Math.round(out)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

const wheel = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#2b2b2b"/><circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="#c9ced6"/><circle cx="${x}" cy="${y}" r="${r * 0.18}" fill="#6b7280"/>`;

const DRAW: Record<Art, Draw> = {
  desk: (c) =>
    `<defs>${shade('wood', '#b07a48')}${shade('shade', c)}</defs>
<rect x="40" y="190" width="320" height="20" rx="4" fill="url(#wood)"/>
<rect x="55" y="210" width="14" height="140" fill="#8a5a30"/><rect x="331" y="210" width="14" height="140" fill="#8a5a30"/>
<rect x="245" y="210" width="86" height="70" fill="#9c6a3c"/><rect x="275" y="240" width="26" height="6" rx="3" fill="#5b3a1e"/>
<rect x="70" y="172" width="44" height="18" rx="3" fill="#6b4f3a"/><path d="M74 172c-8-30 6-44 18-50-2 18 2 34-6 50zM104 172c12-26 30-30 40-28-12 12-18 22-26 28z" fill="#3f8f4f"/><path d="M92 172c0-34 8-52 20-60 2 22-4 42-12 60z" fill="#2f7a3f"/>
<ellipse cx="300" cy="186" rx="26" ry="6" fill="#333"/><path d="M300 184 284 120 318 92" stroke="#444" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M300 78l40 18-14 26-40-18z" fill="url(#shade)"/><ellipse cx="318" cy="122" rx="36" ry="10" fill="#fff6c8" opacity="0.55"/>`,
  chair: (c) =>
    `<defs>${shade('seat', c)}</defs>
<rect x="130" y="70" width="140" height="130" rx="26" fill="url(#seat)"/><rect x="120" y="205" width="160" height="34" rx="14" fill="${tint(c, 0.85)}"/>
<rect x="193" y="239" width="14" height="70" fill="#3a3a3a"/><path d="M200 309 120 335M200 309 280 335M200 309 200 345" stroke="#3a3a3a" stroke-width="10" stroke-linecap="round"/>
<circle cx="120" cy="338" r="9" fill="#222"/><circle cx="280" cy="338" r="9" fill="#222"/><circle cx="200" cy="346" r="9" fill="#222"/>`,
  lamp: (c) =>
    `<defs>${shade('shade', c)}<radialGradient id="glow"><stop offset="0" stop-color="#fff7c2" stop-opacity="0.95"/><stop offset="1" stop-color="#fff7c2" stop-opacity="0"/></radialGradient></defs>
<ellipse cx="200" cy="190" rx="150" ry="110" fill="url(#glow)"/>
<ellipse cx="200" cy="345" rx="60" ry="12" fill="#3b3b3b"/><rect x="194" y="150" width="12" height="195" fill="#555"/>
<path d="M130 160 160 60h80l30 100z" fill="url(#shade)"/><path d="M130 160h140" stroke="${tint(c, 0.6)}" stroke-width="6"/>`,
  plant: (c) =>
    `<defs>${shade('pot', c)}</defs>
<path d="M140 250h120l-14 100h-92z" fill="url(#pot)"/><rect x="132" y="238" width="136" height="18" rx="6" fill="${tint(c, 0.8)}"/>
<path d="M200 240c-10-70-60-110-110-110 20 50 50 100 110 110z" fill="#3f8f4f"/><path d="M200 240c10-80 60-130 120-130-20 60-60 110-120 130z" fill="#2f7a3f"/>
<path d="M200 240c-20-60 0-130 20-170 20 50 10 120-20 170z" fill="#4aa55c"/><path d="M200 240 120 150M200 240l90-100M200 240l15-150" stroke="#1f5a2c" stroke-width="3" fill="none"/>`,
  books: (c, v) => {
    const colors = [c, BODY[(v + 2) % BODY.length]!, BODY[(v + 4) % BODY.length]!, '#2b3a55'];
    return `<defs>${colors.map((k, i) => shade(`b${i}`, k, 0.8)).join('')}</defs>
${colors
  .map((_, i) => {
    const y = 300 - i * 48;
    const x = 90 + (i % 2) * 18 - (i === 3 ? 10 : 0);
    return `<rect x="${x}" y="${y}" width="220" height="46" rx="5" fill="url(#b${i})"/><rect x="${x + 200}" y="${y + 5}" width="14" height="36" fill="#f7f3e8"/><path d="M${x + 203} ${y + 12}h8M${x + 203} ${y + 20}h8M${x + 203} ${y + 28}h8" stroke="#d8d0bf" stroke-width="2"/><rect x="${x + 20}" y="${y + 18}" width="90" height="8" rx="4" fill="#ffffff" opacity="0.55"/>`;
  })
  .join('')}`;
  },
  fridge: (c) =>
    `<defs>${shade('body', c === '#3c4858' ? '#d9dee4' : tint(c, 1.5))}</defs>
<rect x="110" y="60" width="180" height="280" rx="18" fill="url(#body)"/><path d="M110 150h180" stroke="#9aa3ad" stroke-width="4"/>
<rect x="262" y="90" width="8" height="40" rx="4" fill="#7a828c"/><rect x="262" y="170" width="8" height="70" rx="4" fill="#7a828c"/>
<rect x="124" y="340" width="20" height="10" fill="#444"/><rect x="256" y="340" width="20" height="10" fill="#444"/><rect x="118" y="66" width="14" height="270" rx="7" fill="#ffffff" opacity="0.35"/>`,
  jacket: (c) =>
    `<defs>${shade('fleece', c)}</defs>
<path d="M150 60h100l70 40 40 150-40 10-30-100v180H110V160l-30 100-40-10 40-150z" fill="url(#fleece)"/>
<path d="M170 60l30 40 30-40" fill="${tint(c, 0.7)}"/><path d="M200 100v240" stroke="#d9d9d9" stroke-width="4"/><rect x="196" y="100" width="8" height="18" rx="2" fill="#bbb"/>
<path d="M130 230h40M230 230h40" stroke="${tint(c, 0.6)}" stroke-width="5" stroke-linecap="round"/>`,
  shirt: (c) =>
    `<defs>${shade('cloth', c)}</defs>
<path d="M150 70h100l80 50-30 50-40-20v190H140V150l-40 20-30-50z" fill="url(#cloth)"/><path d="M170 70q30 30 60 0" fill="none" stroke="${tint(c, 0.6)}" stroke-width="8"/>
<rect x="140" y="200" width="120" height="14" fill="#ffffff" opacity="0.8"/><rect x="140" y="224" width="120" height="8" fill="#ffffff" opacity="0.6"/>`,
  sneakers: (c) =>
    `<defs>${shade('upper', '#f4f4f4', 0.82)}</defs>
<path d="M60 300c0-40 20-70 40-80l70-40c20 20 60 30 90 30 40 0 70 30 80 60l10 30z" fill="url(#upper)"/>
<path d="M50 300h310v22q0 14-14 14H64q-14 0-14-14z" fill="#ffffff" stroke="#d5d5d5" stroke-width="3"/>
<path d="M150 270c40 10 90 0 140-30-30 40-90 56-140 46z" fill="${c}"/><path d="M170 200l20 18M190 190l20 18M210 184l18 16" stroke="#bbb" stroke-width="5" stroke-linecap="round"/>`,
  headphones: (c) =>
    `<defs>${shade('cup', c)}</defs>
<path d="M110 230V170a90 90 0 0 1 180 0v60" fill="none" stroke="${tint(c, 0.6)}" stroke-width="20" stroke-linecap="round"/>
<rect x="80" y="200" width="60" height="110" rx="28" fill="url(#cup)"/><rect x="260" y="200" width="60" height="110" rx="28" fill="url(#cup)"/>
<rect x="126" y="215" width="16" height="80" rx="8" fill="#333"/><rect x="258" y="215" width="16" height="80" rx="8" fill="#333"/>`,
  speaker: (c) =>
    `<defs>${shade('can', c)}</defs>
<rect x="70" y="190" width="260" height="130" rx="65" fill="url(#can)"/><ellipse cx="90" cy="255" rx="24" ry="62" fill="${tint(c, 0.6)}"/><ellipse cx="310" cy="255" rx="24" ry="62" fill="${tint(c, 0.6)}"/>
<rect x="120" y="205" width="160" height="100" rx="14" fill="#000" opacity="0.18"/><rect x="180" y="300" width="40" height="10" rx="5" fill="#ff9f1a"/>`,
  turntable: (c) =>
    `<defs>${shade('plinth', '#8b5e3c')}<radialGradient id="vinyl"><stop offset="0" stop-color="#333"/><stop offset="1" stop-color="#0e0e0e"/></radialGradient></defs>
<path d="M40 300 90 200h240l50 100z" fill="url(#plinth)"/><path d="M40 300h340v22H40z" fill="#5e3e26"/>
<ellipse cx="200" cy="250" rx="120" ry="40" fill="url(#vinyl)"/><ellipse cx="200" cy="250" rx="80" ry="26" fill="none" stroke="#3a3a3a" stroke-width="2"/>
<ellipse cx="200" cy="250" rx="30" ry="10" fill="${c}"/><path d="M340 215 320 260 262 270" stroke="#ccc" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  car: (c) =>
    `<defs>${shade('paint', c)}</defs>
<path d="M30 290v-40q0-20 20-26l50-12 50-50q10-10 26-10h90q16 0 28 12l40 44 40 8q20 4 20 26v48z" fill="url(#paint)"/>
<path d="M156 164h54v50h-96zM224 164h50l38 50h-88z" fill="#bcd3e6"/>
${wheel(110, 292, 38)}${wheel(300, 292, 38)}<rect x="340" y="250" width="20" height="10" rx="3" fill="#ffd56b"/>`,
  camera: (c) =>
    `<defs>${shade('body', '#2d2f33', 0.6)}<radialGradient id="glass"><stop offset="0" stop-color="#8fb6e3"/><stop offset="0.6" stop-color="#1b2a44"/><stop offset="1" stop-color="#0b0f18"/></radialGradient></defs>
<rect x="80" y="150" width="240" height="160" rx="22" fill="url(#body)"/><rect x="150" y="122" width="90" height="36" rx="8" fill="#2d2f33"/>
<circle cx="200" cy="232" r="66" fill="#1a1a1a"/><circle cx="200" cy="232" r="50" fill="url(#glass)"/><circle cx="182" cy="214" r="10" fill="#fff" opacity="0.6"/>
<rect x="96" y="164" width="30" height="12" rx="4" fill="${c}"/>`,
  phone: (c) =>
    `<defs>${shade('case', c)}<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5aa0e8"/><stop offset="1" stop-color="#8a4fd8"/></linearGradient></defs>
<rect x="130" y="50" width="140" height="290" rx="26" fill="url(#case)"/><rect x="140" y="62" width="120" height="266" rx="18" fill="url(#screen)"/>
<rect x="180" y="70" width="40" height="10" rx="5" fill="#111"/><circle cx="170" cy="120" r="12" fill="#fff" opacity="0.5"/><circle cx="210" cy="120" r="12" fill="#fff" opacity="0.5"/><circle cx="250" cy="120" r="12" fill="#fff" opacity="0.35"/>`,
  laptop: () =>
    `<defs>${shade('lid', '#c8ccd2', 0.8)}<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a5f"/><stop offset="1" stop-color="#5a86b8"/></linearGradient></defs>
<rect x="90" y="100" width="220" height="160" rx="12" fill="url(#lid)"/><rect x="102" y="112" width="196" height="136" rx="4" fill="url(#screen)"/>
<path d="M50 300l40-40h220l40 40z" fill="#b9bec5"/><path d="M50 300h300v10q0 8-8 8H58q-8 0-8-8z" fill="#9aa0a8"/><rect x="175" y="280" width="50" height="12" rx="3" fill="#a8adb4"/>`,
  screen: () =>
    `<defs><linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f08a5d"/><stop offset="0.5" stop-color="#b83b5e"/><stop offset="1" stop-color="#3a2e6b"/></linearGradient></defs>
<rect x="40" y="80" width="320" height="200" rx="10" fill="#1c1c1e"/><rect x="52" y="92" width="296" height="176" rx="4" fill="url(#screen)"/>
<path d="M52 230l80-60 70 50 50-30 96 60v18H52z" fill="#000" opacity="0.25"/><rect x="186" y="280" width="28" height="50" fill="#2b2b2b"/><rect x="130" y="326" width="140" height="14" rx="6" fill="#2b2b2b"/>`,
  mouse: (c) =>
    `<defs>${shade('shell', c === '#c0392b' ? '#3c4858' : c)}</defs>
<path d="M200 90c60 0 90 60 90 130s-30 120-90 120-90-50-90-120 30-130 90-130z" fill="url(#shell)"/>
<path d="M200 92v100" stroke="#000" stroke-opacity="0.3" stroke-width="3"/><rect x="192" y="130" width="16" height="36" rx="8" fill="#222"/>`,
  drone: (c) =>
    `<defs>${shade('hull', '#9aa1a9', 0.7)}</defs>
<path d="M110 200 290 280M290 200 110 280" stroke="#555" stroke-width="14" stroke-linecap="round"/>
${[
  [110, 200],
  [290, 200],
  [110, 280],
  [290, 280],
]
  .map(
    ([x, y]) =>
      `<ellipse cx="${x}" cy="${y! - 14}" rx="62" ry="10" fill="#bfc5cc" opacity="0.7"/><rect x="${x! - 8}" y="${y! - 16}" width="16" height="20" rx="4" fill="#333"/>`,
  )
  .join('')}
<rect x="150" y="206" width="100" height="68" rx="22" fill="url(#hull)"/><circle cx="200" cy="270" r="14" fill="#1a1a1a"/><rect x="168" y="214" width="64" height="8" rx="4" fill="${c}"/>`,
  dumbbell: (c) =>
    `<defs>${shade('plate', c === '#e0a526' ? '#3c4858' : '#3a3d42', 0.6)}</defs>
<rect x="90" y="230" width="220" height="20" rx="8" fill="#7d848d"/>
<rect x="70" y="180" width="50" height="120" rx="12" fill="url(#plate)"/><rect x="280" y="180" width="50" height="120" rx="12" fill="url(#plate)"/>
<rect x="118" y="196" width="22" height="88" rx="8" fill="${c}"/><rect x="260" y="196" width="22" height="88" rx="8" fill="${c}"/>`,
  watch: (c) =>
    `<defs>${shade('strap', c, 0.6)}<radialGradient id="face"><stop offset="0" stop-color="#2d3440"/><stop offset="1" stop-color="#0f1318"/></radialGradient></defs>
<rect x="160" y="40" width="80" height="320" rx="30" fill="url(#strap)"/><circle cx="200" cy="200" r="84" fill="#c9ced6"/><circle cx="200" cy="200" r="70" fill="url(#face)"/>
<path d="M200 200V152M200 200l32 18" stroke="#fff" stroke-width="6" stroke-linecap="round"/><circle cx="200" cy="200" r="6" fill="#ff7a45"/><rect x="282" y="188" width="14" height="24" rx="4" fill="#aab"/>`,
  sofa: (c) =>
    `<defs>${shade('cushion', c === '#3c4858' ? '#8c939c' : c)}</defs>
<rect x="60" y="140" width="280" height="110" rx="24" fill="url(#cushion)"/><rect x="40" y="200" width="60" height="120" rx="22" fill="${tint(c, 0.8)}"/><rect x="300" y="200" width="60" height="120" rx="22" fill="${tint(c, 0.8)}"/>
<rect x="90" y="236" width="220" height="70" rx="16" fill="url(#cushion)"/><path d="M200 240v64" stroke="#000" stroke-opacity="0.18" stroke-width="4"/>
<rect x="70" y="320" width="12" height="26" fill="#5b4330"/><rect x="318" y="320" width="12" height="26" fill="#5b4330"/>`,
  bookshelf: (_c, v) =>
    `<defs>${shade('wood', '#c49a6c')}</defs>
<rect x="100" y="40" width="200" height="310" rx="6" fill="url(#wood)"/>${[70, 160, 250]
      .map(
        (y, i) =>
          `<rect x="112" y="${y}" width="176" height="80" fill="#7b5634"/>${[0, 1, 2, 3, 4]
            .map(
              (k) =>
                `<rect x="${118 + k * 22}" y="${y + 14 + ((k + i) % 2) * 8}" width="18" height="${66 - ((k + i) % 2) * 8}" rx="2" fill="${BODY[(k + i + v) % BODY.length]}"/>`,
            )
            .join('')}`,
      )
      .join(
        '',
      )}<rect x="236" y="112" width="34" height="28" rx="4" fill="#6b4f3a"/><path d="M253 112c-20-30 0-40 8-40 0 16-4 28-8 40z" fill="#3f8f4f"/>`,
  appliance: (c) =>
    `<defs>${shade('shell', c)}<linearGradient id="pot" x1="0" x2="1"><stop offset="0" stop-color="#2a2a2a" stop-opacity="0.9"/><stop offset="1" stop-color="#5a4030" stop-opacity="0.8"/></linearGradient></defs>
<rect x="110" y="70" width="180" height="60" rx="18" fill="url(#shell)"/><rect x="230" y="120" width="60" height="220" rx="14" fill="url(#shell)"/><rect x="110" y="300" width="180" height="44" rx="12" fill="url(#shell)"/>
<rect x="140" y="130" width="16" height="24" fill="#333"/><path d="M125 210h90v70q0 20-20 20h-50q-20 0-20-20z" fill="url(#pot)"/><path d="M215 225q24 0 24 24t-24 24" fill="none" stroke="#333" stroke-width="7"/>
<circle cx="260" cy="100" r="9" fill="#9be7a1"/>`,
  house: (c) =>
    `<defs>${shade('siding', c === '#3c4858' ? '#c7b299' : tint(c, 1.35))}</defs>
<path d="M60 190 200 80l140 110z" fill="${tint(c, 0.65)}"/><rect x="80" y="186" width="240" height="164" fill="url(#siding)"/>
<rect x="176" y="260" width="48" height="90" rx="4" fill="#6b4226"/><circle cx="215" cy="306" r="4" fill="#e0c060"/>
<rect x="100" y="220" width="56" height="48" fill="#bfe0f5" stroke="#fff" stroke-width="6"/><rect x="244" y="220" width="56" height="48" fill="#bfe0f5" stroke="#fff" stroke-width="6"/>
<rect x="270" y="100" width="24" height="50" fill="#8a5a44"/>`,
  guitar: (c) =>
    `<defs>${shade('top', c === '#3c4858' ? '#d49a52' : '#d49a52', 0.7)}</defs>
<rect x="190" y="30" width="20" height="170" fill="#5b3a1e"/><rect x="182" y="20" width="36" height="40" rx="8" fill="#3d2714"/>
<circle cx="200" cy="230" r="62" fill="url(#top)"/><circle cx="200" cy="300" r="54" fill="url(#top)"/><circle cx="200" cy="240" r="18" fill="#2b1a0c"/>
<rect x="176" y="300" width="48" height="10" rx="3" fill="#3d2714"/><path d="M196 60v240M204 60v240" stroke="#e8e0d0" stroke-width="1.5"/><rect x="140" y="220" width="6" height="40" fill="${c}" opacity="0"/>`,
  keyboard: (c) =>
    `<defs>${shade('case', '#2f3238', 0.7)}</defs>
<rect x="30" y="180" width="340" height="120" rx="14" fill="url(#case)"/><rect x="46" y="230" width="308" height="60" fill="#fafafa"/>
${Array.from({ length: 14 }, (_, i) => `<path d="M${46 + i * 22} 230v60" stroke="#c8c8c8" stroke-width="2"/>`).join('')}
${[0, 1, 3, 4, 5, 7, 8, 10, 11, 12].map((i) => `<rect x="${60 + i * 22}" y="230" width="12" height="36" fill="#1a1a1a"/>`).join('')}
<circle cx="80" cy="205" r="10" fill="${c}"/><circle cx="110" cy="205" r="10" fill="#777"/><rect x="250" y="198" width="80" height="14" rx="4" fill="#0b3d2e"/>`,
  controller: (c) =>
    `<defs>${shade('pad', c === '#3c4858' ? '#f1f1f1' : '#f1f1f1', 0.8)}</defs>
<path d="M110 180h180q50 0 62 60l14 70q6 36-26 36-20 0-40-40l-10-20H100l-10 20q-20 40-40 40-32 0-26-36l14-70q12-60 62-60z" fill="url(#pad)"/>
<path d="M110 240h40M130 220v40" stroke="#333" stroke-width="12" stroke-linecap="round"/>
<circle cx="270" cy="220" r="9" fill="${c}"/><circle cx="290" cy="240" r="9" fill="#333"/><circle cx="250" cy="240" r="9" fill="#333"/><circle cx="270" cy="260" r="9" fill="#333"/>
<circle cx="165" cy="280" r="18" fill="#333"/><circle cx="235" cy="280" r="18" fill="#333"/>`,
  tent: (c) =>
    `<defs>${shade('fly', c)}</defs>
<path d="M40 340 200 90l160 250z" fill="url(#fly)"/><path d="M200 90 150 340h100z" fill="${tint(c, 0.55)}"/><path d="M200 90 180 340h40z" fill="#2a2a2a"/>
<path d="M200 90v-20" stroke="#666" stroke-width="5"/><path d="M40 340 20 350M360 340l20 10" stroke="#888" stroke-width="3"/>`,
  tickets: (c, v) =>
    `<g transform="rotate(-8 200 200)"><rect x="70" y="150" width="260" height="110" rx="10" fill="${BODY[(v + 3) % BODY.length]}"/><path d="M250 150v110" stroke="#fff" stroke-width="4" stroke-dasharray="8 8"/><rect x="90" y="175" width="120" height="14" rx="7" fill="#fff" opacity="0.7"/><rect x="90" y="200" width="80" height="10" rx="5" fill="#fff" opacity="0.5"/></g>
<g transform="rotate(6 200 240)"><rect x="80" y="200" width="260" height="110" rx="10" fill="${c}"/><path d="M260 200v110" stroke="#fff" stroke-width="4" stroke-dasharray="8 8"/><rect x="100" y="225" width="120" height="14" rx="7" fill="#fff" opacity="0.7"/><rect x="100" y="250" width="80" height="10" rx="5" fill="#fff" opacity="0.5"/><circle cx="300" cy="255" r="20" fill="#fff" opacity="0.35"/></g>`,
  tire: () =>
    `<defs><radialGradient id="rubber"><stop offset="0.6" stop-color="#3a3a3a"/><stop offset="1" stop-color="#161616"/></radialGradient><radialGradient id="rim"><stop offset="0" stop-color="#f2f4f7"/><stop offset="1" stop-color="#9aa1aa"/></radialGradient></defs>
<circle cx="200" cy="210" r="140" fill="url(#rubber)"/><circle cx="200" cy="210" r="86" fill="url(#rim)"/>
${[0, 72, 144, 216, 288].map((a) => `<path d="M200 210 200 134" transform="rotate(${a} 200 210)" stroke="#7a818b" stroke-width="18" stroke-linecap="round"/>`).join('')}
<circle cx="200" cy="210" r="20" fill="#5a6069"/>${Array.from({ length: 24 }, (_, i) => `<rect x="196" y="72" width="8" height="16" fill="#0e0e0e" transform="rotate(${i * 15} 200 210)"/>`).join('')}`,
  frame: (c, v) =>
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(BODY[(v + 1) % BODY.length]!, 1.5)}"/><stop offset="1" stop-color="#fdf1d6"/></linearGradient></defs>
<rect x="80" y="50" width="240" height="300" fill="#3b2a1d"/><rect x="96" y="66" width="208" height="268" fill="#f7f3ea"/><rect x="116" y="86" width="168" height="228" fill="url(#sky)"/>
<circle cx="240" cy="140" r="22" fill="#ffd56b"/><path d="M116 314V250l50-60 40 44 30-30 48 56v54z" fill="${c}"/><path d="M116 314v-30l60-20 108 30v20z" fill="${tint(c, 0.6)}"/>`,
  aquarium: () =>
    `<defs><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fd3f4"/><stop offset="1" stop-color="#2f7fb5"/></linearGradient></defs>
<rect x="60" y="110" width="280" height="200" rx="6" fill="url(#water)" stroke="#2b2b2b" stroke-width="8"/><rect x="50" y="100" width="300" height="16" rx="4" fill="#2b2b2b"/>
<path d="M64 306c40-20 90-14 140-4s100 4 132-6v10H64z" fill="#e3c88f"/><path d="M110 300c-6-40 10-70 0-110M130 300c10-30-6-60 6-90" stroke="#2e8b57" stroke-width="8" fill="none" stroke-linecap="round"/>
<path d="M220 180q30-20 56 0-26 20-56 0zM276 180l16-12v24z" fill="#ff8c42"/><path d="M170 230q20-14 38 0-18 14-38 0zM208 230l10-8v16z" fill="#ffd23f"/><rect x="60" y="310" width="280" height="40" fill="#3a3a3a"/>`,
  calculator: (c) =>
    `<defs>${shade('case', '#34373d', 0.7)}</defs>
<rect x="120" y="40" width="160" height="300" rx="20" fill="url(#case)"/><rect x="140" y="64" width="120" height="70" rx="6" fill="#b9c9a8"/>
${Array.from({ length: 20 }, (_, i) => `<rect x="${144 + (i % 4) * 30}" y="${152 + Math.floor(i / 4) * 34}" width="22" height="22" rx="5" fill="${i % 4 === 3 ? c : '#5c6068'}"/>`).join('')}`,
  cooler: (c) =>
    `<defs>${shade('shell', c === '#3c4858' ? '#dfe5ea' : tint(c, 1.2))}</defs>
<rect x="70" y="150" width="260" height="180" rx="18" fill="url(#shell)"/><rect x="62" y="130" width="276" height="40" rx="12" fill="${tint(c, 0.85)}"/>
<path d="M140 130v-26h120v26" stroke="#3a3a3a" stroke-width="10" fill="none" stroke-linejoin="round"/><rect x="90" y="190" width="40" height="16" rx="4" fill="#3a3a3a"/><rect x="270" y="190" width="40" height="16" rx="4" fill="#3a3a3a"/>`,
  bike: (c) =>
    `<circle cx="100" cy="270" r="70" fill="none" stroke="#2b2b2b" stroke-width="10"/><circle cx="300" cy="270" r="70" fill="none" stroke="#2b2b2b" stroke-width="10"/>
<circle cx="100" cy="270" r="6" fill="#777"/><circle cx="300" cy="270" r="6" fill="#777"/>
<path d="M100 270 170 170h110l20 100M170 170 200 270 280 170M200 270 100 270" stroke="${c}" stroke-width="12" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
<path d="M170 170l-14-34M140 132h40" stroke="#2b2b2b" stroke-width="10" stroke-linecap="round"/><path d="M280 170l10-40q4-12 24-10" stroke="#2b2b2b" stroke-width="8" fill="none" stroke-linecap="round"/>
<circle cx="200" cy="270" r="16" fill="#555"/>`,
  scooter: (c) =>
    `<defs>${shade('body', c)}</defs>${wheel(110, 300, 46)}${wheel(300, 300, 46)}
<path d="M110 300q0-90 80-90h40l30 90z" fill="url(#body)"/><path d="M230 210l60-90" stroke="#3a3a3a" stroke-width="12" stroke-linecap="round"/><path d="M270 120h50" stroke="#2b2b2b" stroke-width="10" stroke-linecap="round"/>
<rect x="120" y="190" width="100" height="26" rx="13" fill="#2b2b2b"/><path d="M290 120 300 300" stroke="#3a3a3a" stroke-width="10"/><circle cx="300" cy="140" r="12" fill="#ffd56b"/>`,
  box: (c) =>
    `<defs>${shade('lid', c)}</defs>
<path d="M70 170 200 120l130 50-130 50z" fill="${tint(c, 1.35)}"/><path d="M70 170v140l130 50V220z" fill="url(#lid)"/><path d="M330 170v140l-130 50V220z" fill="${tint(c, 0.62)}"/>
<path d="M110 190l80 30v40l-80-30z" fill="#ffffff" opacity="0.45"/><path d="M230 240l70-28" stroke="#ffffff" stroke-opacity="0.5" stroke-width="8" stroke-linecap="round"/>`,
};

/** Where a drawing's lowest point is, when not on the floor line (y = 350): it is set down there. */
const BOTTOM: Partial<Record<Art, number>> = {
  speaker: 320,
  camera: 310,
  laptop: 318,
  dumbbell: 300,
  watch: 360,
  headphones: 310,
  keyboard: 300,
  tickets: 318,
  turntable: 322,
  sneakers: 336,
  car: 330,
  cooler: 330,
  phone: 340,
  mouse: 340,
  calculator: 340,
  screen: 340,
  tent: 340,
  bike: 340,
  shirt: 340,
  jacket: 340,
  box: 360,
  // A drone hovers a little above its shadow.
  drone: 300,
};

/**
 * A listing's photo as SVG: the item's drawing on a wall and a floor with a
 * soft shadow, `w` × `h` pixels, its colours and framing by `variant`.
 */
export function illustrationSvg(art: Art, variant: number, w: number, h: number): string {
  const color = BODY[(ARTS.indexOf(art) + variant * 3) % BODY.length]!;
  const wall = WALLS[(ARTS.indexOf(art) + variant) % WALLS.length]!;
  const floor = FLOORS[(ARTS.indexOf(art) * 2 + variant) % FLOORS.length]!;
  const horizon = Math.round(h * 0.68);
  // The object fills most of the shorter side; later photos come closer.
  const size = Math.min(w, h) * (variant === 0 ? 0.86 : 0.92);
  const x = (w - size) / 2 + (variant === 2 ? w * 0.06 : 0);
  const scale = size / 400;
  const floorY = horizon + (h - horizon) * 0.45;
  const y = floorY - (BOTTOM[art] ?? 350) * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(wall, 1.2)}"/><stop offset="1" stop-color="${tint(wall, 0.93)}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(floor, 0.9)}"/><stop offset="1" stop-color="${tint(floor, 1.1)}"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#wall)"/><rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#floor)"/>
<rect y="${horizon - 6}" width="${w}" height="8" fill="${tint(wall, 0.8)}"/>
<ellipse cx="${x + size / 2}" cy="${floorY}" rx="${size * 0.46}" ry="${size * 0.06}" fill="url(#shadow)"/>
<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})">${DRAW[art](color, variant)}</g>
<rect width="${w}" height="${h}" fill="url(#light)"/>
</svg>`;
}
