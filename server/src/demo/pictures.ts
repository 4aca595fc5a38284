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

const BACKGROUNDS = [
  ["#fde8d7", "#f8c9a4"],
  ["#dff1ff", "#b9dcf7"],
  ["#e6f5e6", "#c0e3c3"],
  ["#f3e8fb", "#dcc4ef"],
  ["#fff6d6", "#f7e29b"],
  ["#e8ecef", "#cdd5dc"],
];

/** An 800×600 SVG drawing for a category; `variant` changes the background and the tilt. */
export function demoPictureSvg(category: Category, variant: number): string {
  const [from, to] = BACKGROUNDS[variant % BACKGROUNDS.length] ?? ["#fff", "#eee"];
  const tilt = ((variant % 3) - 1) * 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6ec6ff"/><stop offset="1" stop-color="#2b6cb0"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <ellipse cx="400" cy="520" rx="260" ry="26" fill="#000" opacity="0.08"/>
  <g transform="rotate(${tilt} 400 300)">${DRAWINGS[category]}</g>
</svg>`;
}
