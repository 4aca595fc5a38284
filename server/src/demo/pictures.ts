import type { Category } from "@xianzhi/contract";

/** Simple flat drawings, one per category, so demo goods have real pictures without shipping photos. */
const DRAWINGS: Record<Category, string> = {
  phones: `<rect x="300" y="120" width="200" height="360" rx="32" fill="#222"/><rect x="316" y="150" width="168" height="290" rx="8" fill="url(#screen)"/><circle cx="400" cy="460" r="10" fill="#555"/>`,
  computers: `<rect x="210" y="150" width="380" height="240" rx="14" fill="#2b2f36"/><rect x="228" y="168" width="344" height="204" fill="url(#screen)"/><path d="M170 400 H630 L600 440 H200 Z" fill="#9aa3ad"/>`,
  digital: `<rect x="220" y="200" width="360" height="230" rx="26" fill="#30343b"/><rect x="270" y="170" width="90" height="40" rx="8" fill="#30343b"/><circle cx="400" cy="315" r="85" fill="#0f1114"/><circle cx="400" cy="315" r="55" fill="url(#screen)"/><circle cx="530" cy="235" r="12" fill="#f5c542"/>`,
  appliances: `<rect x="260" y="110" width="280" height="380" rx="20" fill="#eef1f4" stroke="#b8c0c8" stroke-width="6"/><circle cx="400" cy="330" r="100" fill="#cfd8e0" stroke="#8c98a4" stroke-width="10"/><circle cx="400" cy="330" r="70" fill="url(#screen)"/><rect x="290" y="140" width="120" height="24" rx="6" fill="#b8c0c8"/>`,
  furniture: `<rect x="200" y="260" width="400" height="120" rx="30" fill="#8d5a3b"/><rect x="230" y="180" width="340" height="110" rx="26" fill="#a86f4c"/><rect x="170" y="250" width="60" height="150" rx="22" fill="#7a4a2f"/><rect x="570" y="250" width="60" height="150" rx="22" fill="#7a4a2f"/><rect x="230" y="380" width="24" height="50" fill="#5b3620"/><rect x="546" y="380" width="24" height="50" fill="#5b3620"/>`,
  clothing: `<path d="M310 130 L250 160 L180 240 L240 290 L280 250 L280 470 H520 L520 250 L560 290 L620 240 L550 160 L490 130 Q400 190 310 130 Z" fill="#e25d5d"/>`,
  books: `<rect x="230" y="360" width="340" height="60" rx="8" fill="#3a6ea5"/><rect x="250" y="300" width="310" height="60" rx="8" fill="#d9a441"/><rect x="220" y="240" width="330" height="60" rx="8" fill="#4f9a6b"/><rect x="260" y="180" width="290" height="60" rx="8" fill="#b4545b"/>`,
  sports: `<circle cx="400" cy="300" r="150" fill="#f28c28"/><path d="M250 300 H550 M400 150 V450" stroke="#3a2410" stroke-width="8"/><path d="M295 195 Q400 300 295 405 M505 195 Q400 300 505 405" stroke="#3a2410" stroke-width="8" fill="none"/>`,
  beauty: `<rect x="330" y="220" width="140" height="240" rx="30" fill="#f3b6c7"/><rect x="360" y="150" width="80" height="80" rx="10" fill="#c45a7c"/><rect x="350" y="300" width="100" height="60" rx="8" fill="#fff" opacity="0.7"/>`,
  kids: `<circle cx="400" cy="330" r="120" fill="#c8935a"/><circle cx="300" cy="210" r="50" fill="#c8935a"/><circle cx="500" cy="210" r="50" fill="#c8935a"/><circle cx="400" cy="250" r="90" fill="#d8a66c"/><circle cx="365" cy="235" r="10" fill="#2a1b0e"/><circle cx="435" cy="235" r="10" fill="#2a1b0e"/><ellipse cx="400" cy="275" rx="22" ry="15" fill="#2a1b0e"/>`,
  games: `<rect x="200" y="230" width="400" height="170" rx="85" fill="#3d3f58"/><rect x="275" y="285" width="20" height="60" fill="#eee"/><rect x="255" y="305" width="60" height="20" fill="#eee"/><circle cx="500" cy="295" r="16" fill="#e25d5d"/><circle cx="540" cy="330" r="16" fill="#4f9a6b"/><circle cx="460" cy="330" r="16" fill="#3a6ea5"/>`,
  other: `<rect x="250" y="240" width="300" height="220" rx="12" fill="#e2a03f"/><rect x="230" y="190" width="340" height="70" rx="10" fill="#f0b458"/><rect x="385" y="190" width="30" height="270" fill="#c0392b"/><path d="M400 190 Q330 110 300 170 Q340 200 400 190 Q470 110 500 170 Q460 200 400 190 Z" fill="#c0392b"/>`,
};

/** Drawings of particular things, for demo goods their category's drawing would not show. */
const THINGS = {
  keyboard: `<rect x="160" y="220" width="480" height="170" rx="18" fill="#3b3f46"/>${[0, 1, 2]
    .map((row) =>
      Array.from(
        { length: 10 },
        (_, i) => `<rect x="${184 + i * 44}" y="${240 + row * 44}" width="36" height="34" rx="6" fill="#e9ecef"/>`,
      ).join(""),
    )
    .join("")}<rect x="270" y="372" width="260" height="10" rx="5" fill="#e9ecef"/>`,
  earbuds: `<rect x="280" y="230" width="240" height="180" rx="80" fill="#f7f8fa" stroke="#c9d0d8" stroke-width="6"/><path d="M282 300 H518" stroke="#c9d0d8" stroke-width="5"/><circle cx="400" cy="350" r="8" fill="#7bd389"/><path d="M330 150 q-40 10 -30 60 q10 30 40 20 v80 h22 v-110 q0 -50 -32 -50 Z" fill="#fff" stroke="#c9d0d8" stroke-width="5"/><path d="M470 150 q40 10 30 60 q-10 30 -40 20 v80 h-22 v-110 q0 -50 32 -50 Z" fill="#fff" stroke="#c9d0d8" stroke-width="5"/>`,
  ereader: `<rect x="290" y="110" width="220" height="380" rx="22" fill="#1f2328"/><rect x="310" y="140" width="180" height="310" rx="4" fill="#ecebe4"/>${[
    0, 1, 2, 3, 4, 5, 6, 7,
  ]
    .map(
      (i) => `<rect x="330" y="${170 + i * 32}" width="${i % 3 === 2 ? 100 : 140}" height="8" rx="4" fill="#9a9a94"/>`,
    )
    .join("")}`,
  hairdryer: `<rect x="230" y="200" width="280" height="130" rx="65" fill="#c2417a"/><circle cx="510" cy="265" r="82" fill="#a8326a"/><circle cx="510" cy="265" r="46" fill="#5b1a3a"/><rect x="300" y="300" width="70" height="190" rx="30" fill="#c2417a"/><rect x="195" y="235" width="50" height="60" rx="10" fill="#e6a4c2"/>`,
  blender: `<rect x="320" y="400" width="160" height="80" rx="14" fill="#2f3640"/><circle cx="400" cy="440" r="16" fill="#e1b12c"/><path d="M315 160 H485 L460 400 H340 Z" fill="#cfe8f7" opacity="0.85" stroke="#7fa8c4" stroke-width="6"/><rect x="305" y="130" width="190" height="36" rx="10" fill="#2f3640"/><path d="M360 330 L440 300 M360 300 L440 330" stroke="#7fa8c4" stroke-width="8"/>`,
  desk: `<rect x="160" y="220" width="480" height="40" rx="6" fill="#b07a4f"/><rect x="180" y="260" width="30" height="210" fill="#8a5a36"/><rect x="590" y="260" width="30" height="210" fill="#8a5a36"/><rect x="440" y="260" width="150" height="110" fill="#a06a43"/><rect x="500" y="305" width="30" height="8" rx="4" fill="#e8c9a8"/><rect x="250" y="150" width="110" height="70" rx="6" fill="#3a6ea5"/>`,
  chair: `<rect x="300" y="110" width="200" height="200" rx="40" fill="#34495e"/><rect x="280" y="300" width="240" height="50" rx="20" fill="#2c3e50"/><rect x="390" y="350" width="20" height="90" fill="#7f8c8d"/><path d="M300 470 L400 440 L500 470" stroke="#7f8c8d" stroke-width="14" fill="none" stroke-linecap="round"/><circle cx="300" cy="480" r="14" fill="#222"/><circle cx="500" cy="480" r="14" fill="#222"/><circle cx="400" cy="485" r="14" fill="#222"/>`,
  jacket: `<path d="M320 120 L240 160 L190 300 L180 460 H260 L270 300 L280 480 H520 L530 300 L540 460 H620 L610 300 L560 160 L480 120 Q400 170 320 120 Z" fill="#5b7db1"/>${[
    0, 1, 2, 3,
  ]
    .map((i) => `<path d="M282 ${215 + i * 70} H518" stroke="#46679a" stroke-width="6"/>`)
    .join("")}<path d="M400 150 V480" stroke="#e8edf5" stroke-width="6"/>`,
  sneaker: `<path d="M180 380 Q200 260 300 250 L380 300 Q470 330 560 340 Q630 350 630 400 V420 H180 Z" fill="#f5f5f5" stroke="#c8c8c8" stroke-width="6"/><path d="M180 410 H630 V440 Q630 450 620 450 H190 Q180 450 180 440 Z" fill="#e0e0e0"/><path d="M330 330 Q430 310 520 360" stroke="#1f1f1f" stroke-width="16" fill="none" stroke-linecap="round"/><path d="M300 270 L340 300 M320 260 L360 290" stroke="#9e9e9e" stroke-width="6"/>`,
  backpack: `<rect x="270" y="160" width="260" height="320" rx="70" fill="#7a4a2f"/><rect x="300" y="320" width="200" height="130" rx="24" fill="#8d5a3b"/><path d="M340 170 Q400 90 460 170" stroke="#5b3620" stroke-width="18" fill="none"/><rect x="385" y="350" width="30" height="14" rx="4" fill="#d9b38c"/>`,
  pen: `<g transform="rotate(-35 400 300)"><rect x="200" y="270" width="330" height="60" rx="30" fill="#2b4c7e"/><rect x="470" y="270" width="40" height="60" fill="#c9a227"/><path d="M530 275 L620 300 L530 325 Z" fill="#c9a227"/><path d="M560 300 H620" stroke="#333" stroke-width="3"/><rect x="240" y="258" width="150" height="12" rx="6" fill="#c9a227"/></g>`,
  bicycle: `<circle cx="250" cy="380" r="100" fill="none" stroke="#2d3436" stroke-width="16"/><circle cx="550" cy="380" r="100" fill="none" stroke="#2d3436" stroke-width="16"/><path d="M250 380 L340 250 H500 L550 380 M340 250 L420 380 H250 M500 250 L420 380" stroke="#0984e3" stroke-width="14" fill="none" stroke-linejoin="round"/><path d="M320 230 H370 M500 250 L490 200 H530" stroke="#2d3436" stroke-width="14" stroke-linecap="round" fill="none"/>`,
  yogamat: `<rect x="180" y="330" width="380" height="120" rx="20" fill="#8e6fd6"/><circle cx="560" cy="330" r="110" fill="#8e6fd6"/><circle cx="560" cy="330" r="80" fill="#a78be8"/><circle cx="560" cy="330" r="45" fill="#8e6fd6"/><circle cx="560" cy="330" r="14" fill="#6c4fc0"/>`,
  toothbrush: `<rect x="370" y="200" width="60" height="290" rx="30" fill="#f4f6f8" stroke="#cfd6dd" stroke-width="6"/><rect x="385" y="110" width="30" height="100" rx="12" fill="#f4f6f8" stroke="#cfd6dd" stroke-width="6"/><rect x="380" y="120" width="40" height="40" rx="8" fill="#74b9ff"/><circle cx="400" cy="300" r="14" fill="#0984e3"/><rect x="330" y="470" width="140" height="30" rx="12" fill="#dfe6e9"/>`,
  stroller: `<path d="M250 200 Q250 330 380 330 H540 L500 200 Z" fill="#e17055"/><path d="M250 200 Q330 120 430 200 Z" fill="#d35400"/><path d="M380 330 L330 440 M500 330 L540 440 M540 200 L600 140 H640" stroke="#2d3436" stroke-width="12" fill="none" stroke-linecap="round"/><circle cx="320" cy="450" r="34" fill="#2d3436"/><circle cx="550" cy="450" r="34" fill="#2d3436"/>`,
  bricks: `<rect x="230" y="300" width="340" height="150" rx="10" fill="#d63031"/>${[0, 1, 2, 3]
    .map((i) => `<rect x="${255 + i * 82}" y="268" width="58" height="34" rx="8" fill="#e74c3c"/>`)
    .join("")}<rect x="300" y="190" width="200" height="110" rx="10" fill="#fdcb6e"/>${[0, 1]
    .map((i) => `<rect x="${325 + i * 90}" y="160" width="60" height="32" rx="8" fill="#ffd98a"/>`)
    .join("")}`,
  boardgame: `${[
    [330, 230, "#e1b12c"],
    [470, 230, "#44bd32"],
    [260, 350, "#c23616"],
    [400, 350, "#e1b12c"],
    [540, 350, "#8c7ae6"],
    [330, 470, "#44bd32"],
    [470, 470, "#c23616"],
  ]
    .map(
      ([x, y, color]) =>
        `<polygon points="${[0, 1, 2, 3, 4, 5].map((k) => `${Number(x) + 70 * Math.cos((Math.PI / 3) * k + Math.PI / 6)},${Number(y) - 60 + 70 * Math.sin((Math.PI / 3) * k + Math.PI / 6)}`).join(" ")}" fill="${color}" stroke="#f5f0e1" stroke-width="6"/>`,
    )
    .join("")}`,
  tent: `<path d="M170 460 L400 140 L630 460 Z" fill="#27ae60"/><path d="M400 140 L480 460 H630 Z" fill="#1e8449"/><path d="M340 460 L400 300 L460 460 Z" fill="#145a32"/><path d="M150 460 H650" stroke="#6d4c41" stroke-width="10"/>`,
  plant: `<path d="M300 360 H500 L470 480 H330 Z" fill="#c0643b"/><rect x="290" y="340" width="220" height="34" rx="8" fill="#d87a4e"/>${[
    [-60, 60],
    [-25, 80],
    [0, 95],
    [25, 80],
    [60, 60],
  ]
    .map(
      ([angle, length]) =>
        `<ellipse cx="400" cy="${340 - Number(length)}" rx="34" ry="${length}" fill="#6ab04c" transform="rotate(${angle} 400 340)"/>`,
    )
    .join("")}`,
  guitar: `<g transform="rotate(-30 400 300)"><circle cx="400" cy="400" r="110" fill="#d19a5b"/><circle cx="400" cy="290" r="85" fill="#d19a5b"/><circle cx="400" cy="330" r="32" fill="#3b2412"/><rect x="385" y="60" width="30" height="260" fill="#5b3a1e"/><rect x="372" y="30" width="56" height="60" rx="10" fill="#3b2412"/><rect x="360" y="440" width="80" height="14" rx="4" fill="#3b2412"/></g>`,
} as const;
export type DemoThing = keyof typeof THINGS;

const BACKGROUNDS = [
  ["#fde8d7", "#f8c9a4"],
  ["#dff1ff", "#b9dcf7"],
  ["#e6f5e6", "#c0e3c3"],
  ["#f3e8fb", "#dcc4ef"],
  ["#fff6d6", "#f7e29b"],
  ["#e8ecef", "#cdd5dc"],
];

/**
 * An 800×600 SVG drawing of a thing, or else of its category; `variant` changes the background
 * and the tilt.
 */
export function demoPictureSvg(category: Category, variant: number, thing?: DemoThing): string {
  const [from, to] = BACKGROUNDS[variant % BACKGROUNDS.length] ?? ["#fff", "#eee"];
  const tilt = ((variant % 3) - 1) * 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6ec6ff"/><stop offset="1" stop-color="#2b6cb0"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <ellipse cx="400" cy="520" rx="260" ry="26" fill="#000" opacity="0.08"/>
  <g transform="rotate(${tilt} 400 300)">${thing ? THINGS[thing] : DRAWINGS[category]}</g>
</svg>`;
}
