import { fromLinear, mapRgb, parseHex, toHex, toLinear } from './color';

/**
 * How a colour looks to people with a colour-vision deficiency, and how far apart two colours are
 * to the eye. The theme's tests use it to check the dot chart's status colours stay apart.
 */

export type Vision = 'normal' | 'deuteranopia' | 'protanopia' | 'tritanopia';

/**
 * Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
 * Vision Deficiency", severity 1.0 (dichromacy: the strongest form), applied in linear RGB.
 */
const MATRICES: Record<Exclude<Vision, 'normal'>, readonly number[]> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

/** The colour as someone with the given vision sees it (as an sRGB colour for normal vision). */
export function simulate(hex: string, vision: Vision): string {
  if (vision === 'normal') return hex.toLowerCase();
  const m = MATRICES[vision];
  const [r, g, b] = mapRgb(parseHex(hex), toLinear);
  const row = (i: number) =>
    fromLinear(Math.min(1, Math.max(0, (m[i] ?? 0) * r + (m[i + 1] ?? 0) * g + (m[i + 2] ?? 0) * b)));
  return toHex([row(0), row(3), row(6)]);
}

export type Lab = readonly [number, number, number];

/** CIELAB (D65) of an sRGB colour. */
export function toLab(hex: string): Lab {
  const [r, g, b] = mapRgb(parseHex(hex), toLinear);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => {
  const d = (r * 180) / Math.PI;
  return d < 0 ? d + 360 : d;
};

/**
 * CIEDE2000 colour difference (Sharma, Wu & Dalal 2005). About 1 is just noticeable side by side;
 * small marks like chart dots need much more, 10 and over, to be told apart at a glance.
 */
export function deltaE2000(hexA: string, hexB: string): number {
  return deltaE2000Lab(toLab(hexA), toLab(hexB));
}

/** CIEDE2000 of two CIELAB colours. */
export function deltaE2000Lab([L1, a1, b1]: Lab, [L2, a2, b2]: Lab): number {
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cbar7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cbar7 / (Cbar7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const h1p = C1p === 0 ? 0 : deg(Math.atan2(b1, a1p));
  const h2p = C2p === 0 ? 0 : deg(Math.atan2(b2, a2p));
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(rad(dhp / 2));
  const Lbarp = (L1 + L2) / 2;
  const Cbarp = (C1p + C2p) / 2;
  let hbarp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hbarp = (h1p + h2p) / 2;
    else hbarp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos(rad(hbarp - 30)) +
    0.24 * Math.cos(rad(2 * hbarp)) +
    0.32 * Math.cos(rad(3 * hbarp + 6)) -
    0.2 * Math.cos(rad(4 * hbarp - 63));
  const dTheta = 30 * Math.exp(-(((hbarp - 275) / 25) ** 2));
  const Cbarp7 = Cbarp ** 7;
  const Rc = 2 * Math.sqrt(Cbarp7 / (Cbarp7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lbarp - 50) ** 2) / Math.sqrt(20 + (Lbarp - 50) ** 2);
  const Sc = 1 + 0.045 * Cbarp;
  const Sh = 1 + 0.015 * Cbarp * T;
  const Rt = -Math.sin(rad(2 * dTheta)) * Rc;
  return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh));
}
